/**
 * Webhooks: the events Cast pushes to a host, their wire shape, and the headers a delivery
 * carries. Deliveries are signed as Standard Webhooks signs them (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64>`; docs/webhooks.md). Every event has a
 * stable id, the same on every retry, so a receiver can drop duplicates.
 * Zod-free, like everything the workflow bundle imports (the SDK evaluates that bundle
 * afresh for every workflow); the subscription's wire shapes are in `webhook-schema.ts`.
 */
export const WebhookEventType = ['decision.resolved', 'decision.withdrawn', 'answer.withdrawn', 'run.restart', 'message.injected'] as const;
export type WebhookEventType = (typeof WebhookEventType)[number];

export type { Webhook } from './webhook-schema';

/** The endpoint ids subscribed to each event type, as read when an announcement was planned. */
export type WebhookSubscribers = Partial<Record<WebhookEventType, string[]>>;

/** What delivering a decision can announce; their subscribers are read with the delivery. */
export const DELIVERY_EVENT_TYPES = ['decision.resolved', 'run.restart', 'message.injected'] as const satisfies readonly WebhookEventType[];

export type WebhookEvent = {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: Record<string, unknown>;
};

/** A test ping: sent to one endpoint when a member asks, whatever it subscribes to. */
export const PING_EVENT_TYPE = 'webhook.ping';

/** Standard Webhooks' headers: the event id, the attempt's Unix time, and the signatures. */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
export const EVENT_TYPE_HEADER = 'x-cast-event';
/** Before Standard Webhooks: sent for one more release, then dropped (docs/webhooks.md). */
export const LEGACY_SIGNATURE_HEADER = 'x-cast-signature';
export const LEGACY_EVENT_ID_HEADER = 'x-cast-event-id';

/** The test event a member sends an endpoint; `id` is fresh for every ping. */
export function pingEvent(webhook: { id: string; url: string }, id: string, at: string) {
  return { id, type: PING_EVENT_TYPE, createdAt: at, data: { webhook: { id: webhook.id, url: webhook.url } } };
}

/**
 * A decision's event with the decision's page in the web queue as `data.url`, on the public URL
 * (CAST_PUBLIC_URL) the worker was given; without one the worker cannot know where people reach
 * Cast, and the event goes without a link rather than with a wrong one.
 */
export function withDecisionLink(event: WebhookEvent, publicUrl: string | undefined): WebhookEvent {
  const decision = event.data.decision as { id?: unknown } | undefined;
  if (!publicUrl || typeof decision?.id !== 'string') return event;
  return { ...event, data: { ...event.data, url: `${publicUrl}/decisions?id=${encodeURIComponent(decision.id)}` } };
}

/** A decision's event id: the same for every retry of the same fact. */
export function decisionEventId(decisionId: string, type: WebhookEventType, revision: number): string {
  return `${decisionId}.${type}.${revision}`;
}

/** The events a decision's latest change announces, given what was announced before. */
export function decisionEvents(
  decision: {
    id: string;
    status: string;
    revision: number;
    delivery: { kind: string; runId: string | null; at: string } | null;
    closedAt: string | null;
  },
  payload: Record<string, unknown>,
  alreadyResolved: boolean,
): WebhookEvent[] {
  const at = decision.delivery?.at ?? decision.closedAt ?? new Date(0).toISOString();
  const event = (type: WebhookEventType, data: Record<string, unknown> = {}): WebhookEvent => ({
    id: decisionEventId(decision.id, type, decision.revision),
    type,
    createdAt: at,
    data: { ...payload, ...data },
  });
  if (decision.status === 'withdrawn') return [event('decision.withdrawn')];
  if (decision.status !== 'resolved' || !decision.delivery) return [];
  const events = alreadyResolved ? [] : [event('decision.resolved')];
  const { kind, runId } = decision.delivery;
  if (kind === 'restarted' || kind === 'queued') events.push(event('run.restart', { runId, admitted: kind }));
  if (kind === 'injected') events.push(event('message.injected', { runId }));
  return events;
}

/**
 * A person undid an answer (FR-40): the decision is open again, and the message the agent was
 * sent names what was withdrawn. One event per undo (its revision is the undo's).
 */
export function withdrawalEvent(
  decision: { id: string; revision: number; updatedAt: string },
  payload: Record<string, unknown>,
  withdrawal: { ask: number; message: string | null },
): WebhookEvent {
  return {
    id: decisionEventId(decision.id, 'answer.withdrawn', decision.revision),
    type: 'answer.withdrawn',
    createdAt: decision.updatedAt,
    data: { ...payload, ...withdrawal },
  };
}
