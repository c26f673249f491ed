/**
 * One workflow per stack. It owns the stack's members, order and policy, mirrors each change
 * to Postgres before the update returns, and tells each member's decision workflow which
 * stack it is in and when its auto-default is due — the timer itself lives in the member, so
 * a person's answer and the default are serialised by the decision they both change.
 * Members report back when they open or close; every member closed closes the stack. The
 * state and its transitions live in `StackMachine`; this function wires each message to it
 * and runs the main loop.
 */
import { allHandlersFinished, condition, continueAsNew, setHandler, workflowInfo } from '@temporalio/workflow';
import type { StackSnapshot } from '../domain/stack';
import { memberStatusSignal } from './membership-signals';
import { rejectExpired } from './reject';
import { StackMachine } from './stack-machine';
import {
  addMembersUpdate,
  createStackUpdate,
  removeMemberUpdate,
  reorderStackUpdate,
  stackPolicyUpdate,
  stackQuery,
  type StackInput,
} from './stack-messages';

/** Well under Temporal's 51,200-event limit and its 4,096-event continue-as-new suggestion. */
const HISTORY_LIMIT = 2000;

/** A closed stack waits this long for a member to reopen (an undo, a restore) before it ends. */
const REOPEN_GRACE = '10 minutes';

export async function stackWorkflow(input: StackInput): Promise<StackSnapshot> {
  const stack = new StackMachine(input);

  // Registered in the order the handlers always were, so messages buffered before them replay alike.
  setHandler(stackQuery, () => stack.state);
  setHandler(createStackUpdate, () => stack.created(), { validator: rejectExpired });
  setHandler(addMembersUpdate, (command) => stack.addMembers(command), { validator: (command) => stack.validateAddMembers(command) });
  setHandler(removeMemberUpdate, (command) => stack.removeMember(command), {
    validator: (command) => stack.validateRemoveMember(command),
  });
  setHandler(reorderStackUpdate, (command) => stack.reorder(command), { validator: (command) => stack.validateReorder(command) });
  setHandler(stackPolicyUpdate, (command) => stack.setPolicy(command), { validator: (command) => stack.validatePolicy(command) });
  setHandler(memberStatusSignal, (status) => stack.memberChanged(status));

  // A stack continued from an earlier run was opened by it.
  if (!stack.ready) await stack.open();

  for (;;) {
    // A long-lived stack starts afresh before its history grows large (DESIGN §9).
    const historyLimit = input.historyLimit ?? HISTORY_LIMIT;
    const longHistory = () => workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > historyLimit;
    await condition(() => stack.state.status === 'closed' || longHistory());
    if (stack.state.status === 'open') {
      await condition(allHandlersFinished);
      return continueAsNew<typeof stackWorkflow>({
        continued: stack.state,
        historyLimit,
        ...(input.deployment ? { deployment: input.deployment } : {}),
      });
    }
    if (!(await condition(() => stack.state.status === 'open', REOPEN_GRACE))) break;
  }
  await condition(allHandlersFinished);
  return stack.state;
}
