/**
 * Workspaces, members and API tokens. A token is shown once when minted and stored only as
 * its SHA-256 hash (tokens are 256 random bits, so a fast hash is enough). Every request
 * looks its token up afresh, so a revocation holds from the next request in every process.
 */
import { createHash, randomBytes } from 'node:crypto';
import { notFound } from '../domain/errors';
import type { Member, Token, TokenKind } from '../domain/people';
import type { Role } from '../domain/permissions';
import { person, type Principal } from '../domain/principal';
import { newId } from './ids';
import { membershipSql, toMembership, type MembershipRow } from './membership';
import { prepared, type Pool, type Queryable } from './pool';

/** A member of a workspace, as tokens are minted for one. */
export type MemberRef = { workspaceId: string; memberId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateToken(): string {
  return `cast_${randomBytes(32).toString('base64url')}`;
}

export async function createWorkspace(pool: Queryable, name: string): Promise<string> {
  const id = newId('ws');
  await pool.query('insert into workspaces (id, name) values ($1, $2)', [id, name]);
  return id;
}

/**
 * A new member with `role`; without one, a workspace's default or first member is its owner
 * (a workspace always has one) and anyone after is a member.
 */
export async function createMember(pool: Queryable, workspaceId: string, name: string, isDefault = false, role?: Role): Promise<string> {
  const id = newId('mb');
  await pool.query(
    `insert into members (id, workspace_id, name, is_default, role)
     values ($1, $2, $3, $4, coalesce($5, case when $4 or not exists (select 1 from members where workspace_id = $2) then 'owner' else 'member' end))`,
    [id, workspaceId, name, isDefault, role ?? null],
  );
  return id;
}

export type NewToken = { kind: TokenKind; label: string; agentId?: string; expiresInMs?: number };

/** Stores `secret` (or a new one) as a token; idempotent for a known secret. Returns the secret and the token's id. */
export async function mintToken(
  db: Queryable,
  member: MemberRef,
  token: NewToken,
  secret = generateToken(),
): Promise<{ secret: string; id: string }> {
  const id = newId('tk');
  const { rows } = await db.query<{ id: string }>(
    `with inserted as (
       insert into api_tokens (id, workspace_id, member_id, token_hash, label, kind, agent_id, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::double precision / 1000))
       on conflict (token_hash) do nothing returning id)
     select id from inserted union all select id from api_tokens where token_hash = $4 limit 1`,
    [id, member.workspaceId, member.memberId, hashToken(secret), token.label, token.kind, token.agentId ?? null, token.expiresInMs ?? null],
  );
  return { secret, id: rows[0]!.id };
}

/** A person token for the member (start-up, tests, `cast member add`). */
export async function issueToken(pool: Queryable, member: MemberRef, label: string, secret = generateToken()): Promise<string> {
  return (await mintToken(pool, member, { kind: 'person', label }, secret)).secret;
}

type PrincipalRow = MembershipRow & {
  workspaceId: string;
  memberId: string;
  tokenId: string;
  kind: TokenKind;
  agentId: string | null;
  label: string;
  role: Role;
  expiresAt: Date | null;
};

/**
 * The principal a token stands for, with its member's role as it is now, or null when it is
 * unknown, revoked or expired, or its member was removed. Its last
 * use is written at most once a minute, in the same statement, so a busy agent's reads do
 * not each write a row.
 */
export async function findPrincipalByToken(pool: Pool, secret: string): Promise<Principal | null> {
  const { rows } = await pool.query<PrincipalRow>(
    prepared(
      pool,
      `with t as (
         select t.id, t.workspace_id, t.member_id, t.kind, t.agent_id, t.label, t.last_used_at, t.expires_at, m.role
           from api_tokens t join members m on m.id = t.member_id
          where t.token_hash = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > now()) and m.removed_at is null),
       touched as (
         update api_tokens set last_used_at = now()
          where id = (select id from t) and coalesce((select last_used_at from t) < now() - interval '1 minute', true))
       select workspace_id as "workspaceId", member_id as "memberId", id as "tokenId", kind, agent_id as "agentId", label, role,
              expires_at as "expiresAt", ${membershipSql('t.workspace_id', 't.member_id')} from t`,
      [hashToken(secret)],
    ),
  );
  const row = rows[0];
  if (!row) return null;
  const membership = toMembership(row);
  return row.kind === 'agent'
    ? {
        kind: 'agent',
        workspaceId: row.workspaceId,
        memberId: row.memberId,
        tokenId: row.tokenId,
        agentId: row.agentId!,
        tokenLabel: row.label,
        expiresAt: row.expiresAt,
        membership,
      }
    : {
        kind: 'person',
        workspaceId: row.workspaceId,
        memberId: row.memberId,
        tokenId: row.tokenId,
        role: row.role,
        expiresAt: row.expiresAt,
        membership,
      };
}

/** The default workspace and member that a fresh instance signs in as. */
export async function ensureDefaultMember(pool: Pool): Promise<Principal> {
  const existing = await pool.query<MemberRef & { role: Role }>(
    `select workspace_id as "workspaceId", id as "memberId", role from members where is_default order by created_at limit 1`,
  );
  if (existing.rows[0]) return person(existing.rows[0].workspaceId, existing.rows[0].memberId, existing.rows[0].role);
  const workspaceId = await createWorkspace(pool, 'Default workspace');
  const memberId = await createMember(pool, workspaceId, 'Owner', true);
  return person(workspaceId, memberId, 'owner');
}

export async function tokenBelongsTo(pool: Pool, secret: string, member: MemberRef): Promise<boolean> {
  const owner = await findPrincipalByToken(pool, secret);
  return owner?.kind === 'person' && owner.memberId === member.memberId;
}

type MemberRow = { id: string; name: string; role: Member['role']; created_at: Date; removed_at: Date | null; time_zone: string | null };

const MEMBER_COLUMNS = 'id, name, role, created_at, removed_at, time_zone';

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    removedAt: row.removed_at?.toISOString() ?? null,
    timeZone: row.time_zone,
  };
}

