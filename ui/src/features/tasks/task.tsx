/**
 * `/tasks/:id`: one task — its title, its status, what is holding it (the decisions, tasks
 * and reasons blocking it, each decision a link into the queue) and its escalation feed — so
 * the E16 outcome line's Open Task ↗ (§6.5) lands on something real. Reads
 * `GET /api/v1/tasks/:id`, each blocking decision and task for its words, and the task's
 * escalations.
 */
import { useTranslation } from 'react-i18next';
import type { Task, TaskBlocker } from '../../../../domain/task';
import { AppLink } from '../../shared/app-link';
import { EscalationFeed } from './escalation-feed';
import { pageStateOf } from '../../shared/page-state';
import { useTaskPage, type Named } from './work-pages';
import { PageFrame, When } from '../../shared/page-frame';

export function TaskPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const read = useTaskPage(id);
  const title = read.data ? read.data.task.title : t('task.title');
  return (
    <PageFrame title={title} loaded={pageStateOf(read)}>
      {read.data && <TaskBody task={read.data.task} named={read.data.named} />}
      {read.data && <EscalationFeed escalations={read.data.escalations} />}
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
          {task.statusBeforeBlocked && task.status === 'blocked' ? t(`task.blockedLine.${task.statusBeforeBlocked}`) : status}
        </dd>
        <dt>{t('task.updated')}</dt>
        <dd>
          <When at={task.updatedAt} />
        </dd>
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
            {holding.map((blocker) => (
              <li key={blocker.id}>
                <Blocker blocker={blocker} named={named} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {cleared.length > 0 && (
        <section aria-labelledby="task-cleared">
          <h2 id="task-cleared">{t('task.cleared')}</h2>
          <ul data-testid="cleared">
            {cleared.map((blocker) => (
              <li key={blocker.id}>
                <Blocker blocker={blocker} named={named} />{' '}
                <span className="help">
                  <When at={blocker.resolvedAt} />
                </span>
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
        {name
          ? t('task.namedLine', { question: name.text, status: t(`task.statusWords.${name.status}`) })
          : t('task.otherTask', { id: blocker.ref })}
      </AppLink>
    );
  }
  return (
    <AppLink href={`/decisions?id=${encodeURIComponent(blocker.ref)}`}>
      {name
        ? t('task.namedLine', { question: name.text, status: t(`task.decisionStatuses.${name.status}`) })
        : t('task.decision', { id: blocker.ref })}
    </AppLink>
  );
}
