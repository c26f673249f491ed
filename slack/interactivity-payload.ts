/**
 * The parts of Slack's interactivity payloads Cast reads (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload):
 * a `block_actions` press carries the Slack user, their team, the channel and the buttons pressed.
 * Every other type (a shortcut, a modal's submission) is acknowledged and ignored.
 */
import { z } from 'zod';

export const BlockActionsPayload = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: z.string().min(1), team_id: z.string().optional() }),
  team: z
    .object({ id: z.string().min(1) })
    .nullable()
    .optional(),
  channel: z.object({ id: z.string().min(1) }).optional(),
  container: z.object({ channel_id: z.string().optional(), message_ts: z.string().optional() }).optional(),
  actions: z
    .array(z.object({ type: z.string(), action_id: z.string(), value: z.string().optional(), action_ts: z.string().optional() }))
    .min(1),
  trigger_id: z.string().optional(),
});
export type BlockActionsPayload = z.infer<typeof BlockActionsPayload>;

export const InteractivityPayload = z.union([BlockActionsPayload, z.object({ type: z.string() })]);

/** The Slack workspace (team) the presser acts in. */
export function teamOf(payload: BlockActionsPayload): string | null {
  return payload.team?.id ?? payload.user.team_id ?? null;
}

/** Where a reply to the presser goes: the channel the message is in. */
export function channelOf(payload: BlockActionsPayload): string | null {
  return payload.channel?.id ?? payload.container?.channel_id ?? null;
}
