/** `cast stack remove ds-7 sd-41`: takes a decision out of the stack; it stays open in the queue. */
import type { Command } from 'commander';
import { removeStackMember } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { checkId, connect } from '../decide/target';
import { headline, stackJson } from './present';
import { checkStackId, onStack } from './stack-input';

export function registerStackRemove(stack: Command): void {
  stack
    .command('remove')
    .description('take a decision out of a stack (the decision itself stays as it is)')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .argument('<decision>', 'the decision, e.g. sd-41')
    .option('--json', 'print one JSON object')
    .action(async (givenStack: string, givenDecision: string, opts: { json?: boolean }) => {
      const id = checkStackId(givenStack);
      const decision = checkId(givenDecision);
      const { stack: view } = await onStack(id, () => connect().request(removeStackMember, { params: { id, decision } }));
      emit(
        Boolean(opts.json),
        [`Removed ${decision} from ${headline(view)}`, `${decision} stays in the queue on its own, with no stack deadline.`],
        { ...stackJson(view), removed: decision },
      );
    });
}
