/**
 * `cast stack policy ds-7 --due tomorrow` (or --no-due, --auto-default 24h, --no-auto-default):
 * changes the stack's policy and prints what it resolved to. Pending auto-defaults move with it.
 */
import type { Command } from 'commander';
import { WHEN_HELP } from './when-help';

/** Commander gives a string for `--due X`, false for `--no-due`, undefined for neither. */
export type PolicyOptions = { due?: string | false; autoDefault?: string | false; json?: boolean };

export function registerStackPolicy(stack: Command): void {
  stack
    .command('policy')
    .description("change a stack's due time or auto-default")
    .argument('<stack>', 'the stack, e.g. ds-7')
    .option('--due <when>', 'when you mean to have cleared it (WHEN below)')
    .option('--no-due', 'clear the due time')
    .option('--auto-default <duration>', 'advisory members take their default this long after joining (DURATION below)')
    .option('--no-auto-default', 'clear the auto-default: nothing is answered automatically')
    .option('--json', 'print one JSON object')
    .addHelpText('after', WHEN_HELP)
    .action(async (given: string, opts: PolicyOptions) => (await import('./policy-action')).run(given, opts));
}
