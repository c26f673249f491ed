/**
 * The decisions `POST /rules/test` tries a rule on (issue 42 item 5): the workspace's last 30
 * days, newest first, with what the decisions row keeps about where each came from.
 */
import type { DecisionSnapshot } from '../domain/decision-view-schema';
import type { Queryable } from './pool';

export type TrialDecision = {
  snapshot: DecisionSnapshot;
  agentId: string | null;
  sessionId: string | null;
  project: string | null;
  cluster: string | null;
  assigneeKey: string;
  filedBy: string;
  createdAt: string;
};

/** At most `limit` decisions filed since `since`: a trial reads a bounded window, never the whole history. */
export async function trialDecisions(db: Queryable, workspaceId: string, since: Date, limit = 2000): Promise<TrialDecision[]> {
  const { rows } = await db.query<{
    snapshot: DecisionSnapshot;
    agent_id: string | null;
    session_id: string | null;
    scope: string | null;
    fingerprint: string | null;
    assignee_key: string;
    filed_by: string;
    created_at: Date;
  }>(
    `select snapshot, agent_id, session_id, scope, fingerprint, assignee_key, filed_by, created_at
       from decisions
      where workspace_id = $1 and created_at >= $2
      order by created_at desc, number desc
      limit $3`,
    [workspaceId, since, limit],
  );
  return rows.map((row) => ({
    snapshot: row.snapshot,
    agentId: row.agent_id,
    sessionId: row.session_id,
    project: row.scope,
    cluster: row.fingerprint,
    assigneeKey: row.assignee_key,
    filedBy: row.filed_by,
    createdAt: row.created_at.toISOString(),
  }));
}