/** The workspace's members, oldest first; removed ones only when asked for. */
export async function listMembers(
  db: Queryable,
  workspaceId: string,
  options: { removed: boolean } = { removed: false },
): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from members where workspace_id = $1 and ($2 or removed_at is null) order by created_at, id`,
    [workspaceId, options.removed],
  );
  return rows.map(toMember);
}

export async function getMember(db: Queryable, workspaceId: string, id: string): Promise<Member | null> {
  const { rows } = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from members where workspace_id = $1 and id = $2`, [
    workspaceId,
    id,
  ]);
  return rows[0] ? toMember(rows[0]) : null;
}

type TokenRow = {
  id: string;
  label: string;
  kind: TokenKind;
  member_id: string;
  member_name: string;
  agent_id: string | null;
  agent_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
};

const TOKEN_SELECT = `select t.id, t.label, t.kind, t.member_id, m.name as member_name, t.agent_id, a.name as agent_name,
                             t.created_at, t.last_used_at, t.expires_at, t.revoked_at
                        from api_tokens t join members m on m.id = t.member_id left join agents a on a.id = t.agent_id`;

function toToken(row: TokenRow): Token {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    memberId: row.member_id,
    memberName: row.member_name,
    agentId: row.agent_id,
    agentName: row.agent_name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** The workspace's tokens (only `member`'s, when given), newest first; revoked ones only when asked for. */
export async function listTokens(db: Queryable, workspaceId: string, options: { revoked: boolean; member?: string }): Promise<Token[]> {
  const { rows } = await db.query<TokenRow>(
    `${TOKEN_SELECT} where t.workspace_id = $1 and ($2 or t.revoked_at is null) and ($3::text is null or t.member_id = $3)
      order by t.created_at desc, t.id`,
    [workspaceId, options.revoked, options.member ?? null],
  );
  return rows.map(toToken);
}

export async function getToken(db: Queryable, workspaceId: string, id: string): Promise<Token | null> {
  const { rows } = await db.query<TokenRow>(`${TOKEN_SELECT} where t.workspace_id = $1 and t.id = $2`, [workspaceId, id]);
  return rows[0] ? toToken(rows[0]) : null;
}

/**
 * Revokes the token, and the browser sessions opened with it; revoking twice keeps the first
 * time. The next request with it is a 401 in every API process: nothing caches a token.
 */
export async function revokeToken(db: Queryable, workspaceId: string, id: string): Promise<Token> {
  const { rows } = await db.query<{ id: string }>(
    `with revoked as (
       update api_tokens set revoked_at = coalesce(revoked_at, now()) where workspace_id = $1 and id = $2 returning id),
     sessions as (
       update web_sessions set revoked_at = coalesce(revoked_at, now()) where token_id in (select id from revoked))
     select id from revoked`,
    [workspaceId, id],
  );
  if (!rows[0]) throw notFound('token');
  return (await getToken(db, workspaceId, id))!;
}
