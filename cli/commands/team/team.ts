/**
 * `cast team` (issue 41 item 1): the teams of your workspace. `cast team` lists them with their
 * members; `create`, `rename`, `add`, `remove` and `delete` need `team.manage` (an admin or
 * owner; anyone else exits 4, an agent token 9). A team is named by its name or its id.
 */
import type { Command } from 'commander';

export function registerTeam(cast: Command): void {
  const team = cast.command('team').description('the teams of your workspace: list, create, rename, add and remove members, delete');
  team
    .command('ls', { isDefault: true })
    .description('every team with its members (what `cast team` alone does)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => (await import('./ls-action')).run(opts));
  team
    .command('create')
    .description('create a team, with members at once if you name them')
    .argument('<name>', 'letters, digits, - _ and ., e.g. infra')
    .argument('[members...]', 'members to add, e.g. mb_…')
    .option('--json', 'print one JSON object')
    .action(async (name: string, members: string[], opts: { json?: boolean }) =>
      (await import('./create-action')).run(name, members, opts),
    );
  team
    .command('rename')
    .description('give a team a new name; the history keeps both')
    .argument('<team>', 'its name or id')
    .argument('<name>', 'the new name')
    .option('--json', 'print one JSON object')
    .action(async (which: string, name: string, opts: { json?: boolean }) => (await import('./rename-action')).run(which, name, opts));
  team
    .command('add')
    .description('add a member to a team')
    .argument('<team>', 'its name or id')
    .argument('<member>', 'the member, e.g. mb_…')
    .option('--json', 'print one JSON object')
    .action(async (which: string, member: string, opts: { json?: boolean }) => (await import('./add-action')).run(which, member, opts));
  team
    .command('remove')
    .description('take a member out of a team; they stay in the workspace')
    .argument('<team>', 'its name or id')
    .argument('<member>', 'the member, e.g. mb_…')
    .option('--json', 'print one JSON object')
    .action(async (which: string, member: string, opts: { json?: boolean }) => (await import('./remove-action')).run(which, member, opts));
  team
    .command('delete')
    .description('delete a team; its members stay in the workspace')
    .argument('<team>', 'its name or id')
    .option('--json', 'print one JSON object')
    .action(async (which: string, opts: { json?: boolean }) => (await import('./delete-action')).run(which, opts));
}
