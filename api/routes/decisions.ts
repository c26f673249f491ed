/** `/api/v1/decisions` (declared in domain/routes/decisions.ts): thin handlers over a service or a query. */
import { notFound } from '../../domain/errors';
import { capAsks } from '../../domain/decision';
import {
  answerAsk,
  archiveAll,
  archiveDecision,
  editDecision,
  fileDecision,
  getDecision,
  listQueue,
  restoreDecision,
  runNow,
  undoAnswer,
  withdrawDecision,
} from '../../domain/routes/decisions';
import { getDecision as readDecision, listQueue as readQueue, markFirstViewed } from '../../db/decision-queries';
import { decisionDetail } from '../../db/decision-detail';
import { queueHealth } from '../../db/health';
import type { Pool } from '../../db/pool';
import { agentMismatch, agentOf, type Principal } from '../../domain/principal';
import type { DecisionView } from '../../domain/decision';
import { handle, reply, type MountedRoute } from '../mount-routes';
import { answerAsk as answer } from '../services/answer-ask';
import { archiveAll as archiveMatching } from '../services/archive-all';
import {
  archiveDecision as archive,
  editDecision as edit,
  restoreDecision as restore,
  runNow as rerun,
  undoAnswer as undo,
  withdrawDecision as withdraw,
} from '../services/change-decision';
import { openInSession } from '../services/decision-card';
import { fileValidDecision } from '../services/file-decision';
import type { TemporalGateway } from '../temporal-gateway';
import { decisionDocumentHandlers } from './decision-documents';
import { decisionIdParam } from './decision-id';
import { decisionWaitHandlers } from './decision-wait';

type Deps = { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number; openPerAgent?: number };
type Change = (deps: Deps, principal: Principal, id: string) => Promise<DecisionView>;

type ActionRoute = typeof archiveDecision | typeof restoreDecision | typeof withdrawDecision | typeof runNow;

/** A body-less action: the decision after the change. */
function action(contract: ActionRoute, deps: Deps, change: Change): MountedRoute {
  return handle(contract, async ({ params }, { principal }) => ({ decision: await change(deps, principal, decisionIdParam(params.id)) }));
}

export function decisionHandlers(deps: Deps): MountedRoute[] {
  return [
    // Before `/:id`: archive-all is not a decision id.
    handle(archiveAll, async ({ body }, { principal }) => ({ result: await archiveMatching(deps, principal, body) })),

    handle(fileDecision, async ({ body }, { principal, req }) => {
      // E10: the mount kept the first 10 asks; the card counts the ones past them.
      const filed = await fileValidDecision(deps, principal, body, capAsks(req.body).droppedAsks);
      const sessionId = filed.decision.links.sessionId;
      const elsewhere = sessionId ? await openInSession(deps.pool, principal, sessionId, filed.decision.id) : null;
      const card = { notes: filed.notes, openInSession: elsewhere?.decisions ?? [], staleHint: elsewhere?.hint ?? null };
      const location = `/api/v1/decisions/${filed.decision.id}`;
      return reply(fileDecision, { status: filed.created ? 201 : 200, body: { decision: filed.decision, card } }, { location });
    }),

    handle(listQueue, async ({ query: { q, ...query } }, { principal, req }) => {
      // An agent token reads the entries its agent filed, and the workspace's health is a person's.
      const ownAgent = agentOf(principal);
      if (ownAgent && query.agent && query.agent !== ownAgent) throw agentMismatch();
      // FR-55: the health line never fails the queue; unavailable, it is simply not there.
      const [page, health] = await Promise.all([
        readQueue(deps.pool, principal.workspaceId, { ...query, ...(q ? { search: q } : {}), ...(ownAgent ? { agent: ownAgent } : {}) }),
        ownAgent
          ? null
          : queueHealth(deps.pool, principal.workspaceId).catch((error: unknown) => {
              req.log.warn({ err: error }, 'health line unavailable');
              return null;
            }),
      ]);
      return { ...page, health, page: { limit: query.limit, offset: query.offset } };
    }),

    handle(getDecision, async ({ params, headers }, { principal }) => {
      const id = decisionIdParam(params.id);
      const decision = await readDecision(deps.pool, principal, id);
      if (!decision) throw notFound('decision');
      // Agents' own reads (the CLI, MCP) send X-Cast-Agent, so only a person's first look counts as a view (FR-14).
      const firstView = headers['x-cast-agent'] || principal.kind === 'agent' ? null : await markFirstViewed(deps.pool, principal, id);
      if (firstView) decision.firstViewedAt = firstView;
      return { decision, detail: await decisionDetail(deps.pool, principal.workspaceId, decision) };
    }),

    handle(editDecision, async ({ params, body }, { principal }) => ({
      decision: await edit(deps, principal, decisionIdParam(params.id), body),
    })),

    action(archiveDecision, deps, archive),
    action(restoreDecision, deps, restore),
    action(withdrawDecision, deps, withdraw),
    action(runNow, deps, rerun),

    handle(answerAsk, async ({ params, headers, body }, { principal }) => {
      const key = headers['idempotency-key'];
      const target = { id: decisionIdParam(params.id), ask: params.ask, ...(key ? { idempotencyKey: key } : {}) };
      return { decision: await answer(deps, principal, target, body) };
    }),

    handle(undoAnswer, async ({ params }, { principal }) => ({
      decision: await undo(deps, principal, decisionIdParam(params.id), params.ask),
    })),

    ...decisionDocumentHandlers(deps),
    ...decisionWaitHandlers(deps),
  ];
}
