/**
 * `/runs/:id`: one run — its status, the session it runs in, the agent, its task, and when — so
 * the outcome line's Open Run ↗ (§6.5) lands on something real. Reads `GET /api/v1/runs/:id`
 * (with the names shown in place of ids: the run reads as its agent and task, the decision
 * that restarted it as its question; the ids stay as link targets and tooltips), then the
 * session (for its liveness) and the agent's name.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/app-link';
import { pageStateOf } from '../../shared/page-state';
import { useRunPage, type RunRead } from './work-pages';
import { PageFrame, When } from '../../shared/page-frame';

export function RunPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const read = useRunPage(id);
  return (
    <PageFrame title={read.data?.names.title ?? t('run.title')} loaded={pageStateOf(read)}>
      {read.data && <RunFactsList facts={read.data} />}
    </PageFrame>
  );
}

function RunFactsList({ facts: { run, names, session, agent } }: { facts: RunRead }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="run-facts" data-run={run.id}>
      <p className="label" title={run.id}>
        {t('run.title')}
      </p>
      <h2 id="run-facts" className="visually-hidden">
        {t('run.facts')}
      </h2>
      <dl className="facts">
        <dt>{t('run.status')}</dt>
        <dd data-testid="run-status">{t(`run.statuses.${run.status}`)}</dd>
        <dt>{t('run.agent')}</dt>
        <dd data-testid="run-agent">{agent?.name ?? names.agentName ?? t('run.noAgent')}</dd>
        {names.taskId && (
          <>
            <dt>{t('run.task')}</dt>
            <dd>
              <AppLink href={`/tasks/${encodeURIComponent(names.taskId)}`} title={names.taskId}>
                {names.taskTitle}
              </AppLink>
            </dd>
          </>
        )}
        <dt>{t('run.session')}</dt>
        <dd data-testid="run-session">
          {session ? t('run.sessionLine', { session: session.id, liveness: t(`run.liveness.${session.liveness}`) }) : run.sessionId}
        </dd>
        {session?.scope && (
          <>
            <dt>{t('run.scope')}</dt>
            <dd>{session.scope}</dd>
          </>
        )}
        <dt>{t('run.created')}</dt>
        <dd>
          <When at={run.createdAt} />
        </dd>
        <dt>{t('run.started')}</dt>
        <dd>
          <When at={run.startedAt} />
        </dd>
        {run.endedAt && (
          <>
            <dt>{t('run.ended')}</dt>
            <dd>
              <When at={run.endedAt} />
            </dd>
          </>
        )}
        {run.failureReason && (
          <>
            <dt>{t('run.failure')}</dt>
            <dd>{run.failureReason}</dd>
          </>
        )}
        {run.restartedFrom && (
          <>
            <dt>{t('run.restartedFrom')}</dt>
            <dd>
              <AppLink href={`/runs/${encodeURIComponent(run.restartedFrom)}`} title={run.restartedFrom}>
                {t('run.earlierRun')}
              </AppLink>
            </dd>
          </>
        )}
        {run.decisionId && (
          <>
            <dt>{t('run.decision')}</dt>
            <dd>
              <AppLink href={`/decisions?id=${encodeURIComponent(run.decisionId)}`} title={run.decisionId}>
                {names.decisionQuestion ?? t('run.aDecision')}
              </AppLink>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
