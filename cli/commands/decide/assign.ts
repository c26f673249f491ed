/**
 * `cast decide assign sd-N @dana|team:infra|--everyone`, `cast decide claim sd-N` and
 * `cast decide release sd-N`: whom a decision is for, and who is on it (issue 41 item 1).
 */
import type { Command } from 'commander';

export type AssignOptions = { everyone?: boolean; json?: boolean };

export function registerAssign(decide: Command): void {
  decide
    .command('assign')
    .description('address an open decision to a member (@dana) or a team (team:infra), or --everyone')
    .argument('<id>', 'the decision, e.g. sd-41')
    .argument('[to]', '@name for a member, team:name for a team')
    .option('--everyone', 'address it to nobody in particular: everyone in the workspace')
    .option('--json', 'print one JSON object')
    .action(async (id: string, to: string | undefined, opts: AssignOptions) => (await import('./assign-action')).run(id, to, opts));
  decide
    .command('claim')
    .description('say you are on it: the others see "<you> is on it"')
    .argument('<id>', 'the decision, e.g. sd-41')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./claim-action')).run(id, opts));
  decide
    .command('release')
    .description('give up your claim on it')
    .argument('<id>', 'the decision, e.g. sd-41')
    .option('--json', 'print one JSON object')
    .action(async (id: string, opts: { json?: boolean }) => (await import('./release-action')).run(id, opts));
}
