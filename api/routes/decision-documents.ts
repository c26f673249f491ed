/**
 * `GET /api/v1/decisions/:id/documents/:name`: a decision's report, body or option page.
 * An agent's HTML is served under a CSP sandbox (an opaque origin, no scripts), so it can
 * never script the queue; the body is plain text, never markup (DESIGN §8).
 */
import { Router } from 'express';
import { refFor } from '../../domain/documents';
import { DocumentName } from '../../domain/documents-schema';
import { DomainError } from '../../domain/errors';
import { readDocument } from '../../db/decision-documents';
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { decisionNotFound } from '../services/answer-ask';
import { decisionIdParam } from './decision-id';

const SANDBOXED_HTML =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; frame-ancestors 'self'";

function documentNotFound(): DomainError {
  return new DomainError('not_found', 'This decision has no such document.');
}

export function decisionDocumentsRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/:id/documents/:name', async (req, res) => {
    const { workspaceId } = res.locals.principal;
    const decision = await getDecision(deps.pool, workspaceId, decisionIdParam(req.params.id));
    if (!decision) throw decisionNotFound();
    const name = DocumentName.safeParse(req.params.name);
    const hash = name.success ? refFor(decision.documents, name.data) : null;
    const content = hash ? await readDocument(deps.pool, workspaceId, hash) : null;
    if (content === null) throw documentNotFound();
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=0');
    if (name.data === 'doc') {
      res.type('text/plain; charset=utf-8').send(content);
      return;
    }
    res.setHeader('Content-Security-Policy', SANDBOXED_HTML);
    res.type('text/html; charset=utf-8').send(content);
  });
  return router;
}
