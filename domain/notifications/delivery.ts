/**
 * One line of a member channel's delivery log (issue 40 item 10): what was sent, held, skipped
 * or failed, and why. Every member channel (push, email, Slack) writes these, so the
 * notifications page shows one log across channels, as the webhook page does for endpoints.
 */
import { z } from 'zod';

export const MemberChannel = ['push', 'email', 'slack'] as const;
export type MemberChannel = (typeof MemberChannel)[number];

/**
 * `pending`: claimed, being handed on (a process stopped right there leaves it so). `sent`:
 * handed to the transport. `failed`: the transport refused (detail says why); with
 * `nextAttemptAt` it is tried again then (delivery-retry.ts), each try adding to `attempts`. `held`: kept back (quiet hours, the member present) for the digest.
 * `skipped`: nothing to send on (the channel off, no address or subscription).
 */
export const DeliveryStatus = ['pending', 'sent', 'failed', 'held', 'skipped'] as const;
export type DeliveryStatus = (typeof DeliveryStatus)[number];

export const NotificationDelivery = z.object({
  id: z.string(),
  channel: z.enum(MemberChannel),
  /** The outbox kind it came from, or `digest` / `test`. */
  kind: z.string(),
  eventId: z.string().nullable(),
  decisionId: z.string().nullable(),
  status: z.enum(DeliveryStatus),
  detail: z.string().nullable(),
  attempts: z.int().min(1),
  /** When a failed delivery is tried again; null when no try is due (sent, or failed for good). */
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;
