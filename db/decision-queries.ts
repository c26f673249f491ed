/**
 * Read-model queries for decisions. Reads never touch Temporal: the rows are what the
 * workflows mirrored. Every query is scoped by workspace, so another workspace's id is
 * simply not found.
 */
import type { AnswerValue, Ask } from '../domain/ask';
import type { AskState, DecisionStatus, DecisionView } from '../domain/decision';
import type { Pool } from './pool';

type DecisionRow = {
  id: string;
  question: string;
  context: string | null;
  status: DecisionStatus;
  filed_by: string;
  revision: number;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
  asks_required: number;
  asks_answered: number;
};

type AskRow = {
  decision_id: string;
  position: number;
  kind: Ask['kind'];
  prompt: string;
  required: boolean;
  spec: Record<string, unknown>;
  status: AskState['status'];
  answer: AnswerValue | null;
  reason: string | null;
  answered_by: string | null;
  answered_at: Date | null;
};

const DECISION_COLUMNS = `id, question, context, status, filed_by, revision, created_at, updated_at,
  resolved_at, asks_required, asks_answered`;

function toAsk(row: AskRow): AskState {
  return {
    ...(row.spec as Omit<Ask, 'kind' | 'prompt' | 'required'>),
    kind: row.kind,
    prompt: row.prompt,
    required: row.required,
    position: row.position,
    status: row.status,
    answer:
      row.answer && row.answered_by && row.answered_at
        ? { value: row.answer, reason: row.reason, answeredBy: row.answered_by, answeredAt: row.answered_at.toISOString() }
        : null,
  } as AskState;
}

function toView(row: DecisionRow, asks: AskState[]): DecisionView {
  return {
    id: row.id as DecisionView['id'],
    question: row.question,
    context: row.context,
    status: row.status,
    asks,
    filedBy: row.filed_by,
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    progress: { answered: row.asks_answered, required: row.asks_required },
  };
}

async function asksOf(pool: Pool, ids: string[]): Promise<Map<string, AskState[]>> {
  const byDecision = new Map<string, AskState[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDecision;
  const { rows } = await pool.query<AskRow>(
    `select decision_id, position, kind, prompt, required, spec, status, answer, reason, answered_by, answered_at
       from decision_asks where decision_id = any($1) order by decision_id, position`,
    [ids],
  );
  for (const row of rows) byDecision.get(row.decision_id)?.push(toAsk(row));
  return byDecision;
}

export async function getDecision(pool: Pool, workspaceId: string, id: string): Promise<DecisionView | null> {
  const { rows } = await pool.query<DecisionRow>(
    `select ${DECISION_COLUMNS} from decisions where workspace_id = $1 and id = $2`,
    [workspaceId, id],
  );
  const row = rows[0];
  if (!row) return null;
  const asks = await asksOf(pool, [row.id]);
  return toView(row, asks.get(row.id) ?? []);
}

export type DecisionListQuery = { status?: DecisionStatus; limit: number };

/** Newest first for now; the queue's ranked order arrives with the lifecycle work. */
export async function listDecisions(pool: Pool, workspaceId: string, query: DecisionListQuery): Promise<DecisionView[]> {
  const { rows } = await pool.query<DecisionRow>(
    `select ${DECISION_COLUMNS} from decisions
      where workspace_id = $1 and ($2::text is null or status = $2)
      order by created_at desc, number desc limit $3`,
    [workspaceId, query.status ?? null, query.limit],
  );
  const asks = await asksOf(pool, rows.map((row) => row.id));
  return rows.map((row) => toView(row, asks.get(row.id) ?? []));
}

export async function nextDecisionNumber(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select nextval('decision_number_seq') as n`);
  return rows[0]!.n;
}
