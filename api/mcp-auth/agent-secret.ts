/**
 * The secret of an OAuth client's agent token (issue 43 item 4). The tools reach `/api/v1` on
 * loopback with a Cast token, never with the provider's access token (MCP forbids passing a
 * client's token on). Cast stores tokens only as hashes, so every replica must be able to work
 * the secret out again: it is derived (HKDF-SHA256) from the server key answer links are signed
 * with (answer-links/link-key.ts: CAST_ANSWER_LINK_KEY, else the key kept in PostgreSQL), under a
 * label of its own, for one client of one issuer acting for one member. It never leaves the process.
 */
import { createHash, hkdfSync } from 'node:crypto';
import type { OAuthClientRef } from '../../db/oauth-agents';

const PURPOSE = 'cast/mcp-oauth-agent-token/v1';

export function oauthAgentSecret(key: Buffer, ref: OAuthClientRef, memberId: string): string {
  // HKDF's info is bounded (1024 bytes); a client id may be a long URL, so it goes in hashed.
  const info = createHash('sha256')
    .update(JSON.stringify([PURPOSE, ref.workspaceId, ref.issuer, ref.clientId, memberId]))
    .digest();
  return `cast_${Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32)).toString('base64url')}`;
}
