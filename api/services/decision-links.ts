/**
 * Resolves what a filing links to — its session, agent, task (and through it the mission)
 * and run, and whom it is addressed to — checking each belongs to the caller's workspace. A session another member owns
 * reads as not found (DESIGN §4). Resolving only reads: registering a new session is handed
 * back as `registerSession`, for the filing to call once nothing else can refuse it, so a
 * refused filing leaves no session behind.
 */
import { notFound } from '../../domain/errors';
import type { DecisionLinks } from '../../domain/decision';
import type { FileDecisionBody } from '../../domain/decision-schema';
import { getAgent } from '../../db/agents';
import { resolveAssignee } from '../../db/assignments';
import type { Pool } from '../../db/pool';
import { getRun } from '../../db/runs';
import { ensureSession, getSession } from '../../db/sessions';
import { getTask } from '../../db/tasks';
import { agentMismatch, agentOf, type Principal } from '../../domain/principal';

export type ResolvedLinks = { links: DecisionLinks; messagesAtAsk: number | null; registerSession: () => Promise<void> };

export async function resolveLinks(pool: Pool, principal: Principal, filed: FileDecisionBody): Promise<ResolvedLinks> {
  const { workspaceId } = principal;
  // A decision filed with an agent token is that agent's, and names no other (DESIGN §8).
  const ownAgent = agentOf(principal);
  if (ownAgent && filed.agent && filed.agent !== ownAgent) throw agentMismatch();
  const body = ownAgent ? { ...filed, agent: ownAgent } : filed;
  // The reads are independent: one round trip for all of them before the filing's update (issue
  // 39 item 14), then checked in the order they always were, so the same link is named missing.
  const [agent, task, run, session, assignee] = await Promise.all([
    body.agent ? getAgent(pool, workspaceId, body.agent) : null,
    body.task ? getTask(pool, workspaceId, body.task) : null,
    body.run ? getRun(pool, principal, body.run) : null,
    // Null for a new session, and for another member's, which registering then refuses.
    body.session ? getSession(pool, principal, body.session) : null,
    body.to ? resolveAssignee(pool, workspaceId, body.to) : null,
  ]);
  if (body.agent && !agent) throw notFound('agent');
  if (body.task && !task) throw notFound('task');
  // A run is linked through its session: one from another session is not this filing's run.
  if (body.run && (!run || (body.session && run.sessionId !== body.session))) throw notFound('run');
  const registerSession = async () => {
    if (!body.session) return;
    await ensureSession(pool, principal, {
      id: body.session,
      ...(body.scope ? { scope: body.scope } : {}),
      ...(body.agent ? { agentId: body.agent } : {}),
    });
  };
  return {
    links: {
      sessionId: body.session ?? null,
      agentId: body.agent ?? session?.agentId ?? task?.agentId ?? null,
      taskId: task?.id ?? null,
      runId: run?.id ?? null,
      missionId: task?.missionId ?? null,
      // Fixed now: a later filing from another directory moves the session, never this decision.
      scope: body.scope ?? session?.scope ?? null,
      // Issue 41 item 1: kept as an id, so renaming the team or the member moves nothing.
      ...(assignee ? { assignee: { kind: assignee.kind, id: assignee.id } } : {}),
    },
    messagesAtAsk: body.session ? (session?.messageCount ?? 0) : null,
    registerSession,
  };
}
