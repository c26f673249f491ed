/** Approvals in Postgres (AW-03 §5.1). Scoped by workspace: another workspace's reads as missing. */
import type { Approval, ApprovalStatus, ProposeApprovalBody } from '../domain/approval';
import { newId } from './ids';
import type { Queryable } from './pool';
import { linksOf, type LinkColumns } from './records';

type Row = LinkColumns & {
  id: string;
  action_type: Approval['actionType'];
  summary: string;
  risks: Approval['risks'];
  payload: Record<string, unknown>;
  status: ApprovalStatus;
  decision_id: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  created_at: Date;
};

const COLUMNS = `id, action_type, summary, risks, payload, status, decision_id, decided_by, decided_at, reason,
  agent_id, task_id, session_id, run_id, created_at`;

function toApproval(row: Row): Approval {
  return {
    id: row.id,
    actionType: row.action_type,
    summary: row.summary,
    risks: row.risks,
    payload: row.payload,
    status: row.status,
    decisionId: row.decision_id,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
    links: linksOf(row),
    createdAt: row.created_at.toISOString(),
  };
}

export async function insertApproval(
  db: Queryable,
  workspaceId: string,
  proposedBy: string,
  body: ProposeApprovalBody,
  links: Approval['links'],
): Promise<Approval> {
  const { rows } = await db.query<Row>(
    `insert into approvals (id, workspace_id, action_type, summary, context, risks, payload, proposed_by, agent_id, task_id, session_id, run_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
    [
      newId('apr'),
      workspaceId,
      body.actionType,
      body.summary,
      body.context ?? null,
      body.risks,
      JSON.stringify(body.payload ?? {}),
      proposedBy,
      links.agentId,
      links.taskId,
      links.sessionId,
      links.runId,
    ],
  );
  return toApproval(rows[0]!);
}

export async function getApproval(db: Queryable, workspaceId: string, id: string): Promise<Approval | null> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from approvals where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toApproval(rows[0]) : null;
}

export async function listApprovals(
  db: Queryable,
  workspaceId: string,
  status: ApprovalStatus | undefined,
  limit: number,
): Promise<Approval[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from approvals where workspace_id = $1 and ($2::text is null or status = $2) order by created_at desc limit $3`,
    [workspaceId, status ?? null, limit],
  );
  return rows.map(toApproval);
}

/** The verdict, written when the carrying decision resolves; `null` returns it to pending (undo). */
export async function recordApprovalVerdict(
  db: Queryable,
  workspaceId: string,
  id: string,
  verdict: { status: 'approved' | 'rejected'; by: string; at: string; reason: string | null } | null,
): Promise<void> {
  await db.query(`update approvals set status = $3, decided_by = $4, decided_at = $5, reason = $6 where workspace_id = $1 and id = $2`, [
    workspaceId,
    id,
    verdict?.status ?? 'pending',
    verdict?.by ?? null,
    verdict?.at ?? null,
    verdict?.reason ?? null,
  ]);
}
