/**
 * Minting an answer-in-place link (issue 40 item 5): the one call the channels make — an
 * email's buttons, a Slack button's fallback, a push action — for a URL that, opened, shows
 * what pressing will answer, and pressed, answers exactly that, once, as the member it was
 * sent to, through the same resolution path as every other door.
 *
 *   const url = await mintAnswerLink({ pool, publicUrl }, {
 *     workspace, member, decision: 'sd-12', ask: 1, option: 2, revision: decision.revision, channel: 'email',
 *   });
 */
import { randomBytes } from 'node:crypto';
import {
  ANSWER_LINK_CHANNELS,
  ANSWER_LINK_MAX_TTL_MS,
  ANSWER_LINK_PAGE_PREFIX,
  ANSWER_LINK_TTL_MS,
  type AnswerLinkChannel,
} from '../domain/answer-link';
import type { AnswerValue } from '../domain/ask-schema';
import { linkKey, type LinkKeySource } from './link-key';
import { signLink } from './link-token';

/** Where the links point: CAST_PUBLIC_URL (or the API's own origin), and the key to sign with. */
export type AnswerLinkDeps = LinkKeySource & { publicUrl: string };

export type MintAnswerLink = {
  workspace: string;
  /** The member the link is sent to: the answer is theirs. */
  member: string;
  decision: string;
  ask: number;
  /** The decision's `revision` as the message shows it: a change after it voids the link. */
  revision: number;
  channel: AnswerLinkChannel;
  /** How long the link works, in milliseconds; 24 hours unless said, at most 7 days. */
  expiresIn?: number;
  /** When "now" is (tests); the clock otherwise. */
  now?: Date;
} & (
  | { /** A choice ask's option, 1-based. */ option: number; value?: undefined }
  | {
      /** Any other answer: `{ kind: 'approval', decision: 'approve' }`, `{ kind: 'action', done: true }`… */ value: AnswerValue;
      option?: undefined;
    }
);

export async function mintAnswerLink(deps: AnswerLinkDeps, link: MintAnswerLink): Promise<string> {
  const expiresIn = link.expiresIn ?? ANSWER_LINK_TTL_MS;
  if (!(expiresIn > 0 && expiresIn <= ANSWER_LINK_MAX_TTL_MS)) {
    throw new RangeError(`An answer link lives more than 0 ms and at most ${ANSWER_LINK_MAX_TTL_MS} ms (7 days); ${expiresIn} was asked.`);
  }
  if (!(ANSWER_LINK_CHANNELS as readonly string[]).includes(link.channel)) {
    throw new RangeError(`Answer links are carried by ${ANSWER_LINK_CHANNELS.join(', ')}; not by ${link.channel}.`);
  }
  const answer: AnswerValue = link.value ?? { kind: 'decision', selected: [link.option] };
  const token = signLink(await linkKey(deps), {
    linkId: randomBytes(16).toString('base64url'),
    workspaceId: link.workspace,
    memberId: link.member,
    decisionId: link.decision,
    ask: link.ask,
    answer,
    revision: link.revision,
    channel: link.channel,
    // Whole seconds, as the token carries them; never later than asked.
    expiresAt: Math.floor(((link.now ?? new Date()).getTime() + expiresIn) / 1000) * 1000,
  });
  return `${deps.publicUrl.replace(/\/+$/, '')}${ANSWER_LINK_PAGE_PREFIX}${token}`;
}
