/**
 * `cast member add NAME`: adds a person to the workspace and prints their first person token,
 * once. Only a person may (DESIGN §8): an agent token gets exit 9.
 */
import type { Command } from 'commander';
import { AddMemberBody } from '../../../domain/people';
import { addMember } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';

export function registerMember(cast: Command): void {
  const member = cast.command('member').description('the people of your workspace: add');
  member
    .command('add')
    .description('add a person; prints their person token once (they sign in to the web queue with it, or run cast login)')
    .argument('<name>', 'how Cast shows them, e.g. "Dana"')
    .option('--json', 'print one JSON object')
    .action(async (name: string, opts: { json?: boolean }) => {
      const body = AddMemberBody.safeParse({ name });
      if (!body.success) throw usageError('Give the member a name: cast member add "Dana".');
      const added = await connect().request(addMember, { body: body.data });
      emit(
        Boolean(opts.json),
        [
          `${bold(added.member.name)} added (${added.member.id}).`,
          `Their person token, shown this once — hand it to them privately:`,
          added.secret,
          `They sign in to the web queue with it, or run: cast login --token <token>`,
        ],
        { member: added.member, token: added.token, secret: added.secret },
      );
    });
}
