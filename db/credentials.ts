/**
 * Whether the credential a request came with still stands: its token not revoked or expired,
 * its browser session not signed out, revoked or expired, and its member not removed. A held
 * request (a long-poll, an event stream) asks again when `cast_credentials` rings and before
 * it hands over what it read (api/credential-watch.ts).
 */
import type { Principal } from '../domain/principal';
import type { Queryable } from './pool';

export async function credentialStands(db: Queryable, principal: Principal): Promise<boolean> {
  if (principal.kind === 'person' && principal.webSession) {
    const { rowCount } = await db.query(
      `select 1 from web_sessions s join members m on m.id = s.member_id
         left join api_tokens t on t.id = s.token_id
        where s.id_hash = $1 and s.revoked_at is null and s.expires_at > now() and m.removed_at is null
          and (s.token_id is null or (t.revoked_at is null and (t.expires_at is null or t.expires_at > now())))`,
      [principal.webSession],
    );
    return rowCount === 1;
  }
  // A principal a script made for itself has no credential to end.
  if (!principal.tokenId) return true;
  const { rowCount } = await db.query(
    `select 1 from api_tokens t join members m on m.id = t.member_id
      where t.id = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > now()) and m.removed_at is null`,
    [principal.tokenId],
  );
  return rowCount === 1;
}
