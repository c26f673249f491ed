/**
 * The MCP `resolve_escalation` tool — the escalation chat tool: a person resolves an agent's
 * escalation from their chat with a written resolution or one of its options (and a reason).
 * It goes through the same endpoint as the queue, so the first resolution stands; the same
 * call again returns it (the tool is idempotent), a different one is refused, naming it.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Escalation } from '../../../domain/escalation';
import { ResolveEscalationResult } from '../../../domain/mcp-tool-results-schema';
import { escalationRoutes } from '../../../domain/routes/escalations';
import { repeatOrRefuse } from './resolve-escalation-repeat';
import { resolveBody, resolveWords } from './resolve-escalation-words';
import { ARGUMENT_WORDS, codeOf, inToolWords } from './tool-error';
import { CLOSED_WORLD, structured, type ToolDeps } from './tool-result';

const escalationJson = (escalation: Escalation): ResolveEscalationResult => ({
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
        'The first resolution stands: the same call again returns it; a different one changes nothing and says who resolved it and how.',
      inputSchema: z.object({
        id: z.string(ARGUMENT_WORDS).trim().min(1).max(200).describe('the escalation, e.g. esc_…'),
        resolution: z.string(ARGUMENT_WORDS).trim().min(1).max(4000).optional().describe('the answer, in words'),
        option: z.number(ARGUMENT_WORDS).int().min(1).max(9).optional().describe("or: the number of one of the escalation's options"),
        reason: z.string(ARGUMENT_WORDS).trim().min(1).max(2000).optional().describe('with an option: why'),
      }),
      outputSchema: ResolveEscalationResult,
      // Additive (it records the resolution); the same call again changes nothing and returns the first result.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, ...CLOSED_WORLD },
    },
    async ({ id, ...given }, ctx) => {
      const body = resolveBody(given);
      try {
        const { escalation } = await deps.api.request(escalationRoutes.resolveEscalation, { params: { id }, body }, ctx.mcpReq.signal);
        return structured(ResolveEscalationResult, escalationJson(escalation));
      } catch (error) {
        const code = codeOf(error);
        if (code === 'ask_already_answered' || code === 'decision_not_open') {
          return structured(ResolveEscalationResult, escalationJson(await repeatOrRefuse(deps, id, body, ctx.mcpReq.signal)));
        }
        throw inToolWords(error, resolveWords(id, body, await optionsFor(deps, id, code, ctx.mcpReq.signal)));
      }
    },
  );
}

/** The escalation's options, read only for the refusals that are about them (a wrong kind of answer, a missing option). */
async function optionsFor(deps: ToolDeps, id: string, code: string | null, signal: AbortSignal): Promise<string[] | null> {
  if (code !== 'answer_kind_mismatch' && code !== 'option_out_of_range') return null;
  const read = await deps.api.request(escalationRoutes.getEscalation, { params: { id } }, signal).then(
    ({ escalation }) => escalation,
    () => null,
  );
  return read ? (read.options ?? []) : null;
}
