/**
 * The Inbox (AW-03 §6.16): the message center's mirror of approvals and escalations. Each
 * is a message that links to its decision in the queue; a reply routes to the record.
 */
import type { InboxMessage } from '../domain/inbox';
import type { Pool } from './pool';

export type { InboxMessage };

export async function listInbox(pool: Pool, workspaceId: string, limit: number): Promise<InboxMessage[]> {
  const { rows } = await pool.query<{
    id: string;
    kind: InboxMessage['kind'];
    title: string;
    body: string | null;
    status: InboxMessage['status'];
    open: boolean;
    decision_id: string | null;
    agent_name: string | null;
    risks: InboxMessage['risks'];
    answer: string | null;
    answered_by: string | null;
    answered_by_name: string | null;
    created_at: Date;
  }>(
    `select m.*, who.name as answered_by_name from (
       select 'approval:' || p.id as id, 'approval' as kind, p.summary as title, p.context as body, p.status,
              p.status = 'pending' as open, p.decision_id, a.name as agent_name, p.risks,
              p.reason as answer, p.decided_by as answered_by, p.created_at
         from approvals p left join agents a on a.id = p.agent_id where p.workspace_id = $1
       union all
       select 'escalation:' || e.id, 'escalation', e.must_decide, e.summary, e.status,
              e.status = 'open', e.decision_id, a.name, '{}'::text[], e.resolution, e.resolved_by, e.created_at
         from escalations e left join agents a on a.id = e.agent_id where e.workspace_id = $1
     ) m left join members who on who.workspace_id = $1 and who.id = m.answered_by
     order by m.open desc, m.created_at desc limit $2`,
    [workspaceId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    status: row.status,
    open: row.open,
    decisionId: row.decision_id,
    agentName: row.agent_name,
    risks: row.risks,
    answer: row.answer,
    answeredBy: row.answered_by,
    answeredByName: row.answered_by_name,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The sidebar's Inbox count: messages still waiting for a reply (a pending approval, an open escalation). */
export async function countOpenInbox(pool: Pool, workspaceId: string): Promise<number> {
  const { rows } = await pool.query<{ open: number }>(
    `select (select count(*) from approvals where workspace_id = $1 and status = 'pending')
          + (select count(*) from escalations where workspace_id = $1 and status = 'open') as open`,
    [workspaceId],
  );
  return Number(rows[0]!.open);
}
