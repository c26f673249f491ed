/**
 * FR-13: every open approval and escalation is in the queue. One written without its
 * decision (by an older version of Cast, by a direct import, or left by a failed filing) is
 * given one here: the record is claimed (its decision id set, once) in the same transaction
 * that allocates the id, and the sweep workflow starts the decision's workflow.
 */
import { approvalDecision, escalationDecision } from '../domain/record-projection';
import { decisionIdOf, type DecisionStart } from '../domain/decision';
import { DecisionContentSchema } from '../domain/decision-schema';
import type { ApprovalActionType, RiskFlag } from '../domain/approval';
import { withTransaction, type Pool } from '../db/pool';

type Unprojected = {
  kind: 'approval' | 'escalation';
  id: string;
  workspace_id: string;
  filed_by: string;
  agent_id: string | null;
  task_id: string | null;
  session_id: string | null;
  run_id: string | null;
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
      const table = row.kind === 'approval' ? 'approvals' : 'escalations';
      const claimed = await client.query(`update ${table} set decision_id = $2 where id = $1 and decision_id is null`, [row.id, id]);
      if (claimed.rowCount === 0) continue;
      starts.push({
        ...parsed.data,
        id,
        number,
        workspaceId: row.workspace_id,
        filedBy: row.filed_by,
        links: { sessionId: row.session_id, agentId: row.agent_id, taskId: row.task_id, runId: row.run_id, missionId: null },
        messagesAtAsk: null,
        droppedAsks: 0,
        source: { kind: row.kind, id: row.id },
      });
    }
    return starts;
  });
}
