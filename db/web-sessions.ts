/** Browser sessions: a random id in an httpOnly cookie, stored only as its hash. */
import { randomBytes } from 'node:crypto';
import type { Pool } from './pool';
import { hashToken, type Principal } from './tenancy';

export const WEB_SESSION_DAYS = 30;

export async function openWebSession(pool: Pool, principal: Principal): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const { rows } = await pool.query<{ expires_at: Date }>(
    `insert into web_sessions (id_hash, workspace_id, member_id, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4)) returning expires_at`,
    [hashToken(id), principal.workspaceId, principal.memberId, WEB_SESSION_DAYS],
  );
  return { id, expiresAt: rows[0]!.expires_at };
}

export async function findWebSession(pool: Pool, id: string): Promise<Principal | null> {
  const { rows } = await pool.query<Principal>(
    `select workspace_id as "workspaceId", member_id as "memberId" from web_sessions
      where id_hash = $1 and revoked_at is null and expires_at > now()`,
    [hashToken(id)],
  );
  return rows[0] ?? null;
}

export async function closeWebSession(pool: Pool, id: string): Promise<void> {
  await pool.query('update web_sessions set revoked_at = now() where id_hash = $1 and revoked_at is null', [hashToken(id)]);
}
