/** `cast stack ls [--status open|closed]`: the workspace's stacks, open first with overdue ones leading. */
import { Option, type Command } from 'commander';
import { listStacks } from '../../../domain/routes/stacks';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { listLine, stackJson } from './present';

export function registerStackLs(stack: Command): void {
  stack
    .command('ls')
    .description('list stacks: open ones first, overdue ones leading')
    .addOption(new Option('--status <status>', 'only open or only closed stacks').choices(['open', 'closed']))
    .option('--json', 'print one JSON object')
    .action(async (opts: { status?: 'open' | 'closed'; json?: boolean }) => {
      const { stacks } = await connect().request(listStacks, { query: opts.status ? { status: opts.status } : {} });
      const now = new Date();
      const lines =
        stacks.length === 0
          ? [`No ${opts.status ? `${opts.status} ` : ''}stacks. Open one: cast stack create "Launch checklist"`]
          : stacks.map((one) => listLine(one, now));
      emit(Boolean(opts.json), lines, { stacks: stacks.map(stackJson) });
    });
}
