/** `cast stack ls [--status open|closed]`: the workspace's stacks, open first with overdue ones leading. */
import { Option, type Command } from 'commander';

export type StackLsOptions = { status?: 'open' | 'closed'; json?: boolean };

export function registerStackLs(stack: Command): void {
  stack
    .command('ls')
    .description('list stacks: open ones first, overdue ones leading')
    .addOption(new Option('--status <status>', 'only open or only closed stacks').choices(['open', 'closed']))
    .option('--json', 'print one JSON object')
    .action(async (opts: StackLsOptions) => (await import('./ls-action')).run(opts));
}
