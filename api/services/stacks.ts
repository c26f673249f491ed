/**
 * Write side of stacks: the API checks what only the read model knows (the decisions exist
 * in this workspace and sit in no other stack), then the stack's workflow decides the rest.
 */
import type { DecisionView } from '../../domain/decision';
import { declaredDefault } from '../../domain/decision-state';
import { DomainError, notFound } from '../../domain/errors';
import { stackIdOf, toStackView, type StackView } from '../../domain/stack';
import type { CreateStackBody, StackPolicyBody } from '../../domain/stack-schema';
import { decisionsByIds } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { getStack, nextStackNumber, skipStackNumbers, stacksOf } from '../../db/stacks';
import type { Principal } from '../../domain/principal';
import type { Channel } from '../../domain/provenance';
import type { TemporalGateway } from '../temporal-gateway';

type Deps = { pool: Pool; temporal: TemporalGateway };

/** The decisions, each in this workspace and in no stack but (optionally) this one. */
async function joinable(deps: Deps, principal: Principal, ids: string[], stackId: string | null): Promise<DecisionView[]> {
  const decisions = await decisionsByIds(deps.pool, principal.workspaceId, ids);
  if (decisions.length !== new Set(ids).size) throw notFound('decision');
  const elsewhere = [...(await stacksOf(deps.pool, principal.workspaceId, ids))].filter(([, stack]) => stack !== stackId);
  if (elsewhere.length > 0) {
    const named = elsewhere.map(([decision, stack]) => `${decision} (${stack})`).join(', ');
    throw new DomainError('already_in_stack', `A decision is in one stack at a time; already in a stack: ${named}.`, {
      decisions: elsewhere.map(([decision, stack]) => ({ decision, stack })),
    });
  }
  return decisions;
}

const member = (decision: DecisionView) => ({ decisionId: decision.id, open: decision.status === 'open' });

export async function createStack(deps: Deps, principal: Principal, body: CreateStackBody): Promise<StackView> {
  const decisions = body.decisions?.length ? await joinable(deps, principal, body.decisions, null) : [];
  for (let collisions = 0; ; collisions += 1) {
    const number = await nextStackNumber(deps.pool);
    try {
      const snapshot = await deps.temporal.createStack({
        id: stackIdOf(number),
        number,
        workspaceId: principal.workspaceId,
        title: body.title,
        createdBy: principal.memberId,
        dueAt: body.dueAt ? new Date(body.dueAt).toISOString() : null,
        autoDefaultMs: body.autoDefaultSeconds ? body.autoDefaultSeconds * 1000 : null,
        members: decisions.map(member),
      });
      return toStackView(snapshot, new Date());
    } catch (error) {
      // A number a restored database hands out again: leap ahead, further each time (as filing does).
      if (!(error instanceof DomainError && error.code === 'workflow_id_taken') || collisions >= 32) throw error;
      await skipStackNumbers(deps.pool, 2 ** collisions);
    }
  }
}

/** The stack as it is now; its workflow has ended only once it closed for good. */
async function change(
  deps: Deps,
  principal: Principal,
  id: string,
  send: () => Promise<Parameters<typeof toStackView>[0] | null>,
): Promise<StackView> {
  const current = await getStack(deps.pool, principal.workspaceId, id);
  if (!current) throw notFound('stack');
  const snapshot = await send();
  if (!snapshot) throw new DomainError('stack_closed', `Stack ${id} is closed: every member is resolved.`);
  return toStackView(snapshot, new Date());
}

export async function addToStack(deps: Deps, principal: Principal, id: string, ids: string[]): Promise<StackView> {
  return change(deps, principal, id, async () => {
    const decisions = await joinable(deps, principal, ids, id);
    return deps.temporal.addStackMembers(id, decisions.map(member));
  });
}

export function removeFromStack(deps: Deps, principal: Principal, id: string, decisionId: string): Promise<StackView> {
  return change(deps, principal, id, () => deps.temporal.removeStackMember(id, decisionId));
}

export function reorderStack(deps: Deps, principal: Principal, id: string, order: string[]): Promise<StackView> {
  return change(deps, principal, id, () => deps.temporal.reorderStack(id, order));
}

export function setStackPolicy(deps: Deps, principal: Principal, id: string, body: StackPolicyBody): Promise<StackView> {
  const policy = {
    ...(body.dueAt !== undefined ? { dueAt: body.dueAt === null ? null : new Date(body.dueAt).toISOString() } : {}),
    ...(body.autoDefaultSeconds !== undefined
      ? { autoDefaultMs: body.autoDefaultSeconds === null ? null : body.autoDefaultSeconds * 1000 }
      : {}),
  };
  return change(deps, principal, id, () => deps.temporal.setStackPolicy(id, policy));
}

/** The checklist's one control: every open advisory member answered with its declared default. */
export async function applyDefaults(
  deps: Deps,
  principal: Principal,
  id: string,
  channel?: Channel,
): Promise<{ answered: string[]; skipped: string[] }> {
  const stack = await getStack(deps.pool, principal.workspaceId, id);
  if (!stack) throw notFound('stack');
  const members = await decisionsByIds(
    deps.pool,
    principal.workspaceId,
    stack.members.map((candidate) => candidate.decisionId),
  );
  const answered: string[] = [];
  const skipped: string[] = [];
  for (const decision of members) {
    const answer = declaredDefault(decision);
    if (!answer) continue;
    try {
      const taken = await deps.temporal.answerAsk(decision.id, {
        ...answer,
        reason: 'Took the declared default.',
        answeredBy: principal.memberId,
        ...(channel ? { channel } : {}),
      });
      (taken ? answered : skipped).push(decision.id);
    } catch (error) {
      // Answered or archived a moment ago: the first answer stands.
      if (!(error instanceof DomainError)) throw error;
      skipped.push(decision.id);
    }
  }
  return { answered, skipped };
}
