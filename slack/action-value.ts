/**
 * What a Slack button carries (its `value`, ≤ 2,000 characters): for an answer, the workspace,
 * decision, ask, answer and the decision's revision when the message was rendered, so a press on
 * a message the decision has since outgrown is refused (the same `atRevision` rule as an answer
 * link); for a link confirmation, the one-time code. Slack sends it back as it was: a Slack user
 * cannot change it, and the signature proves the request is Slack's.
 */
import { z } from 'zod';

/** The answer a button gives: an option of a choice ask, or approve / reject. */
export const SlackButtonAnswer = z.union([z.object({ o: z.int().min(1).max(25) }), z.object({ x: z.enum(['approve', 'reject']) })]);

export const SlackAnswerValue = z
  .object({
    t: z.literal('answer'),
    w: z.string().min(1).max(200),
    d: z.string().min(1).max(100),
    a: z.int().min(1).max(10),
    r: z.int().min(1),
  })
  .and(SlackButtonAnswer);
export type SlackAnswerValue = z.infer<typeof SlackAnswerValue>;

export const SlackLinkValue = z.object({ t: z.literal('link'), c: z.string().min(20).max(100) });
export type SlackLinkValue = z.infer<typeof SlackLinkValue>;

export const SlackActionValue = z.union([SlackAnswerValue, SlackLinkValue]);
export type SlackActionValue = z.infer<typeof SlackActionValue>;

export function encodeActionValue(value: SlackActionValue): string {
  return JSON.stringify(value);
}

/** The value, or null when it is not one of Cast's (a URL button's, or anything else). */
export function decodeActionValue(text: string | undefined): SlackActionValue | null {
  if (!text) return null;
  try {
    const parsed = SlackActionValue.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
