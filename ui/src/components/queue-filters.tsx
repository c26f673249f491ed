/** Filters by agent, task, mission, ask kind and a search over the summary (FR-5). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AskKind } from '../../../domain/ask';
import { useFilterChoices } from '../queries/queue';
import type { Filters } from '../queue/query';

export function QueueFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useTranslation();
  // A missing list only empties its menu; the queue itself does not depend on it.
  const choices = useFilterChoices();
  const [search, setSearch] = useState(filters.q ?? '');

  const set = (key: 'agent' | 'task' | 'mission' | 'q', value: string) => onChange({ ...filters, [key]: value || undefined });
  const setKind = (value: string) => onChange({ ...filters, kind: AskKind.find((kind) => kind === value) });
  const submit = (event: FormEvent) => (event.preventDefault(), set('q', search.trim()));

  return (
    <form className="filters" role="search" onSubmit={submit}>
      <label>
        <span className="visually-hidden">{t('filters.search')}</span>
        <input type="search" placeholder={t('filters.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {(['agent', 'task', 'mission'] as const).map((key) => (
        <label key={key}>
          <span className="visually-hidden">{t(`filters.${key}`)}</span>
          <select value={filters[key] ?? ''} onChange={(e) => set(key, e.target.value)}>
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
    </form>
  );
}
