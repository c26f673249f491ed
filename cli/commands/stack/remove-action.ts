/** What `cast stack remove` does: takes the decision out and prints the stack as it now stands. */
import { stackRoutes } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { checkId, connect } from '../decide/target';
import { headline, stackJson } from './present';
import { checkStackId, onStack } from './stack-input';

export async function run(givenStack: string, givenDecision: string, opts: { json?: boolean }): Promise<void> {
  const id = checkStackId(givenStack);
  const decision = checkId(givenDecision);
  const { stack: view } = await onStack(id, () => connect().request(stackRoutes.removeStackMember, { params: { id, decision } }));
  emit(
    Boolean(opts.json),
    [`Removed ${decision} from ${headline(view)}`, `${decision} stays in the queue on its own, with no stack deadline.`],
    { ...stackJson(view), removed: decision },
  );
}
