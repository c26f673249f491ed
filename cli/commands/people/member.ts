/**
 * `cast member add NAME [--role ROLE]`: adds a person to the workspace and prints their first
 * person token, once. Needs `member.manage` (an admin or owner; only an owner adds an owner or
 * admin): anyone else gets exit 4 (not allowed), an agent token exit 9.
 */
import type { Command } from 'commander';

export function registerMember(cast: Command): void {
  const member = cast.command('member').description('the people of your workspace: add');
  member
    .command('add')
    .description('add a person; prints their person token once (they sign in to the web queue with it, or run cast login)')
    .argument('<name>', 'how Cast shows them, e.g. "Dana"')
    .option('--role <role>', 'viewer, member (the default), admin or owner')
    .option('--json', 'print one JSON object')
    .action(async (name: string, opts: { json?: boolean; role?: string }) => (await import('./member-add-action')).run(name, opts));
}
