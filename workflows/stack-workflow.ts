/**
 * One workflow per stack. It owns the stack's members, order and policy, mirrors each change
 * to Postgres before the update returns, and tells each member's decision workflow which
 * stack it is in and when its auto-default is due — the timer itself lives in the member, so
 * a person's answer and the default are serialised by the decision they both change.
 * Members report back when they open or close; every member closed closes the stack.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  proxyLocalActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  addMembers,
  checkAddMembers,
  checkPolicy,
  checkRemoveMember,
  checkReorder,
  memberChanged,
  memberDeadline,
  openStack,
  removeMember,
  reorder,
  setPolicy,
  type StackSnapshot,
} from '../domain/stack';
import { decisionWorkflowId, stackMembershipSignal, type Expiring } from './messages';
import { rejectExpired, rejectIf } from './reject';
import {
  addMembersUpdate,
  createStackUpdate,
  memberStatusSignal,
  removeMemberUpdate,
  reorderStackUpdate,
  stackPolicyUpdate,
  stackQuery,
  type StackInput,
} from './stack-messages';

const { mirrorStack } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});

/** Well under Temporal's 51,200-event limit and its 4,096-event continue-as-new suggestion. */
const HISTORY_LIMIT = 2000;

/** A closed stack waits this long for a member to reopen (an undo, a restore) before it ends. */
const REOPEN_GRACE = '10 minutes';

export async function stackWorkflow(input: StackInput): Promise<StackSnapshot> {
  let state = 'continued' in input ? input.continued : openStack(input.start, new Date());
  let ready = 'continued' in input;

  async function commit(next: StackSnapshot): Promise<StackSnapshot> {
    state = next;
    await mirrorStack(next);
    return next;
  }

  /** Tells members their stack and deadline; a closed decision's finished workflow cannot hear it. */
  async function tell(decisionIds: string[], member = true): Promise<void> {
    const revision = state.revision;
    await Promise.allSettled(
      decisionIds.map((decisionId) => {
        const joined = state.members.find((candidate) => candidate.decisionId === decisionId);
        const deadline = member && joined ? memberDeadline(joined, state.autoDefaultMs) : null;
        return getExternalWorkflowHandle(decisionWorkflowId(decisionId, input.deployment)).signal(stackMembershipSignal, {
          stackId: state.id,
          member,
          deadline,
          revision,
          stackWorkflowId: workflowInfo().workflowId,
        });
      }),
    );
  }

  setHandler(stackQuery, () => state);

  setHandler(
    createStackUpdate,
    async () => {
      await condition(() => ready);
      return state;
    },
    { validator: rejectExpired },
  );

  setHandler(
    addMembersUpdate,
    async ({ members }) => {
      const next = await commit(addMembers(state, members, new Date()));
      await tell(members.map((member) => member.decisionId));
      return next;
    },
    {
      validator: (command: { members: Array<{ decisionId: string }> } & Expiring) => {
        rejectExpired(command);
        rejectIf(
          checkAddMembers(
            state,
            command.members.map((member) => member.decisionId),
          ),
        );
      },
    },
  );

  setHandler(
    removeMemberUpdate,
    async ({ decisionId }) => {
      const next = await commit(removeMember(state, decisionId, new Date()));
      // Leaving the stack cancels the member's pending deadline.
      await tell([decisionId], false);
      return next;
    },
    { validator: (command) => (rejectExpired(command), rejectIf(checkRemoveMember(state, command.decisionId))) },
  );

  setHandler(reorderStackUpdate, async ({ order }) => commit(reorder(state, order, new Date())), {
    validator: (command) => (rejectExpired(command), rejectIf(checkReorder(state, command.order))),
  });

  setHandler(
    stackPolicyUpdate,
    async ({ expiresAt: _expires, by: _by, ...policy }) => {
      const moved = policy.autoDefaultMs !== undefined && policy.autoDefaultMs !== state.autoDefaultMs;
      const next: StackSnapshot = await commit(setPolicy(state, policy, new Date()));
      // A new duration moves every open member's pending deadline.
      if (moved) await tell(next.members.filter((member) => member.open).map((member) => member.decisionId));
      return next;
    },
    { validator: (command) => (rejectExpired(command), rejectIf(checkPolicy(state))) },
  );

  setHandler(memberStatusSignal, async ({ decisionId, open }) => {
    const next = memberChanged(state, decisionId, open, new Date());
    if (next !== state) await commit(next);
  });

  if (!ready) {
    await commit(state);
    await tell(state.members.map((member) => member.decisionId));
    ready = true;
  }

  for (;;) {
    // A long-lived stack starts afresh before its history grows large (DESIGN §9).
    const historyLimit = input.historyLimit ?? HISTORY_LIMIT;
    const longHistory = () => workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > historyLimit;
    await condition(() => state.status === 'closed' || longHistory());
    if (state.status === 'open') {
      await condition(allHandlersFinished);
      return continueAsNew<typeof stackWorkflow>({
        continued: state,
        historyLimit,
        ...(input.deployment ? { deployment: input.deployment } : {}),
      });
    }
    if (!(await condition(() => state.status === 'open', REOPEN_GRACE))) break;
  }
  await condition(allHandlersFinished);
  return state;
}
