/**
 * Decision stacks (cast-decide "Decision stacks", DESIGN §3): an ordered set of decisions one
 * person clears in one sitting, `ds-N`. A stack has a due time (overdue stacks lead the
 * queue) and an auto-default policy: each advisory member is answered with its declared
 * default once the policy's duration has passed since it joined. The stack's workflow owns
 * membership, order and policy; each member's deadline is a durable timer in that member's
 * own decision workflow, so a person's answer and the default are serialised there.
 * Zod-free, like everything the workflow bundle imports (the SDK evaluates that bundle
 * afresh for every workflow); the requests' wire shapes are in `stack-schema.ts`.
 */
import type { Rejection } from './errors';
import type { StackId } from './ids';
import type { StackMember, StackView } from './stack-view-schema';

export type { StackMember, StackView };

export function stackIdOf(number: number): StackId {
  return `ds-${number}`;
}

/** Enough for any checklist a person clears in one sitting; it keeps the workflow's history small. */
export const MAX_STACK_MEMBERS = 100;

export const StackStatus = ['open', 'closed'] as const;
export type StackStatus = (typeof StackStatus)[number];

export type StackSnapshot = {
  id: StackId;
  number: number;
  workspaceId: string;
  title: string;
  createdBy: string;
  dueAt: string | null;
  autoDefaultMs: number | null;
  /** In the stack's order. */
  members: StackMember[];
  status: StackStatus;
  revision: number;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
};

/** A new stack: its members join when the workflow opens it. */
export type StackStart = Omit<StackSnapshot, 'status' | 'revision' | 'createdAt' | 'updatedAt' | 'closedAt' | 'members'> & {
  members: Array<Omit<StackMember, 'joinedAt'>>;
  expiresAt?: string;
};

/** What a member's decision keeps about its stack (its schema is in decision-view-schema.ts). */
export type { StackMembership } from './decision-view-schema';

export function memberDeadline(member: Pick<StackMember, 'joinedAt'>, autoDefaultMs: number | null): string | null {
  return autoDefaultMs === null ? null : new Date(Date.parse(member.joinedAt) + autoDefaultMs).toISOString();
}

/**
 * How long until a member's default is due at its deadline: 0 or less, it is due now. The
 * member's workflow waits this long (workflows/stack-side.ts); the stack page counts by it
 * what a new duration answers at once (stack-auto-default.ts).
 */
export function untilDue(deadline: string, now: Date): number {
  return Date.parse(deadline) - now.getTime();
}

export function openStack(start: StackStart, now: Date): StackSnapshot {
  const at = now.toISOString();
  const { expiresAt: _expires, members, ...fields } = start;
  const joined = members.map((member) => ({ ...member, joinedAt: at }));
  return closeIfDone({ ...fields, members: joined, status: 'open', revision: 1, createdAt: at, updatedAt: at, closedAt: null }, now);
}

function bump(state: StackSnapshot, now: Date, change: Partial<StackSnapshot>): StackSnapshot {
  return closeIfDone({ ...state, ...change, revision: state.revision + 1, updatedAt: now.toISOString() }, now);
}

/** A stack closes when every member is resolved by any path, and reopens if one reopens. */
function closeIfDone(state: StackSnapshot, now: Date): StackSnapshot {
  const done = state.members.length > 0 && state.members.every((member) => !member.open);
  if (done && state.status === 'open') return { ...state, status: 'closed', closedAt: now.toISOString() };
  if (!done && state.status === 'closed') return { ...state, status: 'open', closedAt: null };
  return state;
}

function closed(state: StackSnapshot): Rejection | null {
  return state.status === 'closed' ? { code: 'stack_closed', message: `Stack ${state.id} is closed: every member is resolved.` } : null;
}

