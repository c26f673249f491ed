/**
 * `POST /api/v1/sessions/:id/prompts`: a host puts a permission prompt or a terminal question
 * of its agent into the queue, as a blocking decision of that session. The decision carries
 * the session's last assistant message and the host's pinned state for its card.
 */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { hostPromptDecision, HostPromptBody } from '../../domain/host-prompt';
import type { Pool } from '../../db/pool';
import { lastAssistantMessage } from '../../db/session-messages';
import { getSession } from '../../db/sessions';
import { parseWith } from '../problem';
import { fileDecision } from '../services/file-decision';
import type { TemporalGateway } from '../temporal-gateway';

export function sessionPromptsRouter(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number }): Router {
  const router = Router();

  router.post('/:id/prompts', async (req, res) => {
    const body = parseWith(HostPromptBody, req.body);
    const { principal } = res.locals;
    const sessionId = req.params.id;
    // Only the caller's own session has anything to show; an unknown id is registered by the filing.
    const known = await getSession(deps.pool, principal, sessionId);
    const said = known ? await lastAssistantMessage(deps.pool, principal.workspaceId, sessionId) : null;
    const source = {
      kind: body.kind,
      id: body.requestId ?? randomUUID(),
      tool: body.kind === 'permission' ? body.tool : null,
      lastAssistantMessage: said,
      pinned: body.pinned ?? null,
    };
    const content = hostPromptDecision(body);
    const context = body.kind === 'permission' ? body.input : undefined;
    const filed = await fileDecision(deps, principal, { ...content, ...(context ? { context } : {}), session: sessionId }, source);
    res.status(201).location(`/api/v1/decisions/${filed.decision.id}`).json({ decision: filed.decision });
  });

  return router;
}
