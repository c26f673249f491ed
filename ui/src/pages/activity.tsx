/**
 * `/activity`: the workspace's history, newest first (`GET /api/v1/activity`), fifty at a
 * time with Load older; each subject links to its page where it has one.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry as Entry } from '../../../domain/activity';
import { ActivityEntry, type Names } from '../components/activity-entry';
import { api } from '../http-client';
import type { Agent } from '../types';
import { PageFrame, type Loaded } from './page-frame';

const PAGE = 50;

type History = { entries: Entry[]; more: boolean; names: Names };

const readEntries = (before?: number) =>
  api<{ activity: Entry[] }>(`/api/v1/activity?limit=${PAGE}${before ? `&before=${before}` : ''}`).then((body) => body.activity);

async function readHistory(me: string | null): Promise<History> {
  const [entries, agents, tasks] = await Promise.all([
    readEntries(),
    // Names only; without them a line shows the id.
    api<{ agents: Agent[] }>('/api/v1/agents?limit=500').then((body) => body.agents, () => []),
    api<{ tasks: Array<{ id: string; title: string }> }>('/api/v1/tasks?limit=200').then((body) => body.tasks, () => []),
  ]);
  return {
    entries,
    more: entries.length === PAGE,
    names: {
      me,
      agents: Object.fromEntries(agents.map((agent) => [agent.id, agent.name])),
      tasks: Object.fromEntries(tasks.map((task) => [task.id, task.title])),
    },
  };
}

export function ActivityPage({ me }: { me: string | null }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<History>>({ state: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    readHistory(me).then((value) => setLoaded({ state: 'ready', value }), () => setLoaded({ state: 'failed' }));
  }, [me]);

  async function loadOlder(history: History) {
    setProblem(null);
    try {
      const older = await readEntries(history.entries.at(-1)?.seq);
      setLoaded({ state: 'ready', value: { ...history, entries: [...history.entries, ...older], more: older.length === PAGE } });
    } catch {
      setProblem(t('activity.failed'));
    }
  }

  return (
    <PageFrame title={t('activity.title')} loaded={loaded.state} className="activity">
      {loaded.state === 'ready' && (
        <>
          <p className="subtitle">{t('activity.subtitle')}</p>
          {loaded.value.entries.length === 0 ? (
            <p>{t('activity.none')}</p>
          ) : (
            <ol className="activity-list">
              {loaded.value.entries.map((entry) => <ActivityEntry key={entry.seq} entry={entry} names={loaded.value.names} />)}
            </ol>
          )}
          {problem && <p role="alert">{problem}</p>}
          {loaded.value.more && (
            <button type="button" className="load-more" onClick={() => void loadOlder(loaded.value)}>{t('activity.loadOlder')}</button>
          )}
        </>
      )}
    </PageFrame>
  );
}
