/**
 * The MCP `resolve_escalation` tool — the escalation chat tool: a person resolves an agent's
 * escalation from their chat with a written resolution or one of its options (and a reason).
 * It goes through the same endpoint as the queue, so the first resolution stands.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { EscalationStatus, ResolveEscalationBody, type Escalation } from '../../../domain/escalation';
import { getEscalation, resolveEscalation } from '../../../domain/routes/escalations';
import { ApiError } from '../../http';
import { CliError, Exit, usageError } from '../../output';
import { CLOSED_WORLD, structured, type ToolDeps } from './tool-result';

export const ResolveOutput = {
  id: z.string(),
  status: z.enum(EscalationStatus),
  mustDecide: z.string(),
  resolution: z.string().nullable(),
  decisionId: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
};

const escalationJson = (escalation: Escalation) => ({
  id: escalation.id,
  status: escalation.status,
  mustDecide: escalation.mustDecide,
  resolution: escalation.resolution,
  decisionId: escalation.decisionId,
  resolvedBy: escalation.resolvedBy,
  resolvedAt: escalation.resolvedAt,
});

export function registerResolveEscalationTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'resolve_escalation',
    {
      title: 'Resolve an escalation',
      description:
        "Resolves an agent's escalation: give either a written resolution, or the number of one of its options (with an optional reason). " +
        'The first resolution stands: resolving it again changes nothing and says how it was resolved.',
      inputSchema: {
        id: z.string().trim().min(1).max(200).describe('the escalation, e.g. esc_…'),
        resolution: z.string().trim().min(1).max(4000).optional().describe('the answer, in words'),
        option: z.number().int().min(1).max(9).optional().describe("or: the number of one of the escalation's options"),
        reason: z.string().trim().min(1).max(2000).optional().describe('with an option: why'),
      },
      outputSchema: ResolveOutput,
      // Additive (it records the resolution), and a repeat is refused without changing anything.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, ...CLOSED_WORLD },
    },
    async ({ id, ...given }, extra) => {
      const body = ResolveEscalationBody.safeParse(given);
      if (!body.success) throw usageError('Give either resolution, or option (with an optional reason) — not both.');
      try {
        const { escalation } = await deps.api.request(resolveEscalation, { params: { id }, body: body.data }, extra.signal);
        return structured(escalationJson(escalation));
      } catch (error) {
        if (!(error instanceof ApiError) || error.problem.code !== 'ask_already_answered') throw error;
        const { escalation } = await deps.api.request(getEscalation, { params: { id } }, extra.signal);
        const how = escalation.resolution ? `: ${escalation.resolution}` : '';
        throw new CliError(
          `${id} was already resolved${how}. The first resolution stands; nothing changed.`,
          Exit.conflict,
          {},
          'already_resolved',
        );
      }
    },
  );
}
