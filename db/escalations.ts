/**
 * Escalations in Postgres (AW-03 §5.1). A raise with the dedupe key of an open escalation its
 * own principal raised updates that one (its attempt trail grows) instead of opening another.
 */
import type { Escalation, RaiseEscalationBody } from '../domain/escalation';
import { newId } from './ids';
import type { Queryable } from './pool';
import { linksOf, type LinkColumns } from './records';

type Row = LinkColumns & {
  id: string;
  reason_code: Escalation['reasonCode'];
  summary: string;
  must_decide: string;
  options: string[] | null;
  attempts: string[];
  confidence: number | null;
  dedupe_key: string | null;
  status: Escalation['status'];
  decision_id: string | null;
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `id, reason_code, summary, must_decide, options, attempts, confidence, dedupe_key, status, decision_id,
  resolution, resolved_by, resolved_at, agent_id, task_id, session_id, run_id, created_at, updated_at`;

function toEscalation(row: Row): Escalation {
  return {
    id: row.id,
    reasonCode: row.reason_code,
    summary: row.summary,
    mustDecide: row.must_decide,
    options: row.options,
    attempts: row.attempts,
    confidence: row.confidence,
    dedupeKey: row.dedupe_key,
    status: row.status,
    decisionId: row.decision_id,
    resolution: row.resolution,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    links: linksOf(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Whose dedupe keys a raise shares (issue 38 item 3): an agent's, whichever of its tokens
 * raised it, or a person's own. Another principal's key is another key.
 */
export function dedupeOwner(raiser: { kind: 'agent'; agentId: string } | { kind: 'person'; memberId: string }): string {
  return raiser.kind === 'agent' ? `agent:${raiser.agentId}` : `member:${raiser.memberId}`;
}

/** The open (or archived) escalation this owner raised under this key, if any. */
export async function findKeyedEscalation(
  db: Queryable,
  workspaceId: string,
  owner: string,
  dedupeKey: string,
): Promise<Escalation | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from escalations
      where workspace_id = $1 and dedupe_owner = $2 and dedupe_key = $3 and status in ('open', 'archived')`,
    [workspaceId, owner, dedupeKey],
  );
  return rows[0] ? toEscalation(rows[0]) : null;
}

/**
 * Writes the escalation, or — when its owner has an open one with the same dedupe key — merges
 * into it: the newer summary and question, the attempt trails joined. Atomic under the key's
 * index. An archived one still holds its key (migration 0021), so a restore never meets a twin.
 */
export async function upsertEscalation(
  db: Queryable,
  workspaceId: string,
  raisedBy: { memberId: string; owner: string },
  body: RaiseEscalationBody,
  links: Escalation['links'],
): Promise<{ escalation: Escalation; created: boolean }> {
  const { rows } = await db.query<Row & { inserted: boolean }>(
    `insert into escalations (id, workspace_id, reason_code, summary, must_decide, options, attempts, confidence, dedupe_key,
       raised_by, agent_id, task_id, session_id, run_id, dedupe_owner)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (workspace_id, dedupe_owner, dedupe_key) where status in ('open', 'archived') and dedupe_key is not null do update set
       reason_code = excluded.reason_code, summary = excluded.summary, must_decide = excluded.must_decide,
       options = excluded.options, attempts = escalations.attempts || excluded.attempts,
       confidence = coalesce(excluded.confidence, escalations.confidence), updated_at = now()
     returning ${COLUMNS}, (xmax = 0) as inserted`,
    [
      newId('esc'),
      workspaceId,
      body.reasonCode,
      body.summary,
      body.mustDecide,
      body.options ?? null,
      body.attempts,
      body.confidence ?? null,
      body.dedupeKey ?? null,
      raisedBy.memberId,
      links.agentId,
      links.taskId,
      links.sessionId,
      links.runId,
      raisedBy.owner,
    ],
  );
  const row = rows[0]!;
  return { escalation: toEscalation(row), created: row.inserted };
}

export async function getEscalation(db: Queryable, workspaceId: string, id: string): Promise<Escalation | null> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from escalations where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toEscalation(rows[0]) : null;
}

export async function listEscalations(
  db: Queryable,
  workspaceId: string,
  query: { status?: Escalation['status']; taskId?: string; limit: number },
): Promise<Escalation[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from escalations where workspace_id = $1 and ($2::text is null or status = $2) and ($3::text is null or task_id = $3)
      order by created_at desc limit $4`,
    [workspaceId, query.status ?? null, query.taskId ?? null, query.limit],
  );
  return rows.map(toEscalation);
}

/** The resolution, written when the carrying decision resolves; `null` reopens it (undo). */
export async function recordEscalationResolution(
  db: Queryable,
  workspaceId: string,
  id: string,
  resolution: { text: string; by: string; at: string } | null,
): Promise<void> {
  await db.query(
    `update escalations set status = $3, resolution = $4, resolved_by = $5, resolved_at = $6, updated_at = now() where workspace_id = $1 and id = $2`,
    [workspaceId, id, resolution ? 'resolved' : 'open', resolution?.text ?? null, resolution?.by ?? null, resolution?.at ?? null],
  );
}
