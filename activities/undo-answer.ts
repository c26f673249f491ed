/**
 * The side effects of Undo (FR-39, FR-40). The workflow has already checked the window; what
 * only the database can answer atomically — has the restarted run begun? — is settled here,
 * under the same row lock a host's claim takes, so undo and claim cannot both win.
 */
import type { DecisionSnapshot } from '../domain/decision';
import { DomainError } from '../domain/errors';
import { SYSTEM_ACTOR } from '../domain/activity';
import { withdrawalMessage } from '../domain/undo';
import { recordActivity } from '../db/activity';
import { withTransaction, type Pool } from '../db/pool';
import { getRun, updateRunStatus } from '../db/runs';
import { appendMessage } from '../db/session-messages';
import { addTaskComment } from '../db/task-comments';
import { getTask } from '../db/tasks';

export type CancelOutcome = { began: false; cancelled: boolean } | { began: true; agentName: string | null };

/**
 * Cancels the run an answer restarted while it is still queued or ready, and hands the
 * conversation back to the parked run it continued, so answering again restarts it afresh.
 */
export async function cancelRestart(pool: Pool, decision: DecisionSnapshot, runId: string): Promise<CancelOutcome> {
  return withTransaction(pool, async (client) => {
    const access = { workspaceId: decision.workspaceId };
    const run = await getRun(client, access, runId);
    if (!run || run.status === 'cancelled') return { began: false, cancelled: false };
    try {
      // Checked under the run's row lock, the same one a host's claim takes.
      await updateRunStatus(client, access, runId, { status: 'cancelled' }, SYSTEM_ACTOR, ['queued', 'ready']);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'run_not_ready') throw error;
      const agent = await client.query<{ name: string }>('select name from agents where workspace_id = $1 and id = $2', [
        decision.workspaceId,
        decision.links.agentId,
      ]);
      return { began: true, agentName: agent.rows[0]?.name ?? null };
    }
    if (run.restartedFrom) {
      const reparked = await client.query(
        `update runs set status = 'parked', ended_at = null
          where workspace_id = $1 and id = $2 and status = 'completed' returning id`,
        [decision.workspaceId, run.restartedFrom],
      );
      if (reparked.rowCount) {
        await recordActivity(client, {
          workspaceId: decision.workspaceId,
          subjectKind: 'run',
          subjectId: run.restartedFrom,
          kind: 'status_changed',
          actorKind: 'system',
          detail: { from: 'completed', to: 'parked', because: 'undo', decisionId: decision.id },
        });
      }
    }
    return { began: false, cancelled: true };
  });
}

/**
 * Tells the agent an answer was withdrawn (FR-40): into the asking session's message log,
 * which is how a live run receives it, and onto the linked task's thread. The decision
 * itself keeps the withdrawn answer on the ask.
 */
export async function postWithdrawal(pool: Pool, decision: DecisionSnapshot, position: number): Promise<string | null> {
  const ask = decision.asks[position - 1];
  const withdrawn = ask?.withdrawnAnswers?.at(-1);
  if (!ask || !withdrawn) return null;
  const body = withdrawalMessage(ask);
  const key = `decision:${decision.id}:undo:${position}:${withdrawn.withdrawnAt}`;
  await withTransaction(pool, async (client) => {
    const { workspaceId, links } = decision;
    if (links.sessionId) {
      await appendMessage(client, {
        workspaceId,
        sessionId: links.sessionId,
        role: 'user',
        kind: 'withdrawal',
        body,
        decisionId: decision.id,
        dedupeKey: key,
      });
    }
    if (links.taskId && (await getTask(client, workspaceId, links.taskId))) {
      await addTaskComment(client, {
        workspaceId,
        taskId: links.taskId,
        author: { kind: 'member', id: withdrawn.withdrawnBy },
        body,
        decisionId: decision.id,
        dedupeKey: key,
      });
    }
  });
  return body;
}
