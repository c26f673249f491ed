/**
 * `cast stack reorder ds-7 sd-43,sd-41,sd-42`: the new order, naming every member once. A list
 * that misses or adds one is refused by Cast (exit 7) with what is missing or extra and the members now.
 */
import type { Command } from 'commander';

export function registerStackReorder(stack: Command): void {
  stack
    .command('reorder')
    .description('put a stack in a new order: list every member, e.g. sd-43,sd-41,sd-42')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .argument('<order...>', 'every member, in the new order')
    .option('--json', 'print one JSON object')
    .action(async (given: string, raw: string[], opts: { json?: boolean }) => (await import('./reorder-action')).run(given, raw, opts));
}
