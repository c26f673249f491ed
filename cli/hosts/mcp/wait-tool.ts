/**
 * The MCP `wait_for_decision` tool: one long-poll of the wait endpoint, capped at 50 s because
 * clients cut a tool call off near 60 s. It returns the message the session received, or
 * "pending" when the time runs out (call again).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DecisionId } from '../../../domain/decision-schema';
import { WaitResult } from '../../../domain/mcp-tool-results-schema';
import { decisionRoutes } from '../../../domain/routes/decisions';
import type { RouteResponse } from '../../../domain/routes/route';
import { outcomeJson } from '../../commands/decide/present';
import { inToolWords } from './tool-error';
import { CLOSED_WORLD, structured, type ToolDeps } from './tool-result';

type Waited = RouteResponse<typeof decisionRoutes.waitForDecision>['body'];

/** Less time than this left after an early "not yet" is not worth another request. */
const REPOLL_MIN_MS = 500;

export function registerWaitTool(server: McpServer, deps: ToolDeps): void {
  const cap = deps.maxWaitSeconds;
  server.registerTool(
    'wait_for_decision',
    {
      title: 'Wait for the answer',
      description:
        `Waits up to ${cap} s for the person to answer a decision and returns the answer (the message your session received). ` +
        'Returns outcome "pending" when the time runs out: call it again, or end your turn and the answer arrives as a message.',
      inputSchema: z.object({
        id: DecisionId.describe('the decision, e.g. sd-41'),
        timeoutSeconds: z.number().min(0).max(50).optional().describe(`how long to wait, at most ${cap} s (the default)`),
      }),
      outputSchema: WaitResult,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, ...CLOSED_WORLD },
    },
    async ({ id, timeoutSeconds }, ctx) => {
      const seconds = Math.min(timeoutSeconds ?? cap, cap);
      const started = Date.now();
      const deadline = started + seconds * 1000;
      let waited: Waited;
      // One request is held no longer than the server's long-poll maximum (CAST_LONG_POLL_MAX_SECONDS),
      // and a replica draining for a deploy answers "not yet" early: poll again for the time left.
      do {
        const left = Math.max(0, (deadline - Date.now()) / 1000);
        waited = await deps.api
          .request(decisionRoutes.waitForDecision, { params: { id }, query: { timeout: Number(left.toFixed(1)) } }, ctx.mcpReq.signal)
          .catch((error: unknown) => {
            throw inToolWords(error, {
              decision_not_found: () =>
                `There is no decision ${id} in this workspace; list_decisions shows this session's decisions and their ids.`,
            });
          });
      } while (!waited.settled && Date.now() < deadline - REPOLL_MIN_MS);
      const { decision } = waited;
      const outcome = decision.status === 'resolved' ? 'answered' : decision.status === 'open' ? 'pending' : decision.status;
      return structured(WaitResult, {
        id: decision.id,
        outcome,
        message: waited.message,
        answer: outcomeJson(decision).answer,
        waitedSeconds: Math.round((Date.now() - started) / 100) / 10,
      });
    },
  );
}
