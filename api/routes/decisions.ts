/** `/api/v1/decisions` (declared in domain/routes/decisions.ts): thin handlers over a service or a query. */
import { notFound } from '../../domain/errors';
import { capAsks } from '../../domain/decision';
import { undoneActor } from '../../domain/undo';
import { decisionRoutes } from '../../domain/routes/decisions';
import { getDecision, listQueue, markFirstViewed } from '../../db/decision-queries';
import { readerOf } from '../../db/assignments';
import { decisionDetail } from '../../db/decision-detail';
import { queueHealth } from '../../db/health';
import type { Pool } from '../../db/pool';
import { agentMismatch, agentOf, type Principal } from '../../domain/principal';
import type { DecisionView } from '../../domain/decision';
import type { Channel } from '../../domain/provenance';
import { reply, type Handler, type Handlers } from '../mount-routes';
import { answerAsk } from '../services/answer-ask';
import { archiveAll } from '../services/archive-all';
import { archiveDecision, editDecision, restoreDecision, runNow, undoAnswer, withdrawDecision } from '../services/change-decision';
import { openInSession } from '../services/decision-card';
import { fileValidDecision } from '../services/file-decision';
import type { TemporalGateway } from '../temporal-gateway';
import { pageUrl, type PublicSite } from '../public-site';
import { decisionIdParam } from './decision-id';

type Deps = { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number; openPerAgent?: number; site: PublicSite };
type Change = (deps: Deps, principal: Principal, id: string, channel?: Channel) => Promise<DecisionView>;

type ActionRoute =
  | typeof decisionRoutes.archiveDecision
  | typeof decisionRoutes.restoreDecision
  | typeof decisionRoutes.withdrawDecision
  | typeof decisionRoutes.runNow;

/** A body-less action: the decision after the change. */
function action(deps: Deps, change: Change): Handler<ActionRoute> {
  return async ({ params }, { principal, res }) => ({
    decision: await change(deps, principal, decisionIdParam(params.id), res.locals.channel),
  });
}

export function decisionHandlers(deps: Deps): Handlers<Omit<typeof decisionRoutes, 'getDecisionDocument' | 'waitForDecision'>> {
  return {
    // Before `/:id`: archive-all is not a decision id.
    archiveAll: async ({ body }, { principal }) => ({ result: await archiveAll(deps, principal, body) }),

    fileDecision: async ({ body, headers }, { principal, req }) => {
      // E10: the mount kept the first 10 asks; the card counts the ones past them.
      const key = headers['idempotency-key'];
      const filed = await fileValidDecision(deps, principal, body, capAsks(req.body).droppedAsks, undefined, key);
      const sessionId = filed.decision.links.sessionId;
      const elsewhere = sessionId ? await openInSession(deps.pool, principal, sessionId, filed.decision.id) : null;
      const card = {
        notes: filed.notes,
        openInSession: elsewhere?.decisions ?? [],
        staleHint: elsewhere?.hint ?? null,
        url: pageUrl(req, deps.site, `/decisions?id=${filed.decision.id}`),
      };
      const location = `/api/v1/decisions/${filed.decision.id}`;
      return reply(
        decisionRoutes.fileDecision,
        { status: filed.created ? 201 : 200, body: { decision: filed.decision, card } },
        { location },
      );
    },

    listQueue: async ({ query: { q, for: requested, ...query } }, { principal, req }) => {
      // An agent token reads the entries its agent filed, and the workspace's health is a person's.
      const ownAgent = agentOf(principal);
      if (ownAgent && query.agent && query.agent !== ownAgent) throw agentMismatch();
      // "For me" is a person's: an agent reads its own agent's decisions, whoever they are for.
      const audience = ownAgent ? 'everyone' : requested;
      const reader = await readerOf(deps.pool, principal);
      // FR-55: the health line never fails the queue; unavailable, it is simply not there.
      const [page, health] = await Promise.all([
        listQueue(
          deps.pool,
          principal.workspaceId,
          { ...query, forMe: audience === 'me', ...(q ? { search: q } : {}), ...(ownAgent ? { agent: ownAgent } : {}) },
          { reader },
        ),
        ownAgent
          ? null
          : queueHealth(deps.pool, principal.workspaceId, audience === 'me' ? reader.keys : null).catch((error: unknown) => {
              req.log.warn({ err: error }, 'health line unavailable');
              return null;
            }),
      ]);
      return { ...page, health, page: { limit: query.limit, offset: query.offset } };
    },

    getDecision: async ({ params, headers }, { principal }) => {
      const id = decisionIdParam(params.id);
      const decision = await getDecision(deps.pool, principal, id);
      if (!decision) throw notFound('decision');
      // Agents' own reads (the CLI, MCP) send X-Cast-Agent, so only a person's first look counts as a view (FR-14).
      const firstView = headers['x-cast-agent'] || principal.kind === 'agent' ? null : await markFirstViewed(deps.pool, principal, id);
      if (firstView) decision.firstViewedAt = firstView;
      return { decision, detail: await decisionDetail(deps.pool, principal, decision) };
    },

    editDecision: async ({ params, body }, { principal }) => ({
      decision: await editDecision(deps, principal, decisionIdParam(params.id), body),
    }),

    archiveDecision: action(deps, archiveDecision),
    restoreDecision: action(deps, restoreDecision),
    withdrawDecision: action(deps, withdrawDecision),
    runNow: action(deps, runNow),

    answerAsk: async ({ params, query, headers, body }, { principal, res }) => {
      const key = headers['idempotency-key'];
      const target = {
        id: decisionIdParam(params.id),
        ask: params.ask,
        channel: res.locals.channel,
        ...(key ? { idempotencyKey: key } : {}),
      };
      const decision = await answerAsk(deps, principal, target, body);
      // Read only when asked: the web keeps this reply in place of reading the decision again.
      return query.detail ? { decision, detail: await decisionDetail(deps.pool, principal, decision) } : { decision };
    },

    undoAnswer: async ({ params }, { principal, res }) => {
      const decision = await undoAnswer(deps, principal, decisionIdParam(params.id), params.ask, res.locals.channel);
      return { decision, undone: { ask: params.ask, actor: undoneActor(decision, params.ask) } };
    },
  };
}
