/** The stack workflow's messages, with stable wire names, shared by the workflow and the API. */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import { scopedWorkflowId, type Deployment } from '../domain/deployment';
import type { StackPolicy, StackSnapshot, StackStart } from '../domain/stack';
import type { MemberStatus } from './membership-signals';
import type { Expiring } from './messages';

/** Sent with update-with-start: returns once the stack's row is in Postgres. */
export const createStackUpdate = defineUpdate<StackSnapshot, [Expiring]>('createStack');
export const addMembersUpdate = defineUpdate<StackSnapshot, [{ members: MemberStatus[] } & Expiring]>('addMembers');
export const removeMemberUpdate = defineUpdate<StackSnapshot, [{ decisionId: string } & Expiring]>('removeMember');
export const reorderStackUpdate = defineUpdate<StackSnapshot, [{ order: string[] } & Expiring]>('reorderStack');
export const stackPolicyUpdate = defineUpdate<StackSnapshot, [StackPolicy & Expiring]>('stackPolicy');
export const stackQuery = defineQuery<StackSnapshot>('stack');

export const STACK_WORKFLOW = 'stackWorkflow';

/** `stack/<deployment>/ds-N`, or `stack/ds-N` for one created before ids carried the deployment. */
export function stackWorkflowId(id: string, deployment: Deployment | undefined): string {
  return scopedWorkflowId('stack', id, deployment);
}

/**
 * The workflow's input: a new stack, or one carried over by continue-as-new. `historyLimit`
 * is how many history events a run keeps before it continues as new (tests make it small);
 * `deployment`, whose workflow ids its members run under (absent before ids carried one).
 */
export type StackInput = ({ start: StackStart } | { continued: StackSnapshot }) & { historyLimit?: number; deployment?: Deployment };
