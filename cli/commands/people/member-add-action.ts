/** What `cast member add` does: checks the name with the server's schema, adds the member, and prints their token once. */
import { AddMemberBody } from '../../../domain/people';
import { peopleRoutes } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(name: string, opts: { json?: boolean }): Promise<void> {
  const body = AddMemberBody.safeParse({ name });
  if (!body.success) throw usageError('Give the member a name: cast member add "Dana".');
  const added = await connect().request(peopleRoutes.addMember, { body: body.data });
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
}
