/**
 * Resolves what a filing links to — its session, agent, task (and through it the mission)
 * and run — checking each belongs to the caller's workspace. A session another member owns
 * reads as not found (DESIGN §4).
 */
import type { DecisionLinks, FileDecisionBody } from '../../domain/decision';
import { agentNotFound, getAgent } from '../../db/agents';
import type { Pool } from '../../db/pool';
import { getRun, runNotFound } from '../../db/runs';
import { ensureSession } from '../../db/sessions';
import { getTask, taskNotFound } from '../../db/tasks';
import type { Principal } from '../../db/tenancy';

export type ResolvedLinks = { links: DecisionLinks; messagesAtAsk: number | null };

export async function resolveLinks(pool: Pool, principal: Principal, body: FileDecisionBody): Promise<ResolvedLinks> {
  const { workspaceId } = principal;
  if (body.agent && !(await getAgent(pool, workspaceId, body.agent))) throw agentNotFound();
  const session = body.session
    ? await ensureSession(pool, principal, {
        id: body.session,
        ...(body.scope ? { scope: body.scope } : {}),
        ...(body.agent ? { agentId: body.agent } : {}),
      })
    : null;
  const task = body.task ? await getTask(pool, workspaceId, body.task) : null;
  if (body.task && !task) throw taskNotFound();
  const run = body.run ? await getRun(pool, { workspaceId, memberId: principal.memberId }, body.run) : null;
  // A run is linked through its session: one from another session is not this filing's run.
  if (body.run && (!run || (session && run.sessionId !== session.id))) throw runNotFound();
  return {
    links: {
      sessionId: session?.id ?? null,
      agentId: body.agent ?? session?.agentId ?? task?.agentId ?? null,
      taskId: task?.id ?? null,
      runId: run?.id ?? null,
      missionId: task?.missionId ?? null,
    },
    messagesAtAsk: session?.messageCount ?? null,
  };
}
