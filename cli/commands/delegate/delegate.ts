/**
 * `cast delegate` (issue 41 item 5): hand your decisions to a colleague while you are away.
 * `cast delegate` lists the workspace's delegations, open now and to come; `to` starts one,
 * `end` ends one early. Someone else's decisions (`--for`) need `member.manage`.
 */
import type { Command } from 'commander';
import { DUE_FORMS } from '../../when';

export function registerDelegate(cast: Command): void {
  const delegate = cast.command('delegate').description('hand your decisions to someone while you are away: list, start, end');
  delegate
    .command('ls', { isDefault: true })
    .description('the delegations open now and those to come (what `cast delegate` alone does)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => (await import('./ls-action')).run(opts));
  delegate
    .command('to')
    .description('what is addressed to you (or --for someone) is also theirs until --until')
    .argument('<member>', 'who covers, e.g. mb_…')
    .requiredOption('--until <when>', `when it ends: ${DUE_FORMS}`)
    .option('--from <when>', 'when it starts (default: now), in the same forms; a day starts at its first second')
    .option('--for <member>', 'whose decisions, when not yours (needs member.manage), e.g. mb_…')
    .option('--json', 'print one JSON object')
    .action(async (member: string, opts: { until: string; from?: string; for?: string; json?: boolean }) =>
      (await import('./to-action')).run(member, opts),
    );
  delegate
    .command('end')
    .description('end a delegation now')
    .argument('<id>', 'the delegation, e.g. dl_…')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./end-action')).run(id, opts));
}
