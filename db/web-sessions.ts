/**
 * Browser sessions: a random id in an httpOnly cookie, stored only as its hash. Only a person
 * signs in, and the session ends with the token it was opened with.
 */
import { randomBytes } from 'node:crypto';
import { person, type PersonPrincipal } from '../domain/principal';
import type { Role } from '../domain/permissions';
import type { Pool, Queryable } from './pool';
import { membershipSql, toMembership, type MembershipRow } from './membership';
import { hashToken } from './tenancy';

export const WEB_SESSION_DAYS = 30;

/** `via`: how the person signed in — a token, or the identity provider (issue 41 item 6, no token behind it). */
export async function openWebSession(
  db: Queryable,
  principal: PersonPrincipal,
  via: 'token' | 'oidc' = 'token',
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into web_sessions (id_hash, workspace_id, member_id, token_id, expires_at, via)
     values ($1, $2, $3, $4, now() + make_interval(days => $5), $6) returning expires_at`,
    [hashToken(id), principal.workspaceId, principal.memberId, principal.tokenId, WEB_SESSION_DAYS, via],
  );
  return { id, expiresAt: rows[0]!.expires_at };
}

type SessionRow = MembershipRow & { workspaceId: string; memberId: string; tokenId: string | null; role: Role; expiresAt: Date };

/**
 * The person a browser session stands for, with their role as it is now, or null once the
 * session, the token it was opened with or the membership has ended. `expiresAt` is the
 * sooner of the session's and its token's expiry.
 */
export async function findWebSession(pool: Pool, id: string): Promise<PersonPrincipal | null> {
  const idHash = hashToken(id);
  const { rows } = await pool.query<SessionRow>(
    `select s.workspace_id as "workspaceId", s.member_id as "memberId", s.token_id as "tokenId", m.role,
            least(s.expires_at, t.expires_at) as "expiresAt", ${membershipSql('s.workspace_id', 's.member_id')}
       from web_sessions s join members m on m.id = s.member_id
       left join api_tokens t on t.id = s.token_id
      where s.id_hash = $1 and s.revoked_at is null and s.expires_at > now() and m.removed_at is null
        and (s.token_id is null or (t.revoked_at is null and (t.expires_at is null or t.expires_at > now())))`,
    [idHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...person(row.workspaceId, row.memberId, row.role),
    tokenId: row.tokenId,
    webSession: idHash,
    expiresAt: row.expiresAt,
    membership: toMembership(row),
  };
}

export async function closeWebSession(pool: Pool, id: string): Promise<void> {
  await pool.query('update web_sessions set revoked_at = now() where id_hash = $1 and revoked_at is null', [hashToken(id)]);
}
