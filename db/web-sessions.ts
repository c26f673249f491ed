/**
 * Browser sessions: a random id in an httpOnly cookie, stored only as its hash. Only a person
 * signs in, and the session ends with the token it was opened with.
 */
import { randomBytes } from 'node:crypto';
import { person, type PersonPrincipal } from '../domain/principal';
import type { Pool } from './pool';
import { hashToken } from './tenancy';

export const WEB_SESSION_DAYS = 30;

export async function openWebSession(pool: Pool, principal: PersonPrincipal): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const { rows } = await pool.query<{ expires_at: Date }>(
    `insert into web_sessions (id_hash, workspace_id, member_id, token_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(days => $5)) returning expires_at`,
    [hashToken(id), principal.workspaceId, principal.memberId, principal.tokenId, WEB_SESSION_DAYS],
  );
  return { id, expiresAt: rows[0]!.expires_at };
}

export async function findWebSession(pool: Pool, id: string): Promise<PersonPrincipal | null> {
  const { rows } = await pool.query<{ workspaceId: string; memberId: string }>(
    `select s.workspace_id as "workspaceId", s.member_id as "memberId" from web_sessions s
       left join api_tokens t on t.id = s.token_id
      where s.id_hash = $1 and s.revoked_at is null and s.expires_at > now()
        and (s.token_id is null or (t.revoked_at is null and (t.expires_at is null or t.expires_at > now())))`,
    [hashToken(id)],
  );
  return rows[0] ? person(rows[0].workspaceId, rows[0].memberId) : null;
}

export async function closeWebSession(pool: Pool, id: string): Promise<void> {
  await pool.query('update web_sessions set revoked_at = now() where id_hash = $1 and revoked_at is null', [hashToken(id)]);
}
