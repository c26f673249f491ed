/**
 * `/tasks/:id`: one task — its title, its status, what is holding it (the decisions, tasks
 * and reasons blocking it, each decision a link into the queue) and its escalation feed — so
 * the E16 outcome line's Open Task ↗ (§6.5) lands on something real. Reads
 * `GET /api/v1/tasks/:id`, each blocking decision and task for its words, and the task's
 * escalations.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task, TaskBlocker } from '../../../domain/task';
import { AppLink } from '../components/app-link';
import { EscalationFeed } from '../components/escalation-feed';
import { api, ApiError } from '../http-client';
import type { DecisionView, Escalation } from '../types';
import { PageFrame, When, type Loaded } from './page-frame';

/** What a blocker's ref names, when it can be read: a decision's question, a task's title. */
type Named = Record<string, { text: string; status: string } | undefined>;

type TaskRead = { task: Task; named: Named; escalations: Escalation[] | null };

async function readTask(id: string): Promise<TaskRead> {
  const { task } = await api<{ task: Task }>(`/api/v1/tasks/${encodeURIComponent(id)}`);
  // The feed stands on its own: if it cannot be read, the page says so there.
  const escalations = api<{ escalations: Escalation[] }>(`/api/v1/escalations?task=${encodeURIComponent(id)}&limit=200`).then(
    (body) => body.escalations,
    () => null,
  );
  const named: Named = {};
  await Promise.all(
    task.blockers.map(async (blocker) => {
      if (blocker.kind === 'decision') {
        const read = await api<{ decision: DecisionView }>(`/api/v1/decisions/${encodeURIComponent(blocker.ref)}`).catch(() => null);
        if (read) named[blocker.ref] = { text: read.decision.question, status: read.decision.status };
      } else if (blocker.kind === 'task') {
        const read = await api<{ task: Task }>(`/api/v1/tasks/${encodeURIComponent(blocker.ref)}`).catch(() => null);
        if (read) named[blocker.ref] = { text: read.task.title, status: read.task.status };
      }
    }),
  );
  return { task, named, escalations: await escalations };
}

export function TaskPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<TaskRead>>({ state: 'loading' });
  useEffect(() => {
    readTask(id).then(
      (value) => setLoaded({ state: 'ready', value }),
      (error: unknown) => setLoaded({ state: error instanceof ApiError && error.problem.status === 404 ? 'missing' : 'failed' }),
    );
  }, [id]);

  const title = loaded.state === 'ready' ? loaded.value.task.title : t('task.title');
  return (
    <PageFrame title={title} loaded={loaded.state}>
      {loaded.state === 'ready' && <TaskBody task={loaded.value.task} named={loaded.value.named} />}
      {loaded.state === 'ready' && <EscalationFeed escalations={loaded.value.escalations} />}
    </PageFrame>
  );
}

function TaskBody({ task, named }: { task: Task; named: Named }) {
  const { t } = useTranslation();
  const status = t(`task.statuses.${task.status}`);
  const holding = task.blockers.filter((blocker) => !blocker.resolvedAt);
  const cleared = task.blockers.filter((blocker) => blocker.resolvedAt);
  return (
    <>
      <dl className="facts">
        <dt>{t('task.status')}</dt>
        <dd data-testid="task-status">
          {task.statusBeforeBlocked && task.status === 'blocked'
            ? t('task.statusLine', { status, before: t(`task.statuses.${task.statusBeforeBlocked}`) })
            : status}
        </dd>
        <dt>{t('task.updated')}</dt>
        <dd><When at={task.updatedAt} /></dd>
      </dl>
      <p>
        <AppLink href={`/decisions?task=${encodeURIComponent(task.id)}`}>{t('task.openInQueue')}</AppLink>
      </p>
      <section aria-labelledby="task-holding">
        <h2 id="task-holding">{t('task.holding')}</h2>
        {holding.length === 0 ? (
          <p>{t('task.holdingNone')}</p>
        ) : (
          <ul data-testid="blockers">
            {holding.map((blocker) => <li key={blocker.id}><Blocker blocker={blocker} named={named} /></li>)}
          </ul>
        )}
      </section>
      {cleared.length > 0 && (
        <section aria-labelledby="task-cleared">
          <h2 id="task-cleared">{t('task.cleared')}</h2>
          <ul data-testid="cleared">
            {cleared.map((blocker) => (
              <li key={blocker.id}>
                <Blocker blocker={blocker} named={named} /> <span className="help"><When at={blocker.resolvedAt} /></span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Blocker({ blocker, named }: { blocker: TaskBlocker; named: Named }) {
  const { t } = useTranslation();
  const name = named[blocker.ref];
  if (blocker.kind === 'other') return <>{blocker.ref}</>;
  if (blocker.kind === 'task') {
    return (
      <AppLink href={`/tasks/${encodeURIComponent(blocker.ref)}`}>
        {name ? t('task.namedLine', { question: name.text, status: t(`task.statuses.${name.status}`) }) : t('task.otherTask', { id: blocker.ref })}
      </AppLink>
    );
  }
  return (
    <AppLink href={`/decisions?id=${encodeURIComponent(blocker.ref)}`}>
      {name ? t('task.namedLine', { question: name.text, status: t(`task.decisionStatuses.${name.status}`) }) : t('task.decision', { id: blocker.ref })}
    </AppLink>
  );
}
