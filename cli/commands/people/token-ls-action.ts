/** What `cast token ls` does: lists the workspace's tokens, never a secret. */
import { peopleRoutes } from '../../../domain/routes/people';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { tokenLine } from './token-present';

export async function run(opts: { revoked?: boolean; json?: boolean }): Promise<void> {
  const { tokens } = await connect().request(peopleRoutes.listTokens, { query: { revoked: opts.revoked ? 'true' : 'false' } });
  const now = new Date();
  emit(Boolean(opts.json), tokens.length ? tokens.map((entry) => tokenLine(entry, now)) : ['No tokens.'], { tokens });
}
