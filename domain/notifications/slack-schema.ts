/**
 * Slack on the wire (issue 40 item 4): a member's link between their Slack user and themselves,
 * and the workspace's channel. A Slack member id is what Slack shows under a profile's "⋮ → Copy
 * member ID" (U…, or W… on Enterprise Grid); a channel id what a channel's details show (C…, or G…
 * for an older private channel).
 */
import { z } from 'zod';

export const SlackUserId = z
  .string()
  .trim()
  .regex(/^[UW][A-Z0-9]{2,20}$/, 'Use your Slack member ID (U… or W…): in Slack, open your profile, then ⋮ → Copy member ID.');

export const SlackChannelId = z
  .string()
  .trim()
  .regex(/^[CG][A-Z0-9]{2,20}$/, 'Use the channel’s ID (C…): in Slack, open the channel’s details; the ID is at the bottom.');

export const SlackLinkView = z
  .object({
    slackUserId: z.string(),
    /** The Slack workspace (team) the link was confirmed from; null while pending. */
    teamId: z.string().nullable(),
    /** `pending` until the Slack user presses "Link" in the message Cast sent them there. */
    status: z.enum(['pending', 'linked']),
    requestedAt: z.iso.datetime(),
    linkedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SlackLink', description: "A member's link between their Slack user and themselves." });
export type SlackLinkView = z.infer<typeof SlackLinkView>;

export const SlackLinkBody = z.strictObject({ slackUserId: SlackUserId }).meta({ id: 'SlackLinkBody' });

export const MySlack = z
  .object({
    /** Whether this Cast has a Slack app (CAST_SLACK_BOT_TOKEN and CAST_SLACK_SIGNING_SECRET). */
    configured: z.boolean(),
    link: SlackLinkView.nullable(),
  })
  .meta({ id: 'MySlack' });

export const SlackWorkspaceSettings = z
  .object({
    configured: z.boolean(),
    /** The channel decisions are posted in, once each; null: each member's DM. */
    channel: z.string().nullable(),
  })
  .meta({ id: 'SlackWorkspaceSettings' });

export const SlackWorkspaceBody = z.strictObject({ channel: SlackChannelId.nullable() }).meta({ id: 'SlackWorkspaceBody' });
