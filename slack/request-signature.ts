/**
 * Slack's request signature, v0 (https://docs.slack.dev/authentication/verifying-requests-from-slack):
 * `v0=` + hex HMAC-SHA256, keyed with the app's signing secret, of `v0:{timestamp}:{raw body}`,
 * sent as `X-Slack-Signature` beside `X-Slack-Request-Timestamp`. A timestamp more than five
 * minutes from now is refused whatever its signature, so a captured request cannot be replayed
 * later; the comparison is timing-safe, so a forger learns nothing from how long a refusal took.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's own tolerance. */
export const SLACK_TIMESTAMP_TOLERANCE_S = 5 * 60;

export type SignatureVerdict = 'ok' | 'missing' | 'stale' | 'forged';

export function slackSignature(signingSecret: string, timestamp: string, rawBody: Buffer | string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:`).update(rawBody).digest('hex')}`;
}

export function verifySlackRequest(input: {
  signingSecret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  now: Date;
}): SignatureVerdict {
  const { timestamp, signature } = input;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'forged';
  if (Math.abs(input.now.getTime() / 1000 - Number(timestamp)) > SLACK_TIMESTAMP_TOLERANCE_S) return 'stale';
  const expected = Buffer.from(slackSignature(input.signingSecret, timestamp, input.rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'forged';
}
