/** What `cast member invite` does (issue 41 item 6): checks the email with the server's schema, then invites the member by it. */
import { SetSignInEmailBody } from '../../../domain/sign-in';
import { signInRoutes } from '../../../domain/routes/sign-in';
import { emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(id: string, email: string, opts: { json?: boolean }): Promise<void> {
  if (!id.trim()) throw usageError('Name the member: cast member invite mb_… dana@example.com.');
  const body = SetSignInEmailBody.safeParse({ email });
  if (!body.success) throw usageError(`Give the email their identity provider verifies: cast member invite ${id.trim()} dana@example.com.`);
  const { signIn } = await connect().request(signInRoutes.inviteMemberSignIn, { params: { id: id.trim() }, body: body.data });
  emit(
    Boolean(opts.json),
    [`${signIn.memberId} is invited as ${signIn.email ?? ''}: their first sign-in through the identity provider with it links them.`],
    { signIn },
  );
}
