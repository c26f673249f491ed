/** `cast stack show ds-7`: the checklist — each member in order with its state and question, and the policy. */
import type { Command } from 'commander';

export function registerStackShow(stack: Command): void {
  stack
    .command('show')
    .description('print the checklist: each member in order with its state, the policy, due and overdue')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .option('--json', 'print one JSON object')
    .action(async (given: string, opts: { json?: boolean }) => (await import('./show-action')).run(given, opts));
}
