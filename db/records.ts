/**
 * What approvals and escalations share as records (AW-03 §5.1): the decision that carries one
 * into the queue, set once, and what the record links to. The rest of each is its own
 * (`approvals.ts`, `escalations.ts`).
 */
import type { RecordRef } from '../domain/decision';
import type { RecordLinks } from '../domain/record-links';
import type { Queryable } from './pool';

const TABLE = { approval: 'approvals', escalation: 'escalations' } as const;

/** A record row's link columns. */
export type LinkColumns = { agent_id: string | null; task_id: string | null; session_id: string | null; run_id: string | null };

export function linksOf(row: LinkColumns): RecordLinks {
  return { agentId: row.agent_id, taskId: row.task_id, sessionId: row.session_id, runId: row.run_id };
}

/**
 * Links the record to the decision that carries it, and to what that decision linked. Only
 * once: false when another decision carries it already.
 */
export async function setRecordDecision(
  db: Queryable,
  workspaceId: string,
  record: RecordRef,
  decisionId: string,
  links: RecordLinks,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update ${TABLE[record.kind]} set decision_id = $3, agent_id = $4, task_id = $5, session_id = $6, run_id = $7
      where workspace_id = $1 and id = $2 and decision_id is null`,
    [workspaceId, record.id, decisionId, links.agentId, links.taskId, links.sessionId, links.runId],
  );
  return rowCount === 1;
}

/** What a record reads while its decision waits: an approval is pending, an escalation open. */
const WAITING = { approval: 'pending', escalation: 'open' } as const;

/**
 * Sets a waiting record aside (`archived`) or makes an archived one wait again, as its decision
 * is archived or restored (AW-03 §10). True when it changed; a settled record never does.
 */
export async function setRecordArchived(db: Queryable, workspaceId: string, record: RecordRef, archived: boolean): Promise<boolean> {
  const [from, to] = archived ? [WAITING[record.kind], 'archived'] : ['archived', WAITING[record.kind]];
  const touched = record.kind === 'escalation' ? ', updated_at = now()' : '';
  const { rowCount } = await db.query(
    `update ${TABLE[record.kind]} set status = $4${touched} where workspace_id = $1 and id = $2 and status = $3`,
    [workspaceId, record.id, from, to],
  );
  return rowCount === 1;
}

/** Removes a record no decision carries (its filing failed); one already in the queue stays. */
export async function deleteUncarriedRecord(db: Queryable, workspaceId: string, record: RecordRef): Promise<void> {
  await db.query(`delete from ${TABLE[record.kind]} where workspace_id = $1 and id = $2 and decision_id is null`, [workspaceId, record.id]);
}
