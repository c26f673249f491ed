/** How a token reads on the command line: whose it is, and its row in `cast token ls`. */
import type { Token } from '../../../domain/people';
import { bold } from '../../output';
import { formatLocal } from '../../when';

export function whose(token: Token): string {
  return token.kind === 'agent' ? `agent ${token.agentName}` : `person ${token.memberName}`;
}

export function tokenLine(token: Token, now: Date): string {
  const used = token.lastUsedAt ? `last used ${formatLocal(new Date(token.lastUsedAt), now)}` : 'never used';
  const ends = token.revokedAt
    ? `revoked ${formatLocal(new Date(token.revokedAt), now)}`
    : token.expiresAt
      ? `expires ${formatLocal(new Date(token.expiresAt), now)}`
      : 'no expiry';
  return `${bold(token.id)}  ${token.label} · ${whose(token)} · created ${formatLocal(new Date(token.createdAt), now)} · ${used} · ${ends}`;
}
