/**
 * What the detail pane shows beside a decision (FR-10, FR-11, FR-60): the names behind its
 * links, whether its run and task are holding work, who answered, and the lines §6.18 says.
 */
import { deliveryLine, pendingLine } from '../domain/answer-message';
import type { DecisionView } from '../domain/decision';
import type { RunStatus } from '../domain/run';
import { livenessOf, type Liveness } from '../domain/session';
import { restartedBy, undoState, type UndoState } from '../domain/undo';
import type { Pool } from './pool';

export type DecisionDetail = {
  agent: { id: string; name: string } | null;
  task: { id: string; title: string; status: string } | null;
  mission: { id: string; name: string } | null;
  session: { id: string; liveness: Liveness; messageCount: number; scope: string | null } | null;
  run: { id: string; status: string } | null;
  /** Names of the members who filed or answered it, by id. */
  members: Record<string, string>;
  lines: { pending: string | null; delivery: string | null };
  /** What Undo offers on each answered ask, by position (FR-37, FR-38). */
  undo: Record<number, UndoState>;
};

export async function decisionDetail(pool: Pool, workspaceId: string, decision: DecisionView): Promise<DecisionDetail> {
  const { links } = decision;
  const memberIds = [
    decision.filedBy,
    ...(decision.archived?.by ? [decision.archived.by] : []),
    ...decision.asks.flatMap((ask) => [
      ...(ask.answer ? [ask.answer.answeredBy] : []),
      ...(ask.withdrawnAnswers ?? []).flatMap((withdrawn) => [withdrawn.answeredBy, withdrawn.withdrawnBy]),
    ]),
  ];
  const { rows } = await pool.query(
    `select
       (select json_build_object('id', id, 'name', name) from agents where workspace_id = $1 and id = $2) as agent,
       (select json_build_object('id', id, 'title', title, 'status', status) from tasks
         where workspace_id = $1 and id = $3 and deleted_at is null) as task,
       (select json_build_object('id', id, 'name', name) from missions where workspace_id = $1 and id = $4) as mission,
       (select json_build_object('id', id, 'messageCount', message_count, 'scope', scope,
                                 'stoppedAt', stopped_at, 'lastHeartbeatAt', last_heartbeat_at, 'now', now())
          from sessions where workspace_id = $1 and id = $5) as session,
       (select json_build_object('id', id, 'status', status) from runs where workspace_id = $1 and id = $6) as run,
       (select coalesce(json_object_agg(id, name), '{}') from members where workspace_id = $1 and id = any($7)) as members,
       (select status from runs where workspace_id = $1 and id = $8) as restarted_status,
       now() as now`,
    [workspaceId, links.agentId, links.taskId, links.missionId, links.sessionId, links.runId, memberIds, restartedBy(decision)],
  );
  const row = rows[0];
  const session = row.session
    ? {
        id: row.session.id,
        liveness: livenessOf({ stoppedAt: row.session.stoppedAt, lastHeartbeatAt: row.session.lastHeartbeatAt }, new Date(row.session.now)),
        messageCount: row.session.messageCount,
        scope: row.session.scope,
      }
    : null;
  const agentName: string | null = row.agent?.name ?? null;
  const restartedStatus: RunStatus | null = row.restarted_status ?? null;
  const undo: Record<number, UndoState> = {};
  for (const ask of decision.asks) {
    const state = undoState(decision, ask, restartedStatus, new Date(row.now));
    if (state) undo[ask.position] = state;
  }
  return {
    agent: row.agent,
    task: row.task,
    mission: row.mission,
    session,
    run: row.run,
    members: row.members,
    lines: {
      pending: decision.status === 'open' ? pendingLine(decision.progress, agentName) : null,
      delivery: decision.delivery ? deliveryLine(decision.delivery, agentName) : null,
    },
    undo,
  };
}
