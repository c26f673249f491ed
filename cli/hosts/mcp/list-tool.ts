/**
 * The MCP `list_decisions` tool: this session's decisions (ids, answers, how stale the open
 * ones are), or the workspace's open queue. Read-only: a session Cast has not seen yet lists
 * as empty rather than being registered.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { DecisionView } from '../../../domain/decision';
import type { SessionDecision } from '../../../domain/decision-view-schema';
import { ListResult, type ListedDecision } from '../../../domain/mcp-tool-results-schema';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { ApiError } from '../../api-error';
import { answerOf } from '../../commands/decide/present';
import { inToolWords } from './tool-error';
import { CLOSED_WORLD, structured, type ToolDeps } from './tool-result';

function listed(decision: DecisionView, since: { messagesSince: number; stale: boolean } | null): ListedDecision {
  return {
    id: decision.id,
    state: decision.status,
    mode: decision.mode,
    question: decision.question,
    answer: answerOf(decision),
    askedAt: decision.createdAt,
    sessionId: decision.links.sessionId,
    messagesSince: since?.messagesSince ?? null,
    stale: since?.stale ?? null,
  };
}

async function sessionDecisions(deps: ToolDeps, session: string, signal: AbortSignal): Promise<SessionDecision[]> {
  try {
    return (await deps.api.request(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } }, signal)).decisions;
  } catch (error) {
    if (error instanceof ApiError && error.problem.code === 'session_not_found') return [];
    throw error;
  }
}

export function registerListTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_decisions',
    {
      title: 'List decisions',
      description:
        'Lists this session\'s decisions, newest first, with their answers and how stale the open ones are (view "session", the default), ' +
        'or the open queue across the workspace (view "queue").',
      inputSchema: z.object({
        view: z.enum(['session', 'queue']).default('session').describe("session: this session's decisions; queue: every open decision"),
        limit: z.number().int().min(1).max(100).default(25).describe('queue view: how many'),
      }),
      outputSchema: ListResult,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, ...CLOSED_WORLD },
    },
    async ({ view, limit }, ctx) =>
      list(deps, view, limit, deps.session(ctx.mcpReq._meta), ctx.mcpReq.signal).catch((error: unknown) => {
        // Read-only, and a session Cast has not seen lists as empty: only the refusals every tool can meet remain.
        throw inToolWords(error, {});
      }),
  );
}

async function list(deps: ToolDeps, view: 'session' | 'queue', limit: number, session: string, signal: AbortSignal) {
  if (view === 'session') {
    const entries = await sessionDecisions(deps, session, signal);
    return structured(ListResult, { view, session, decisions: entries.map((entry) => listed(entry.decision, entry)), counts: null });
  }
  const page = await deps.api.request(decisionRoutes.listQueue, { query: { tab: 'open', limit } }, signal);
  return structured(ListResult, {
    view,
    session: null,
    decisions: page.decisions.map((decision) => listed(decision, null)),
    counts: { open: page.counts.open, blocking: page.counts.blocking },
  });
}
