/** `/api/v1/stacks` (declared in domain/routes/stacks.ts). */
import { notFound } from '../../domain/errors';
import { StackId } from '../../domain/ids';
import {
  addStackMembers,
  applyStackDefaults,
  createStack,
  getStack,
  listStacks,
  removeStackMember,
  reorderStack,
  setStackPolicy,
} from '../../domain/routes/stacks';
import { decisionsByIds } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { getStack as getStackRow, listStacks as listStackRows } from '../../db/stacks';
import { handle, reply, type MountedRoute } from '../mount-routes';
import {
  addToStack,
  applyDefaults,
  createStack as createStackRow,
  removeFromStack,
  reorderStack as reorderMembers,
  setStackPolicy as setPolicy,
} from '../services/stacks';
import type { TemporalGateway } from '../temporal-gateway';

/** A malformed stack id reads as a missing one, like a decision id. */
function stackIdParam(raw: string): string {
  const parsed = StackId.safeParse(raw);
  if (!parsed.success) throw notFound('stack');
  return parsed.data;
}

export function stackHandlers(deps: { pool: Pool; temporal: TemporalGateway }): MountedRoute[] {
  return [
    handle(createStack, async ({ body }, { principal }) => {
      const stack = await createStackRow(deps, principal, body);
      return reply(createStack, { status: 201, body: { stack } }, { location: `/api/v1/stacks/${stack.id}` });
    }),
    handle(listStacks, async ({ query }, { principal }) => ({
      stacks: await listStackRows(deps.pool, principal.workspaceId, query.status, query.limit),
    })),
    /** The stack and its members' decisions, in the stack's order (the checklist). */
    handle(getStack, async ({ params }, { principal }) => {
      const stack = await getStackRow(deps.pool, principal.workspaceId, stackIdParam(params.id));
      if (!stack) throw notFound('stack');
      const decisions = await decisionsByIds(
        deps.pool,
        principal.workspaceId,
        stack.members.map((member) => member.decisionId),
      );
      return { stack, decisions };
    }),
    handle(addStackMembers, async ({ params, body }, { principal }) => ({
      stack: await addToStack(deps, principal, stackIdParam(params.id), body.decisions),
    })),
    handle(removeStackMember, async ({ params }, { principal }) => ({
      stack: await removeFromStack(deps, principal, stackIdParam(params.id), params.decision),
    })),
    handle(reorderStack, async ({ params, body }, { principal }) => ({
      stack: await reorderMembers(deps, principal, stackIdParam(params.id), body.order),
    })),
    handle(setStackPolicy, async ({ params, body }, { principal }) => ({
      stack: await setPolicy(deps, principal, stackIdParam(params.id), body),
    })),
    handle(applyStackDefaults, async ({ params }, { principal }) => applyDefaults(deps, principal, stackIdParam(params.id))),
  ];
}
