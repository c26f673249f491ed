/**
 * `cast member add NAME [--role ROLE]`, `cast member role ID ROLE`, `cast member remove ID`,
 * `cast member invite ID EMAIL`, `cast member unlink ID`: the people of a workspace. Each needs `member.manage` (an admin or owner; only an owner
 * adds, makes, demotes or removes an owner or admin): anyone else gets exit 4 (not allowed),
 * an agent token exit 9; the last owner stays (exit 3, `last_owner`).
 */
import type { Command } from 'commander';

export function registerMember(cast: Command): void {
  const member = cast.command('member').description('the people of your workspace: add, change a role, remove, invite to sign in');
  member
    .command('add')
    .description('add a person; prints their person token once (they sign in to the web queue with it, or run cast login)')
    .argument('<name>', 'how Cast shows them, e.g. "Dana"')
    .option('--role <role>', 'viewer, member (the default), admin or owner')
    .option('--json', 'print one JSON object')
    .action(async (name: string, opts: { json?: boolean; role?: string }) => (await import('./member-add-action')).run(name, opts));
  member
    .command('role')
    .description("change a member's role; it takes effect from their next request")
    .argument('<id>', 'the member, e.g. mb_…')
    .argument('<role>', 'viewer, member, admin or owner')
    .option('--json', 'print one JSON object')
    .action(async (id: string, role: string, opts: { json?: boolean }) => (await import('./member-role-action')).run(id, role, opts));
  member
    .command('remove')
    .description('remove a member: their tokens and browser sessions end at once; their answers keep their name')
    .argument('<id>', 'the member, e.g. mb_…')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./member-remove-action')).run(id, opts));
  member
    .command('invite')
    .description("invite a member to sign in with the workspace's identity provider by the email it verifies for them")
    .argument('<id>', 'the member, e.g. mb_…')
    .argument('<email>', 'the email their identity provider verifies, e.g. dana@example.com')
    .option('--json', 'print one JSON object')
    .action(async (id: string, email: string, opts: { json?: boolean }) => (await import('./member-invite-action')).run(id, email, opts));
  member
    .command('unlink')
    .description('withdraw the invitation and unlink their identity-provider sign-in (their tokens stay)')
    .argument('<id>', 'the member, e.g. mb_…')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./member-unlink-action')).run(id, opts));
}
