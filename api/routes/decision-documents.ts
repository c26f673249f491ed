/**
 * `GET /api/v1/decisions/:id/documents/:name`: a decision's report, body or option page.
 * An agent's HTML is served under a CSP sandbox with no scripts, so it can never script the
 * queue; the body is plain text, never markup (DESIGN §8).
 */
import { refFor } from '../../domain/documents';
import { DocumentName } from '../../domain/documents-schema';
import { DomainError, notFound } from '../../domain/errors';
import type { decisionRoutes } from '../../domain/routes/decisions';
import { readDocument } from '../../db/decision-documents';
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { WROTE, type Handlers } from '../mount-routes';
import { decisionIdParam } from './decision-id';

/**
 * No script at all (no `allow-scripts`, `default-src 'none'`), no forms, no loads from anywhere.
 * `allow-same-origin` lets the queue measure the frame to show it at its full height (issue 39
 * item 8); with no script inside, the document still cannot act as the member.
 */
const SANDBOXED_HTML =
  "sandbox allow-same-origin; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; frame-ancestors 'self'";

function documentNotFound(): DomainError {
  return new DomainError('not_found', 'This decision has no such document.');
}

export function decisionDocumentHandlers(deps: { pool: Pool }): Handlers<Pick<typeof decisionRoutes, 'getDecisionDocument'>> {
  return {
    getDecisionDocument: async ({ params }, { principal, res }) => {
      const { workspaceId } = principal;
      const decision = await getDecision(deps.pool, principal, decisionIdParam(params.id));
      if (!decision) throw notFound('decision');
      // A name that is not a document's reads as one the decision does not have.
      const name = DocumentName.safeParse(params.name);
      const hash = name.success ? refFor(decision.documents, name.data) : null;
      const content = hash ? await readDocument(deps.pool, workspaceId, hash) : null;
      if (content === null) throw documentNotFound();
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'private, max-age=0');
      if (name.data === 'doc') {
        res.type('text/plain; charset=utf-8').send(content);
        return WROTE;
      }
      res.setHeader('Content-Security-Policy', SANDBOXED_HTML);
      res.type('text/html; charset=utf-8').send(content);
      return WROTE;
    },
  };
}