export function checkAddMembers(state: StackSnapshot, decisions: string[]): Rejection | null {
  const already = decisions.filter((id) => state.members.some((member) => member.decisionId === id));
  if (already.length > 0) {
    return { code: 'already_in_stack', message: `Already in ${state.id}: ${already.join(', ')}.`, details: { decisions: already } };
  }
  if (new Set(decisions).size !== decisions.length) return { code: 'invalid_request', message: 'A decision is listed twice.' };
  if (state.members.length + decisions.length > MAX_STACK_MEMBERS) {
    return {
      code: 'stack_full',
      message: `A stack holds at most ${MAX_STACK_MEMBERS} decisions; ${state.id} has ${state.members.length}.`,
      details: { max: MAX_STACK_MEMBERS, members: state.members.length },
    };
  }
  return closed(state);
}

export function addMembers(state: StackSnapshot, members: Array<{ decisionId: string; open: boolean }>, now: Date): StackSnapshot {
  const joinedAt = now.toISOString();
  return bump(state, now, { members: [...state.members, ...members.map((member) => ({ ...member, joinedAt }))] });
}

export function checkRemoveMember(state: StackSnapshot, decisionId: string): Rejection | null {
  if (state.members.some((member) => member.decisionId === decisionId)) return null;
  return { code: 'not_in_stack', message: `${decisionId} is not in ${state.id}.` };
}

export function removeMember(state: StackSnapshot, decisionId: string, now: Date): StackSnapshot {
  return bump(state, now, { members: state.members.filter((member) => member.decisionId !== decisionId) });
}

/** A reorder lists every member exactly once; anything else names what is missing or extra. */
export function checkReorder(state: StackSnapshot, order: string[]): Rejection | null {
  const current = state.members.map((member) => member.decisionId);
  const missing = current.filter((id) => !order.includes(id));
  const extra = order.filter((id) => !current.includes(id));
  const repeated = order.filter((id, index) => order.indexOf(id) !== index);
  if (missing.length === 0 && extra.length === 0 && repeated.length === 0) return null;
  const parts = [
    missing.length ? `missing ${missing.join(', ')}` : null,
    extra.length ? `not in ${state.id}: ${extra.join(', ')}` : null,
    repeated.length ? `listed twice: ${[...new Set(repeated)].join(', ')}` : null,
  ].filter(Boolean);
  return {
    code: 'invalid_order',
    message: `A reorder lists every member of ${state.id} exactly once (${parts.join('; ')}).`,
    details: { missing, extra, repeated: [...new Set(repeated)] },
  };
}

export function reorder(state: StackSnapshot, order: string[], now: Date): StackSnapshot {
  const byId = new Map(state.members.map((member) => [member.decisionId, member]));
  return bump(state, now, { members: order.map((id) => byId.get(id)!) });
}

/** A change of policy: `null` clears a field, an absent one leaves it as it is. */
export type StackPolicy = { dueAt?: string | null; autoDefaultMs?: number | null };

export function setPolicy(state: StackSnapshot, policy: StackPolicy, now: Date): StackSnapshot {
  return bump(state, now, {
    ...(policy.dueAt !== undefined ? { dueAt: policy.dueAt } : {}),
    ...(policy.autoDefaultMs !== undefined ? { autoDefaultMs: policy.autoDefaultMs } : {}),
  });
}

export function checkPolicy(state: StackSnapshot): Rejection | null {
  return closed(state);
}

/** A member's decision opened or closed (answered, archived, withdrawn, or reopened by undo or restore). */
export function memberChanged(state: StackSnapshot, decisionId: string, open: boolean, now: Date): StackSnapshot {
  const member = state.members.find((candidate) => candidate.decisionId === decisionId);
  if (!member || member.open === open) return state;
  return bump(state, now, { members: state.members.map((candidate) => (candidate === member ? { ...candidate, open } : candidate)) });
}

export function isOverdue(state: Pick<StackSnapshot, 'dueAt' | 'status'>, now: Date): boolean {
  return state.status === 'open' && state.dueAt !== null && Date.parse(state.dueAt) < now.getTime();
}

/** What the API returns for a stack: the snapshot without its bookkeeping, and whether it is overdue. */
export function toStackView(state: StackSnapshot, now: Date): StackView {
  const { workspaceId: _workspace, number: _number, ...view } = state;
  return { ...view, overdue: isOverdue(state, now) };
}
