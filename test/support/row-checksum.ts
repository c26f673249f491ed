/**
 * A digest of every row a workspace owns, per table, so a test can tell that a request
 * changed nothing — no row added, removed or altered — and name the tables that did change.
 */
import type { Pool } from '../../db/pool';

/** Everything a write through the API can touch, scoped by `workspace_id`. */
export const WORKSPACE_TABLES = [
  'decisions',
  'decision_keys',
  'decision_documents',
  'stacks',
  'stack_members',
  'approvals',
  'escalations',
  'tasks',
  'task_blockers',
  'task_comments',
  'sessions',
  'session_messages',
  'runs',
  'agents',
  'missions',
  'webhook_endpoints',
  'workspace_settings',
  'activity',
  'members',
  'api_tokens',
  'answer_link_uses',
  'notification_settings',
  'digest_runs',
  'slack_links',
  'slack_messages',
  'slack_workspace_settings',
  'teams',
  'rules',
  'rule_hits',
] as const;

/** A row as compared: whole, except what a request records by merely being made (a token's last use). */
const ROW: Partial<Record<(typeof WORKSPACE_TABLES)[number], string>> = {
  api_tokens: '(t.id, t.member_id, t.token_hash, t.label, t.kind, t.agent_id, t.expires_at, t.revoked_at)',
};

export type RowDigest = Record<(typeof WORKSPACE_TABLES)[number], string>;

// Each table: its row count and an order-independent hash of its rows' full text.
const QUERY = `select ${WORKSPACE_TABLES.map(
  (table) =>
    `(select count(*) || ':' || md5(coalesce(string_agg(md5(${ROW[table] ?? 't'}::text), '' order by md5(${ROW[table] ?? 't'}::text)), '')) from ${table} t where t.workspace_id = $1) as ${table}`,
).join(',\n')}`;

export async function rowDigest(pool: Pool, workspaceId: string): Promise<RowDigest> {
  const { rows } = await pool.query<RowDigest>(QUERY, [workspaceId]);
  return rows[0]!;
}

/** The tables whose rows differ between two digests, with their row counts before → after. */
export function changedTables(before: RowDigest, after: RowDigest): string[] {
  return WORKSPACE_TABLES.filter((table) => before[table] !== after[table]).map(
    (table) => `${table} (${before[table].split(':')[0]} → ${after[table].split(':')[0]} rows)`,
  );
}
