/** `/api/v1/stacks` (declared in domain/routes/stacks.ts). */
import { notFound } from '../../domain/errors';
import { StackId } from '../../domain/ids';
import { stackRoutes } from '../../domain/routes/stacks';
import { decisionsByIds } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { getStack, listStacks } from '../../db/stacks';
import { reply, type Handlers } from '../mount-routes';
import { addToStack, applyDefaults, createStack, removeFromStack, reorderStack, setStackPolicy } from '../services/stacks';
import type { TemporalGateway } from '../temporal-gateway';

/** A malformed stack id reads as a missing one, like a decision id. */
function stackIdParam(raw: string): string {
  const parsed = StackId.safeParse(raw);
  if (!parsed.success) throw notFound('stack');
  return parsed.data;
}

export function stackHandlers(deps: { pool: Pool; temporal: TemporalGateway }): Handlers<typeof stackRoutes> {
  return {
    createStack: async ({ body }, { principal }) => {
      const stack = await createStack(deps, principal, body);
      return reply(stackRoutes.createStack, { status: 201, body: { stack } }, { location: `/api/v1/stacks/${stack.id}` });
    },
    listStacks: async ({ query }, { principal }) => ({
      stacks: await listStacks(deps.pool, principal.workspaceId, query.status, query.limit),
    }),
    /** The stack and its members' decisions, in the stack's order (the checklist). */
    getStack: async ({ params }, { principal }) => {
      const stack = await getStack(deps.pool, principal.workspaceId, stackIdParam(params.id));
      if (!stack) throw notFound('stack');
      const decisions = await decisionsByIds(
        deps.pool,
        principal.workspaceId,
        stack.members.map((member) => member.decisionId),
      );
      return { stack, decisions };
    },
    addStackMembers: async ({ params, body }, { principal }) => ({
      stack: await addToStack(deps, principal, stackIdParam(params.id), body.decisions),
    }),
    removeStackMember: async ({ params }, { principal }) => ({
      stack: await removeFromStack(deps, principal, stackIdParam(params.id), params.decision),
    }),
    reorderStack: async ({ params, body }, { principal }) => ({
      stack: await reorderStack(deps, principal, stackIdParam(params.id), body.order),
    }),
    setStackPolicy: async ({ params, body }, { principal }) => ({
      stack: await setStackPolicy(deps, principal, stackIdParam(params.id), body),
    }),
    applyStackDefaults: async ({ params }, { principal, res }) =>
      applyDefaults(deps, principal, stackIdParam(params.id), res.locals.channel),
  };
}
