/** What `cast token revoke` does: revokes the token; its next request is refused. */
import { peopleRoutes } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';
import { whose } from './token-present';

export async function run(id: string, opts: { json?: boolean }): Promise<void> {
  if (!id.trim()) throw usageError('Name the token: cast token revoke tk_… (cast token ls lists them).');
  const { token: revoked } = await connect().request(peopleRoutes.revokeToken, { params: { id: id.trim() } });
  emit(Boolean(opts.json), [`${bold(revoked.id)} revoked: ${revoked.label} (${whose(revoked)}). Its next request is refused.`], {
    token: revoked,
  });
}
