/**
 * Answer-in-place links on the wire (domain/answer-link.ts says what they are): the signed
 * token's payload, what `GET /api/v1/answer-links/:token` shows before anything is answered,
 * and the press that answers.
 */
import { z } from 'zod';
import { ANSWER_LINK_CHANNELS } from './answer-link';
import { AnswerValue, Reason } from './ask-schema';
import { AskKind } from './ask';
import { DecisionView } from './decision-view-schema';
import { DecisionId } from './ids';

/**
 * The payload a token carries, before its signature: short keys, since a link rides in an email
 * or a Slack button (workspace, member, decision, ask, answer, revision, channel, expiry, id).
 */
export const AnswerLinkPayload = z.strictObject({
  v: z.literal(1),
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  w: z.string().min(1).max(100),
  m: z.string().min(1).max(100),
  d: DecisionId,
  a: z.int().min(1).max(10),
  x: AnswerValue,
  r: z.int().min(1),
  c: z.enum(ANSWER_LINK_CHANNELS),
  e: z.int().min(0),
});
export type AnswerLinkPayload = z.infer<typeof AnswerLinkPayload>;

/**
 * A token as a path parameter (base64url payload, a dot, base64url signature). Any text is taken
 * and verified: a token that is not Cast's reads as not found, never as a bad request.
 */
export const AnswerLinkToken = z
  .string()
  .min(1)
  .max(4000)
  .meta({ description: 'The signed token of an answer-in-place link, as its URL carries it. One that is not Cast’s reads as not found.' });

export const AnswerLinkView = z
  .object({
    decision: z.object({ id: DecisionId, question: z.string(), path: z.string() }),
    ask: z.object({ position: z.int().min(1), kind: z.enum(AskKind), prompt: z.string() }),
    answer: AnswerValue,
    answerText: z.string().meta({ description: 'The answer in words: the option’s label, “Approved”…' }),
    reasonRequired: z.boolean().meta({ description: 'FR-24: this answer needs a reason, sent with the press.' }),
    member: z.object({ id: z.string(), name: z.string() }),
    channel: z.enum(ANSWER_LINK_CHANNELS),
    expiresAt: z.iso.datetime(),
  })
  .meta({
    id: 'AnswerLinkView',
    description: 'What pressing an answer link’s button would answer, and as whom. Reading it changes nothing.',
  });
export type AnswerLinkView = z.infer<typeof AnswerLinkView>;

export const AnswerByLinkBody = z
  .strictObject({ reason: Reason.optional() })
  .meta({ id: 'AnswerByLinkBody', description: 'The press; a reason where the answer needs one (FR-24).' });
export type AnswerByLinkBody = z.infer<typeof AnswerByLinkBody>;

export const AnsweredByLink = z
  .object({ decision: DecisionView, answerText: z.string() })
  .meta({ id: 'AnsweredByLink', description: 'The decision as the link’s answer left it.' });
export type AnsweredByLink = z.infer<typeof AnsweredByLink>;
