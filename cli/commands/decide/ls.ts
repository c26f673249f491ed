/** `cast decide ls`: this session's decisions with ids and answers, and how stale the open ones are. */
import type { Command } from 'commander';

export function registerLs(decide: Command): void {
  decide
    .command('ls')
    .description("this session's decisions, with ids and answers")
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => (await import('./ls-action')).run(opts));
}
