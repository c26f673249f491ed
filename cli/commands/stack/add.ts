/** `cast stack add ds-7 sd-1,sd-2`: appends existing decisions to the stack, in that order. */
import type { Command } from 'commander';
import { addStackMembers } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { formatLocal } from '../../when';
import { connect } from '../decide/target';
import { autoDefaultAt, autoDefaultNote, headline, policyLine, stackJson } from './present';
import { checkStackId, decisionList, onStack } from './stack-input';

export function registerStackAdd(stack: Command): void {
  stack
    .command('add')
    .description('append decisions to a stack (a decision sits in one stack at a time)')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .argument('<decisions...>', 'the decisions, e.g. sd-1,sd-2')
    .option('--json', 'print one JSON object')
    .action(async (given: string, raw: string[], opts: { json?: boolean }) => {
      const id = checkStackId(given);
      const decisions = decisionList(raw);
      const { stack: view } = await onStack(id, () => connect().request(addStackMembers, { params: { id }, body: { decisions } }));
      const now = new Date();
      const due = autoDefaultAt(view, decisions[0]!);
      emit(
        Boolean(opts.json),
        [
          `Added ${decisions.join(', ')} to ${headline(view)}`,
          `Policy: ${policyLine(view, now)}${due ? `; advisory ones among them take their default at ${formatLocal(new Date(due), now)}` : ''}`,
          ...autoDefaultNote(view),
        ],
        { ...stackJson(view), added: decisions },
      );
    });
}
