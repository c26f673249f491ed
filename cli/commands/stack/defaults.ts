/**
 * `cast stack defaults ds-7`: the checklist's one control — answers every open advisory member
 * with its declared default, now. Blocking members are left for a person.
 */
import type { Command } from 'commander';

export function registerStackDefaults(stack: Command): void {
  stack
    .command('defaults')
    .description('answer every open advisory member of a stack with its declared default, now (blocking ones are left open)')
    .argument('<stack>', 'the stack, e.g. ds-7')
    .option('--json', 'print one JSON object')
    .action(async (given: string, opts: { json?: boolean }) => (await import('./defaults-action')).run(given, opts));
}
