/**
 * The two signals between a stack's workflow and its members' decision workflows, with stable
 * wire names: the stack tells a decision which stack it is in and when its default is due; the
 * decision tells the stack when it opens or closes. Signals, not updates: neither side waits
 * for the other, and a finished workflow simply cannot hear one.
 */
import { defineSignal } from '@temporalio/workflow';

/**
 * What the stack tells a member (`member: false` when removed). `revision` is the stack's, so
 * an older signal is ignored.
 */
export type StackMembershipMessage = {
  stackId: string;
  member: boolean;
  deadline: string | null;
  revision: number;
  /** Where the member reports back: a stack's id says nothing of the deployment it runs in. */
  stackWorkflowId?: string;
};
export const stackMembershipSignal = defineSignal<[StackMembershipMessage]>('stackMembership');

/** A member's decision and whether it is open now; every member closed closes the stack. */
export type MemberStatus = { decisionId: string; open: boolean };
export const memberStatusSignal = defineSignal<[MemberStatus]>('memberStatus');
