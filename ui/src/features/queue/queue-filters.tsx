/**
 * Filters by agent, task, mission, ask kind and a search over the summary (FR-5). The search
 * follows the typing: a pause of SEARCH_PAUSE_MS reads the list (Enter does at once), and a
 * polite live region says how many match once the read lands. Below 768 px the four menus fold
 * behind one "Filters" control, which says how many are set, so the list starts on the first
 * screen; wider, they sit beside the search and the control is not shown. Before them, whom the
 * queue is for: "For me" (mine, my teams', nobody's; where it opens) or Everyone (issue 41 item 1).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AskKind } from '../../../../domain/ask';
import { useFilterChoices } from './queue-queries';
import type { Filters } from './query';

const MENUS = ['agent', 'task', 'mission'] as const;

/** Long enough that a word typed at speed is one read, short enough to feel immediate. */
export const SEARCH_PAUSE_MS = 300;

export function QueueFilters({
  filters,
  onChange,
  matched,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** How many decisions the search matched, once the read for the words on screen has landed. */
  matched: number | null;
}) {
  const { t } = useTranslation();
  // A missing list only empties its menu; the queue itself does not depend on it.
  const choices = useFilterChoices();
  const [search, setSearch] = useState(filters.q ?? '');
  const [open, setOpen] = useState(false);
  const menusId = useId();
  const chosen = [...MENUS, 'kind' as const].filter((key) => filters[key] !== undefined).length;

  const pick = (key: 'agent' | 'task' | 'mission' | 'q', value: string) => onChange({ ...filters, [key]: value || undefined });
  const setKind = (value: string) => onChange({ ...filters, kind: AskKind.find((kind) => kind === value) });
  const submit = (event: FormEvent) => (event.preventDefault(), pick('q', search.trim()));

  // Search as you type. The latest filters and handler are read when the pause ends, so a
  // redraw of the page in between neither restarts the wait nor applies an old filter.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    const words = search.trim();
    if (words === (latest.current.filters.q ?? '')) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, q: words || undefined }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const query = filters.q ?? '';
  const said = query && matched !== null && query === search.trim() ? t('filters.matches', { count: matched, query }) : '';

  return (
    <form className="filters" role="search" onSubmit={submit}>
      <div className="audience" role="group" aria-label={t('filters.audience')}>
        {(['me', 'everyone'] as const).map((audience) => (
          <button
            key={audience}
            type="button"
            className="small"
            data-audience={audience}
            aria-pressed={(filters.for ?? 'me') === audience}
            onClick={() => onChange({ ...filters, for: audience === 'me' ? undefined : audience })}
          >
            {t(`filters.for.${audience}`)}
          </button>
        ))}
      </div>
      <label>
        <span className="visually-hidden">{t('filters.search')}</span>
        <input type="search" placeholder={t('filters.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="search-count">
        {said}
      </p>
      <button
        type="button"
        className="filters-toggle"
        aria-expanded={open}
        aria-controls={menusId}
        data-testid="filters-toggle"
        onClick={() => setOpen(!open)}
      >
        {chosen > 0 ? t('filters.toggleSet', { count: chosen }) : t('filters.toggle')}
      </button>
      {filters.answeredBy ? (
        // Issue 42 item 6: set by a link from a rule, so it has no menu; one press shows every answer again.
        <button
          type="button"
          className="small"
          aria-pressed="true"
          data-testid="answered-by-filter"
          title={t('filters.showEveryAnswer')}
          onClick={() => onChange({ ...filters, answeredBy: undefined })}
        >
          {t('filters.answeredByRule', { id: filters.answeredBy.slice('rule:'.length) })}
        </button>
      ) : null}
      <div className="filter-menus" id={menusId} data-open={open}>
        {MENUS.map((key) => (
          <label key={key}>
            <span className="visually-hidden">{t(`filters.${key}`)}</span>
            <select value={filters[key] ?? ''} onChange={(e) => pick(key, e.target.value)}>
              <option value="">{t(`filters.${key}`)}</option>
              {choices[key].map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          <span className="visually-hidden">{t('filters.kind')}</span>
          <select value={filters.kind ?? ''} onChange={(e) => setKind(e.target.value)}>
            <option value="">{t('filters.kind')}</option>
            {AskKind.map((kind) => (
              <option key={kind} value={kind}>
                {t(`filters.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </form>
  );
}
