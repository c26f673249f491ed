/** `/api/v1/answer-links/:token` (domain/routes/answer-links.ts): an answer link's view and its press, for programs. */
import type { answerLinkRoutes } from '../../domain/routes/answer-links';
import type { Handlers } from '../mount-routes';
import { answerByLink, readAnswerLink, type AnswerLinkDeps } from '../services/answer-by-link';

export function answerLinkHandlers(deps: AnswerLinkDeps): Handlers<typeof answerLinkRoutes> {
  return {
    readAnswerLink: async ({ params }, { res }) => {
      // A link is a credential: neither its answer nor its refusal may sit in a shared cache.
      res.set('Cache-Control', 'no-store');
      return { link: await readAnswerLink(deps, params.token) };
    },
    answerByLink: async ({ params, body }, { res }) => {
      res.set('Cache-Control', 'no-store');
      return answerByLink(deps, params.token, body ?? {});
    },
  };
}
