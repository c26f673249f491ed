/** What `cast member unlink` does (issue 41 item 6): withdraws the invitation and unlinks the member's provider identity. */
import { signInRoutes } from '../../../domain/routes/sign-in';
import { emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(id: string, opts: { json?: boolean }): Promise<void> {
  if (!id.trim()) throw usageError('Name the member: cast member unlink mb_….');
  const { signIn } = await connect().request(signInRoutes.unlinkMemberSignIn, { params: { id: id.trim() } });
  emit(Boolean(opts.json), [`${signIn.memberId} no longer signs in through the identity provider; their tokens still work.`], { signIn });
}
