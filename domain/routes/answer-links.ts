/**
 * `/api/v1/answer-links/:token` (issue 40 item 5): an answer-in-place link for a program — what
 * its page shows, and its button. The link is the credential (`credential: 'answer-link'`): no
 * token, no cookie; the caller acts as the member the link was sent to, who must still hold
 * `decision.answer`. People open the same link as a page, `/a/:token` (api/routes/answer-link-pages.ts).
 */
import { z } from 'zod';
import { AnswerByLinkBody, AnsweredByLink, AnswerLinkToken, AnswerLinkView } from '../answer-link-schema';
import type { ErrorCode } from '../errors';
import { route, WORKFLOW_ERRORS } from './route';

const tag = 'Answer links';
const params = z.object({ token: AnswerLinkToken });

/** What a link can be refused with before it reaches the decision's workflow. */
const LINK_REFUSALS = [
  'link_not_found',
  'link_member_not_allowed',
  'link_used',
  'link_expired',
  'link_answered_elsewhere',
  'link_decision_changed',
  'decision_archived',
  'decision_not_open',
  'nobody_waiting',
  'answer_kind_mismatch',
  'option_out_of_range',
  'single_choice_only',
  'answer_shape_invalid',
  'always_not_offered',
] as const satisfies readonly ErrorCode[];

const readAnswerLink = route({
  tag,
  method: 'get',
  path: '/answer-links/:token',
  operationId: 'readAnswerLink',
  summary: 'Read what an answer link would answer',
  description:
    'The decision, the ask and the answer the link carries, and the member it answers as. Changes nothing: a link never ' +
    'answers on a read, so link scanners and previews answer nothing. Refused exactly as its press would be.',
  params,
  ok: { status: 200, description: 'What pressing would answer.', schema: z.object({ link: AnswerLinkView }) },
  errors: LINK_REFUSALS,
  permission: 'decision.answer',
  credential: 'answer-link',
});

const answerByLink = route({
  tag,
  method: 'post',
  path: '/answer-links/:token/answer',
  operationId: 'answerByLink',
  summary: 'Answer with an answer link',
  description:
    "Answers the link's ask with the link's answer, once, as its member, recorded with the link's channel (email, slack or " +
    'push). The first answer wins across every channel: one given first elsewhere is 409 `link_answered_elsewhere` naming ' +
    'who gave it and where; a decision changed since the link was sent is 409 `link_decision_changed`; a used link 410 `link_used`.',
  params,
  body: { schema: AnswerByLinkBody, required: false },
  ok: { status: 200, description: 'The decision with the answer recorded.', schema: AnsweredByLink },
  errors: [
    ...LINK_REFUSALS,
    'reason_required',
    'access_not_granted',
    'undo_in_progress',
    'already_approved',
    'separation_of_duties',
    ...WORKFLOW_ERRORS,
  ],
  permission: 'decision.answer',
  credential: 'answer-link',
});

export const answerLinkRoutes = { readAnswerLink, answerByLink };
