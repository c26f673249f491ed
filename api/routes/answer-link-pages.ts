/**
 * `/a/:token`: an answer link as a person opens it (issue 40 item 5). GET (and HEAD) renders the
 * confirmation page and changes nothing, so a mail scanner or a chat preview that follows the
 * link answers nothing; the page's one button POSTs back here, which answers. Refusals are pages
 * too, with the problem's status. No token or cookie is read: the link is the credential.
 */
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { DomainError, ERRORS } from '../../domain/errors';
import { AnswerByLinkBody, AnswerLinkToken } from '../../domain/answer-link-schema';
import { isDatabaseUnreachable } from '../../db/pg-errors';
import type { Logger } from '../../runtime/logger';
import { ANSWER_LINK_STYLESHEET, ANSWER_LINK_STYLESHEET_PATH, answeredPage, confirmationPage, refusalPage } from '../answer-link-page';
import type { DatabaseOutage } from '../database-outage';
import { answerByLink, linkNotFound, readAnswerLink, type AnswerLinkDeps } from '../services/answer-by-link';
import { parseWith } from '../problem';
import { countRefusal } from '../../runtime/metrics';

export const ANSWER_LINK_PAGE_PATH = '/a/:token';

function tokenOf(raw: unknown): string {
  const parsed = AnswerLinkToken.safeParse(raw);
  if (!parsed.success) throw linkNotFound();
  return parsed.data;
}

/** Whatever went wrong, as a refusal the page can show: the API's own mapping, in words. */
function asRefusal(error: unknown, outage: DatabaseOutage, log: Logger): DomainError {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnreachable(error)) return outage.failed(error);
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new DomainError('invalid_request', 'That press could not be read; nothing was answered. Open the link again.');
  }
  log.error({ err: error }, 'unhandled error on an answer-link page');
  return new DomainError('internal', 'Something went wrong on our side; nothing was answered.');
}

/**
 * `admit`: admission control for the press, as for `/api/v1`'s writes (api/admit-writes.ts);
 * `limiter`: the API's rate limiter, counting by the client's address (api/rate-limit.ts). Each
 * absent when off.
 */
export function answerLinkPages(
  deps: AnswerLinkDeps & { logger: Logger; databaseOutage: DatabaseOutage },
  guards: { admit: RequestHandler | null; limiter: RequestHandler | null },
): Router {
  const router = Router();
  const { admit, limiter } = guards;
  // First, as in `/api/v1`: a press refused for overload costs no query and changes nothing.
  if (admit) router.use(admit);
  router.get(ANSWER_LINK_STYLESHEET_PATH, (_req, res) => {
    res.type('css').send(ANSWER_LINK_STYLESHEET);
  });

  router.use('/a/:token', (_req, res, next) => {
    // A link is a credential: no shared cache keeps its page, and no search engine lists it.
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    next();
  });
  if (limiter) router.use('/a/:token', limiter);

  router.get(ANSWER_LINK_PAGE_PATH, async (req, res) => {
    res.type('html').send(confirmationPage(await readAnswerLink(deps, tokenOf(req.params.token))));
  });

  router.post(ANSWER_LINK_PAGE_PATH, express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const token = tokenOf(req.params.token);
    const reason = typeof req.body?.reason === 'string' && req.body.reason.trim() !== '' ? req.body.reason : undefined;
    const body = parseWith(AnswerByLinkBody, reason === undefined ? {} : { reason });
    try {
      res.type('html').send(answeredPage(await answerByLink(deps, token, body)));
    } catch (error) {
      // A missing reason: the same page again, saying what is missing, so the person can press once more.
      if (!(error instanceof DomainError) || error.code !== 'reason_required') throw error;
      countRefusal(error.code);
      res
        .status(ERRORS.reason_required.status)
        .type('html')
        .send(confirmationPage({ ...(await readAnswerLink(deps, token)), reasonRequired: true }, error.message));
    }
  });

  const pageErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const refusal = asRefusal(error, deps.databaseOutage, req.log ?? deps.logger);
    countRefusal(refusal.code);
    const status = ERRORS[refusal.code].status;
    if (status === 503 || status === 429) res.set('Retry-After', String(refusal.details?.retryAfterSeconds ?? 5));
    res.status(status).type('html').send(refusalPage(refusal));
  };
  router.use('/a/:token', pageErrors);
  return router;
}
