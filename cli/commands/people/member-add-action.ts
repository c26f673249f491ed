/** What `cast member add` does: checks the name with the server's schema, adds the member, and prints their token once. */
import { AddMemberBody } from '../../../domain/people';
import { ROLES } from '../../../domain/permissions';
import { peopleRoutes } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(name: string, opts: { json?: boolean; role?: string }): Promise<void> {
  const body = AddMemberBody.safeParse({ name, ...(opts.role === undefined ? {} : { role: opts.role }) });
  if (!body.success) {
    throw usageError(
      body.error.issues.some((issue) => issue.path[0] === 'role')
        ? `--role is one of ${ROLES.join(', ')}: cast member add "Dana" --role viewer.`
        : 'Give the member a name: cast member add "Dana".',
    );
  }
  const added = await connect().request(peopleRoutes.addMember, { body: body.data });
  emit(
    Boolean(opts.json),
    [
      `${bold(added.member.name)} added as ${added.member.role} (${added.member.id}).`,
      `Their person token, shown this once — hand it to them privately:`,
      added.secret,
      `They sign in to the web queue with it, or run: cast login --token <token>`,
    ],
    { member: added.member, token: added.token, secret: added.secret },
  );
}
