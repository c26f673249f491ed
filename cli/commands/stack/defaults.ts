/**
 * `cast stack defaults ds-7`: the checklist's one control — answers every open advisory member
 * with its declared default, now. Blocking members are left for a person.
 */
import type { Command } from 'commander';
import { applyStackDefaults } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { checkStackId, onStack } from './stack-input';

export function registerStackDefaults(stack: Command): void {
  stack
    .command('defaults')
    .description('answer every open advisory member of a stack with its declared default, now (blocking ones are left open)')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .option('--json', 'print one JSON object')
    .action(async (given: string, opts: { json?: boolean }) => {
      const id = checkStackId(given);
      const { answered, skipped } = await onStack(id, () => connect().request(applyStackDefaults, { params: { id }, body: {} }));
      const lines =
        answered.length > 0
          ? [`${id}: answered with their declared defaults: ${answered.join(', ')}.`]
          : [`${id}: no open advisory member to answer; blocking members wait for a person.`];
      if (skipped.length > 0) lines.push(`Skipped, answered or archived meanwhile (the first answer stands): ${skipped.join(', ')}.`);
      emit(Boolean(opts.json), lines, { id, answered, skipped });
    });
}
