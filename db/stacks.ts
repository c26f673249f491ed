/** Read-model queries for stacks; scoped by workspace, so another workspace's stack is not found. */
import { toStackView, type StackSnapshot, type StackView } from '../domain/stack';
import type { Pool } from './pool';

export async function getStack(pool: Pool, workspaceId: string, id: string): Promise<StackView | null> {
  const { rows } = await pool.query<{ snapshot: StackSnapshot; now: Date }>(
    'select snapshot, now() as now from stacks where workspace_id = $1 and id = $2',
    [workspaceId, id],
  );
  return rows[0] ? toStackView(rows[0].snapshot, rows[0].now) : null;
}

/** Open stacks first, overdue ones leading, then newest. */
export async function listStacks(
  pool: Pool,
  workspaceId: string,
  status: 'open' | 'closed' | undefined,
  limit: number,
): Promise<StackView[]> {
  const { rows } = await pool.query<{ snapshot: StackSnapshot; now: Date }>(
    `select snapshot, now() as now from stacks
      where workspace_id = $1 and ($2::text is null or status = $2)
      order by status = 'open' desc, (due_at < now()) desc nulls last, created_at desc limit $3`,
    [workspaceId, status ?? null, limit],
  );
  return rows.map((row) => toStackView(row.snapshot, row.now));
}

/** Which of these decisions already sit in a stack, and where. */
export async function stacksOf(pool: Pool, workspaceId: string, decisionIds: string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ decision_id: string; stack_id: string }>(
    'select decision_id, stack_id from stack_members where workspace_id = $1 and decision_id = any($2)',
    [workspaceId, decisionIds],
  );
  return new Map(rows.map((row) => [row.decision_id, row.stack_id]));
}

export async function nextStackNumber(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select nextval('stack_number_seq') as n`);
  return rows[0]!.n;
}

/** Moves the number sequence `count` further on (gaps are fine: numbers only have to be unique). */
export async function skipStackNumbers(pool: Pool, count: number): Promise<void> {
  await pool.query(`select setval('stack_number_seq', nextval('stack_number_seq') + $1)`, [count]);
}
