/**
 * Slack's settings (issue 40 item 4): the bot token Cast posts with and the signing secret Slack
 * signs interactivity requests with. Both or neither: a half-set pair would post buttons whose
 * presses Cast cannot verify (or verify presses it cannot answer), so it is refused by name at
 * start. Neither: Slack is off.
 */
import { z } from 'zod';

export type SlackSettings = {
  botToken: string;
  signingSecret: string;
  /** The Web API's base URL: Slack's, GovSlack's (`https://slack-gov.com/api/`), or a stand-in on loopback. */
  apiUrl: string;
};

export const SLACK_API_URL = 'https://slack.com/api/';

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const SlackEnv = {
  CAST_SLACK_BOT_TOKEN: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^xoxb-[A-Za-z0-9-]+$/, 'must be a Slack bot token (xoxb-…), from the app’s OAuth & Permissions page')
      .optional(),
  ),
  CAST_SLACK_SIGNING_SECRET: z.preprocess(
    blankIsUnset,
    z.string().trim().min(16, 'must be the app’s signing secret (Basic Information → App Credentials)').optional(),
  ),
  CAST_SLACK_API_URL: z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/ }).optional()),
};

/** The settings, null when Slack is off, or the sentence naming what is missing. */
export function slackSettings(env: {
  CAST_SLACK_BOT_TOKEN?: string | undefined;
  CAST_SLACK_SIGNING_SECRET?: string | undefined;
  CAST_SLACK_API_URL?: string | undefined;
}): SlackSettings | null | { missing: string } {
  const token = env.CAST_SLACK_BOT_TOKEN;
  const secret = env.CAST_SLACK_SIGNING_SECRET;
  if (!token && !secret) return null;
  if (!token) return { missing: 'CAST_SLACK_BOT_TOKEN: must be set with CAST_SLACK_SIGNING_SECRET (unset both to turn Slack off)' };
  if (!secret) return { missing: 'CAST_SLACK_SIGNING_SECRET: must be set with CAST_SLACK_BOT_TOKEN (unset both to turn Slack off)' };
  const apiUrl = env.CAST_SLACK_API_URL ?? SLACK_API_URL;
  return { botToken: token, signingSecret: secret, apiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/` };
}
