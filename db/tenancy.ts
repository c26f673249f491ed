/**
 * Workspaces, members and API tokens. A token is shown once when minted and stored only as
 * its SHA-256 hash (tokens are 256 random bits, so a fast hash is enough).
 */
import { createHash, randomBytes } from 'node:crypto';
import { newId } from './ids';
import { prepared, type Pool } from './pool';

export type Principal = { workspaceId: string; memberId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateToken(): string {
  return `cast_${randomBytes(32).toString('base64url')}`;
}

export async function createWorkspace(pool: Pool, name: string): Promise<string> {
  const id = newId('ws');
  await pool.query('insert into workspaces (id, name) values ($1, $2)', [id, name]);
  return id;
}

export async function createMember(pool: Pool, workspaceId: string, name: string, isDefault = false): Promise<string> {
  const id = newId('mb');
  await pool.query('insert into members (id, workspace_id, name, is_default) values ($1, $2, $3, $4)', [id, workspaceId, name, isDefault]);
  return id;
}

/** Stores `token` (or a new one) for the member and returns it; idempotent for a known token. */
export async function issueToken(pool: Pool, principal: Principal, label: string, token = generateToken()): Promise<string> {
  await pool.query(
    `insert into api_tokens (id, workspace_id, member_id, token_hash, label) values ($1, $2, $3, $4, $5)
     on conflict (token_hash) do nothing`,
    [newId('tk'), principal.workspaceId, principal.memberId, hashToken(token), label],
  );
  return token;
}

export async function findPrincipalByToken(pool: Pool, token: string): Promise<Principal | null> {
  const { rows } = await pool.query<Principal>(
    prepared(
      pool,
      `select t.workspace_id as "workspaceId", t.member_id as "memberId"
         from api_tokens t where t.token_hash = $1 and t.revoked_at is null`,
      [hashToken(token)],
    ),
  );
  return rows[0] ?? null;
}

/** The default workspace and member that a fresh instance signs in as. */
export async function ensureDefaultMember(pool: Pool): Promise<Principal> {
  const existing = await pool.query<Principal>(
    `select workspace_id as "workspaceId", id as "memberId" from members where is_default order by created_at limit 1`,
  );
  if (existing.rows[0]) return existing.rows[0];
  const workspaceId = await createWorkspace(pool, 'Default workspace');
  const memberId = await createMember(pool, workspaceId, 'Owner', true);
  return { workspaceId, memberId };
}

export async function tokenBelongsTo(pool: Pool, token: string, principal: Principal): Promise<boolean> {
  const owner = await findPrincipalByToken(pool, token);
  return owner?.memberId === principal.memberId;
}
