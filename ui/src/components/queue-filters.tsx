/** Filters by agent, task, mission, ask kind and a search over the summary (FR-5). */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../http-client';
import type { Filters } from '../queue/query';

type Named = { id: string; name?: string; title?: string };
const KINDS = ['decision', 'approval', 'fact', 'access', 'action'] as const;

export function QueueFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<{ agent: Named[]; task: Named[]; mission: Named[] }>({ agent: [], task: [], mission: [] });
  const [search, setSearch] = useState(filters.q ?? '');

  useEffect(() => {
    // A missing list only empties its menu; the queue itself does not depend on it.
    const list = (path: string, key: string) => api<Record<string, Named[]>>(path).then((body) => body[key] ?? [], () => []);
    void Promise.all([list('/api/v1/agents', 'agents'), list('/api/v1/tasks', 'tasks'), list('/api/v1/missions', 'missions')]).then(
      ([agent, task, mission]) => setChoices({ agent, task, mission }),
    );
  }, []);

  const set = (key: keyof Filters, value: string) => onChange({ ...filters, [key]: value || undefined });
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
              <option key={item.id} value={item.id}>{item.name ?? item.title ?? item.id}</option>
            ))}
          </select>
        </label>
      ))}
      <label>
        <span className="visually-hidden">{t('filters.kind')}</span>
        <select value={filters.kind ?? ''} onChange={(e) => set('kind', e.target.value)}>
          <option value="">{t('filters.kind')}</option>
          {KINDS.map((kind) => <option key={kind} value={kind}>{t(`filters.kinds.${kind}`)}</option>)}
        </select>
      </label>
    </form>
  );
}
