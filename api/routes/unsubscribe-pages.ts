/**
 * `/u/:token`: the one-click unsubscribe link every email carries (issue 40 item 3, RFC 8058).
 * GET (and HEAD) shows a page with one button and changes nothing — mail scanners follow GETs;
 * POST (the button, or a mail client's `List-Unsubscribe=One-Click`) turns the member's email
 * off, and again is still off. A token that is not Cast's is 404 `unsubscribe_link_invalid`: a
 * page, or problem+json for a client that asks for JSON. The link is the credential.
 */
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { linkKey } from '../../answer-links/link-key';
import { verifyUnsubscribe, type UnsubscribeClaims } from '../../answer-links/unsubscribe-link';
import { turnEmailOff } from '../../db/email-unsubscribe';
import type { Pool } from '../../db/pool';
import { DomainError } from '../../domain/errors';
import type { Logger } from '../../runtime/logger';
import { countRefusal } from '../../runtime/metrics';
import { sendProblem } from '../problem';
import { unsubscribeConfirmPage, unsubscribedPage, unsubscribeRefusedPage } from '../unsubscribe-page';

export const UNSUBSCRIBE_PAGE_PATH = '/u/:token';

function invalid(): DomainError {
  return new DomainError(
    'unsubscribe_link_invalid',
    'This unsubscribe link is not valid: it may be incomplete. Open Cast to change your notifications.',
  );
}

/** Whether the caller reads JSON (a program) rather than a page (a person, a mail client). */
function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'application/problem+json', 'json']) !== 'html';
}

function refuse(req: Request, res: Response, error: DomainError): void {
  if (wantsJson(req)) return sendProblem(res, error);
  countRefusal(error.code);
  res.status(404).type('html').send(unsubscribeRefusedPage(error.message));
}

export function unsubscribePages(deps: { pool: Pool; answerLinkKey?: string | undefined; logger: Logger }): Router {
  const router = Router();
  const claimsOf = async (token: unknown): Promise<UnsubscribeClaims> => {
    const claims =
      typeof token === 'string' && token.length <= 1024
        ? verifyUnsubscribe(await linkKey({ pool: deps.pool, key: deps.answerLinkKey }), token)
        : null;
    if (!claims) throw invalid();
    return claims;
  };
  router.use('/u/:token', (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    next();
  });
  router.get(UNSUBSCRIBE_PAGE_PATH, async (req, res) => {
    await claimsOf(req.params.token);
    res.type('html').send(unsubscribeConfirmPage());
  });
  router.post(UNSUBSCRIBE_PAGE_PATH, express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const claims = await claimsOf(req.params.token);
    if (!(await turnEmailOff(deps.pool, claims.workspaceId, claims.memberId))) throw invalid();
    if (wantsJson(req)) res.json({ email: { enabled: false } });
    else res.type('html').send(unsubscribedPage());
  });
  const errors: ErrorRequestHandler = (error, req, res, next) => {
    if (error instanceof DomainError && error.code === 'unsubscribe_link_invalid') return refuse(req, res, error);
    // Anything else (the database away) takes the API's one mapping.
    next(error);
  };
  router.use('/u/:token', errors);
  return router;
}
