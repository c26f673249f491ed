/** `cast stack add ds-7 sd-1,sd-2`: appends existing decisions to the stack, in that order. */
import type { Command } from 'commander';

export function registerStackAdd(stack: Command): void {
  stack
    .command('add')
    .description('append decisions to a stack (a decision sits in one stack at a time)')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .argument('<decisions...>', 'the decisions, e.g. sd-1,sd-2')
    .option('--json', 'print one JSON object')
    .action(async (given: string, raw: string[], opts: { json?: boolean }) => (await import('./add-action')).run(given, raw, opts));
}
