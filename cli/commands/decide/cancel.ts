/** `cast decide cancel [sd-N]`: withdraws the open decision; the conversation shows it withdrawn. */
import type { Command } from 'commander';

export function registerCancel(decide: Command): void {
  decide
    .command('cancel')
    .description("withdraw the open decision (with no id: the session's single open one)")
    .argument('[id]', 'the decision, e.g. sd-41')
    .option('--json', 'print one JSON object')
    .action(async (given: string | undefined, opts: { json?: boolean }) => (await import('./cancel-action')).run(given, opts));
}
