/**
 * Answer-in-place links (DESIGN §11; issue 40 item 5): a URL a channel (an email, a Slack
 * button's fallback, a push action) carries that answers one ask of one decision with one
 * answer, on the press of a button on the page it opens — never on the GET itself, which link
 * scanners and previews follow. Signed with a server key, single-use, expiring, and bound to
 * the workspace, the member it was sent to, the decision, the ask, the answer and the
 * decision's revision when it was sent. The rules here are pure; the signing is answer-links/.
 */
import type { AnswerValue } from './ask-schema';
import type { Channel } from './provenance';

/** The channels that carry answer-in-place links; the answer's provenance records the one it came by. */
export const ANSWER_LINK_CHANNELS = ['email', 'slack', 'push'] as const satisfies readonly Channel[];
export type AnswerLinkChannel = (typeof ANSWER_LINK_CHANNELS)[number];

/** Long enough for a daily email digest to be acted on until the next one arrives. */
export const ANSWER_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** No link lives longer: a week-old button should open the queue, not answer. */
export const ANSWER_LINK_MAX_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Where a link's confirmation page is served: short, outside `/api/v1`, on Cast's own origin. */
export const ANSWER_LINK_PAGE_PREFIX = '/a/';

/**
 * What a link says, once its signature holds. `revision` is the decision's `revision` (the
 * counter every change of the decision's state bumps: an edit, an answer to any of its asks, an
 * undo, an archive or restore) at the moment the link was minted.
 */
export type AnswerLinkClaims = {
  /** Random, unique per link: the key a use is claimed under. */
  linkId: string;
  workspaceId: string;
  memberId: string;
  decisionId: string;
  ask: number;
  answer: AnswerValue;
  revision: number;
  channel: AnswerLinkChannel;
  /** Epoch milliseconds, whole seconds. */
  expiresAt: number;
};

/** Whether the link has lapsed at `now`. */
export function linkExpired(claims: Pick<AnswerLinkClaims, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= claims.expiresAt;
}

/** The decision's own page, which every refusal that is about the decision opens. */
export function decisionPagePath(decisionId: string): string {
  return `/decisions/${decisionId}`;
}
