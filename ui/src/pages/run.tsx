/**
 * `/runs/:id`: one run — its status, the session it runs in, the agent, and when — so the
 * outcome line's Open Run ↗ (§6.5) lands on something real. Reads `GET /api/v1/runs/:id`,
 * then the session (for its agent and liveness) and the agent's name.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Run } from '../../../domain/run';
import type { SessionDetail } from '../../../domain/session';
import { AppLink } from '../components/app-link';
import { api, ApiError } from '../http-client';
import { PageFrame, When, type Loaded } from './page-frame';

type RunFacts = { run: Run; session: SessionDetail | null; agent: { id: string; name: string } | null };

async function readRun(id: string): Promise<RunFacts> {
  const { run } = await api<{ run: Run }>(`/api/v1/runs/${encodeURIComponent(id)}`);
  const session = await api<{ session: SessionDetail }>(`/api/v1/sessions/${encodeURIComponent(run.sessionId)}`).then(
    (body) => body.session,
    () => null,
  );
  const agent = session?.agentId
    ? await api<{ agent: { id: string; name: string } }>(`/api/v1/agents/${encodeURIComponent(session.agentId)}`).then(
        (body) => body.agent,
        () => null,
      )
    : null;
  return { run, session, agent };
}

export function RunPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<RunFacts>>({ state: 'loading' });
  useEffect(() => {
    readRun(id).then(
      (value) => setLoaded({ state: 'ready', value }),
      (error: unknown) => setLoaded({ state: error instanceof ApiError && error.problem.status === 404 ? 'missing' : 'failed' }),
    );
  }, [id]);

  return (
    <PageFrame title={t('run.title')} loaded={loaded.state}>
      {loaded.state === 'ready' && <RunFactsList facts={loaded.value} />}
    </PageFrame>
  );
}

function RunFactsList({ facts: { run, session, agent } }: { facts: RunFacts }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="run-facts">
      <h2 id="run-facts" className="visually-hidden">{t('run.facts')}</h2>
      <dl className="facts">
        <dt>{t('run.status')}</dt>
        <dd data-testid="run-status">{t(`run.statuses.${run.status}`)}</dd>
        <dt>{t('run.agent')}</dt>
        <dd data-testid="run-agent">{agent?.name ?? t('run.noAgent')}</dd>
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
        <dd><When at={run.createdAt} /></dd>
        <dt>{t('run.started')}</dt>
        <dd><When at={run.startedAt} /></dd>
        {run.endedAt && (
          <>
            <dt>{t('run.ended')}</dt>
            <dd><When at={run.endedAt} /></dd>
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
            <dd><AppLink href={`/runs/${encodeURIComponent(run.restartedFrom)}`}>{run.restartedFrom}</AppLink></dd>
          </>
        )}
        {run.decisionId && (
          <>
            <dt>{t('run.decision')}</dt>
            <dd><AppLink href={`/decisions?id=${encodeURIComponent(run.decisionId)}`}>{run.decisionId}</AppLink></dd>
          </>
        )}
        <dt>{t('run.id')}</dt>
        <dd><code>{run.id}</code></dd>
      </dl>
    </section>
  );
}
