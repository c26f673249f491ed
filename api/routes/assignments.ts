/** Whom decisions are for (declared in domain/routes/assignments.ts; issue 41 items 1-2). */
import { answerPolicy, claim, readAssignment, reassign, release, resolveAssignee, setAnswerPolicy } from '../../db/assignments';
import type { Pool } from '../../db/pool';
import { notFound } from '../../domain/errors';
import { actorOf, type Principal } from '../../domain/principal';
import type { assignmentRoutes } from '../../domain/routes/assignments';
import { type Handlers } from '../mount-routes';
import { decisionIdParam } from './decision-id';

export function assignmentHandlers(deps: { pool: Pool }): Handlers<typeof assignmentRoutes> {
  const assignmentOf = async (principal: Principal, id: string) => {
    const assignment = await readAssignment(deps.pool, principal, id);
    if (!assignment) throw notFound('decision');
    return { assignment };
  };
  return {
    reassignDecision: async ({ params, body }, { principal }) => {
      const id = decisionIdParam(params.id);
      const to = body.to === null ? null : await resolveAssignee(deps.pool, principal.workspaceId, body.to);
      await reassign(deps.pool, principal, id, to);
      return assignmentOf(principal, id);
    },
    claimDecision: async ({ params }, { principal }) => {
      const id = decisionIdParam(params.id);
      await claim(deps.pool, principal, id);
      return assignmentOf(principal, id);
    },
    releaseDecision: async ({ params }, { principal }) => {
      const id = decisionIdParam(params.id);
      await release(deps.pool, principal, id);
      return assignmentOf(principal, id);
    },
    getAnswerSettings: async (_input, { principal }) => ({
      settings: { whoMayAnswer: await answerPolicy(deps.pool, principal.workspaceId) },
    }),
    updateAnswerSettings: async ({ body }, { principal }) => {
      await setAnswerPolicy(deps.pool, principal.workspaceId, body.whoMayAnswer, actorOf(principal));
      return { settings: { whoMayAnswer: body.whoMayAnswer } };
    },
  };
}
