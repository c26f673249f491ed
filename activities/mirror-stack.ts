/**
 * Writes a stack snapshot into the read model: the stack row and its members' rows, in one
 * transaction, applied only when newer than the stored row (the mirror rule, DESIGN §1).
 */
import type { Pool } from 'pg';
import type { StackSnapshot } from '../domain/stack';
import { withTransaction } from '../db/pool';

export async function mirrorStack(pool: Pool, snapshot: StackSnapshot): Promise<'applied' | 'stale'> {
  return withTransaction(pool, async (client) => {
    const upsert = await client.query(
      `insert into stacks (id, number, workspace_id, title, status, due_at, auto_default_ms, created_by, revision,
         snapshot, created_at, updated_at, closed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       on conflict (id) do update set
         title = excluded.title, status = excluded.status, due_at = excluded.due_at,
         auto_default_ms = excluded.auto_default_ms, revision = excluded.revision, snapshot = excluded.snapshot,
         updated_at = excluded.updated_at, closed_at = excluded.closed_at
       where stacks.revision < excluded.revision`,
      [
        snapshot.id,
        snapshot.number,
        snapshot.workspaceId,
        snapshot.title,
        snapshot.status,
        snapshot.dueAt,
        snapshot.autoDefaultMs,
        snapshot.createdBy,
        snapshot.revision,
        JSON.stringify(snapshot),
        snapshot.createdAt,
        snapshot.updatedAt,
        snapshot.closedAt,
      ],
    );
    if (upsert.rowCount === 0) return 'stale';
    await client.query('delete from stack_members where stack_id = $1', [snapshot.id]);
    if (snapshot.members.length > 0) {
      // A decision is in one stack; joining another moves its row (the API refuses that first).
      await client.query(
        `insert into stack_members (decision_id, workspace_id, stack_id, position, joined_at)
         select m.decision_id, $1, $2, m.position, m.joined_at
           from unnest($3::text[], $4::int[], $5::timestamptz[]) as m (decision_id, position, joined_at)
         on conflict (decision_id) do update set stack_id = excluded.stack_id, position = excluded.position, joined_at = excluded.joined_at`,
        [
          snapshot.workspaceId,
          snapshot.id,
          snapshot.members.map((member) => member.decisionId),
          snapshot.members.map((_, index) => index + 1),
          snapshot.members.map((member) => member.joinedAt),
        ],
      );
    }
    return 'applied';
  });
}
