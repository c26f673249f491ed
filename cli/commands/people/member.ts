/**
 * `cast member add NAME`: adds a person to the workspace and prints their first person token,
 * once. Only a person may (DESIGN §8): an agent token gets exit 9.
 */
import type { Command } from 'commander';

export function registerMember(cast: Command): void {
  const member = cast.command('member').description('the people of your workspace: add');
  member
    .command('add')
    .description('add a person; prints their person token once (they sign in to the web queue with it, or run cast login)')
    .argument('<name>', 'how Cast shows them, e.g. "Dana"')
    .option('--json', 'print one JSON object')
    .action(async (name: string, opts: { json?: boolean }) => (await import('./member-add-action')).run(name, opts));
}
