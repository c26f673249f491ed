/**
 * `POST /api/v1/sessions/:id/prompts` (declared in domain/routes/sessions.ts): a host puts a
 * permission prompt or a terminal question of its agent into the queue, as a blocking decision
 * of that session. The decision carries the session's last assistant message and the host's
 * pinned state for its card.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from '../../db/pool';
import { lastAssistantMessage } from '../../db/session-messages';
import { getSession } from '../../db/sessions';
import { hostPromptDecision } from '../../domain/host-prompt';
import { sessionRoutes } from '../../domain/routes/sessions';
import { reply, type Handlers } from '../mount-routes';
import { fileValidDecision } from '../services/file-decision';
import type { TemporalGateway } from '../temporal-gateway';

export function sessionPromptHandlers(deps: {
  pool: Pool;
  temporal: TemporalGateway;
  undoWindowMs?: number;
}): Handlers<Pick<typeof sessionRoutes, 'fileHostPrompt'>> {
  return {
    fileHostPrompt: async ({ params, body }, { principal }) => {
      const sessionId = params.id;
      // Only the caller's own session has anything to show; an unknown id is registered by the filing.
      const known = await getSession(deps.pool, principal, sessionId);
      const said = known ? await lastAssistantMessage(deps.pool, principal.workspaceId, sessionId) : null;
      const source = {
        kind: body.kind,
        id: body.requestId ?? randomUUID(),
        tool: body.kind === 'permission' ? body.tool : null,
        lastAssistantMessage: said,
        pinned: body.pinned ?? null,
        toolInput: body.kind === 'permission' ? (body.toolInput ?? null) : null,
        waitsUntil: body.waitsUntil ?? null,
        alwaysAllows: body.kind === 'permission' ? (body.alwaysAllows ?? null) : null,
        editable: body.kind === 'permission' && body.editable ? (true as const) : null,
      };
      // Validated whole by HostPromptBody: its context may run past what an agent's own filing
      // holds (issue 31 item 3), so it is filed as it is rather than parsed again as one.
      const content = hostPromptDecision(body);
      const filed = await fileValidDecision(
        deps,
        principal,
        {
          ...content,
          session: sessionId,
          ...(body.scope ? { scope: body.scope } : {}),
          // A run of another session (or none) is 404 `run_not_found`, as for any filing.
          ...(body.kind === 'permission' && body.run ? { run: body.run } : {}),
        },
        0,
        source,
      );
      return reply(
        sessionRoutes.fileHostPrompt,
        { status: 201, body: { decision: filed.decision } },
        { location: `/api/v1/decisions/${filed.decision.id}` },
      );
    },
  };
}
