/**
 * FR-13: every open approval and escalation is in the queue. One written without its
 * decision (by an older version of Cast, by a direct import, or left by a failed filing) is
 * given one here: the record is claimed (its decision id set, once) in the same transaction
 * that allocates the id, and the sweep workflow starts the decision's workflow.
 */
import { approvalDecision, escalationDecision } from '../domain/record-projection';
import { decisionIdOf, type DecisionStart, type RecordKind } from '../domain/decision';
import { DecisionContentSchema } from '../domain/decision-schema';
import type { ApprovalActionType, RiskFlag } from '../domain/approval';
import { withTransaction, type Pool } from '../db/pool';
import { linksOf, setRecordDecision, type LinkColumns } from '../db/records';

type Unprojected = LinkColumns & {
  kind: RecordKind;
  id: string;
  workspace_id: string;
  filed_by: string;
  action_type: ApprovalActionType | null;
  summary: string;
  context: string | null;
  risks: RiskFlag[] | null;
  must_decide: string | null;
  options: string[] | null;
  attempts: string[] | null;
  confidence: number | null;
};

/** Records older than this without a decision are the projection's; younger ones are still being filed by the API. */
const GRACE = '1 minute';

export async function projectRecords(pool: Pool, limit = 100): Promise<DecisionStart[]> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Unprojected>(
      `select 'approval' as kind, id, workspace_id, proposed_by as filed_by, agent_id, task_id, session_id, run_id,
              action_type, summary, context, risks, null as must_decide, null::text[] as options, null::text[] as attempts, null::real as confidence
         from approvals where decision_id is null and status = 'pending' and created_at < now() - interval '${GRACE}'
       union all
       select 'escalation', id, workspace_id, raised_by, agent_id, task_id, session_id, run_id,
              null, summary, null, null, must_decide, options, attempts, confidence
         from escalations where decision_id is null and status = 'open' and created_at < now() - interval '${GRACE}'
       limit $1`,
      [limit],
    );
    const starts: DecisionStart[] = [];
    for (const row of rows) {
      const content =
        row.kind === 'approval'
          ? approvalDecision({
              actionType: row.action_type!,
              summary: row.summary,
              ...(row.context ? { context: row.context } : {}),
              risks: row.risks ?? [],
            })
          : escalationDecision({
              summary: row.summary,
              mustDecide: row.must_decide!,
              ...(row.options ? { options: row.options } : {}),
              attempts: row.attempts ?? [],
              ...(row.confidence !== null ? { confidence: row.confidence } : {}),
            });
      // A record too long for a decision's limits still gets one, trimmed by the schema's rules.
      const parsed = DecisionContentSchema.safeParse(content);
      if (!parsed.success) continue;
      const number = (await client.query<{ n: number }>(`select nextval('decision_number_seq') as n`)).rows[0]!.n;
      const id = decisionIdOf(number);
      const record = { kind: row.kind, id: row.id };
      const links = linksOf(row);
      if (!(await setRecordDecision(client, row.workspace_id, record, id, links))) continue;
      starts.push({
        ...parsed.data,
        id,
        number,
        workspaceId: row.workspace_id,
        filedBy: row.filed_by,
        links: { ...links, missionId: null },
        messagesAtAsk: null,
        droppedAsks: 0,
        source: record,
      });
    }
    return starts;
  });
}
