/**
 * Webhooks as a channel: an endpoint subscribed to an event's kind gets it queued as a delivery
 * (a `webhook_deliveries` row, once per endpoint and event id) and a delivery workflow that tries
 * it on the documented schedule. The body and headers are what receivers got when the decision
 * workflow announced its own events (docs/webhooks.md).
 */
import type { Pool } from '../../db/pool';
import { webhookSubscribers } from '../../db/webhooks';
import { queueWebhook, type StartDelivery } from '../../activities/queue-webhook';
import type { OutboxEvent } from '../../domain/outbox/event-kinds';
import type { Subscription } from '../../domain/outbox/subscription';
import { WebhookEventType, withDecisionLink, type WebhookEvent } from '../../domain/webhook';
import type { ChannelProvider } from '../channel';

export const WEBHOOK_CHANNEL = 'webhooks';

/** `publicUrl` (CAST_PUBLIC_URL) is the base of the decision link an event carries; none without it. */
export function webhookChannel(deps: { pool: Pool; start: StartDelivery; publicUrl?: string | undefined }): ChannelProvider {
  return {
    name: WEBHOOK_CHANNEL,
    // The kinds an endpoint can subscribe to; the newer ones are for the channels of the items after this one.
    kinds: WebhookEventType,
    async subscriptions(event: OutboxEvent): Promise<Subscription[]> {
      const type = event.kind as WebhookEventType;
      const endpoints = (await webhookSubscribers(deps.pool, event.workspaceId, [type]))[type] ?? [];
      return endpoints.map((id) => ({
        channel: WEBHOOK_CHANNEL,
        kinds: [type],
        audience: { kind: 'workspace', workspaceId: event.workspaceId },
        cadence: 'instant',
        target: id,
      }));
    },
    async deliver(event: OutboxEvent, subscription: Subscription): Promise<void> {
      await queueWebhook(deps.pool, deps.start, subscription.target, withDecisionLink(wireEvent(event), deps.publicUrl));
    },
  };
}

/** The body receivers know: `{ id, type, createdAt, data }`. */
function wireEvent(event: OutboxEvent): WebhookEvent {
  return { id: event.id, type: event.kind as WebhookEventType, createdAt: event.occurredAt, data: event.data };
}
