/**
 * A channel: one transport the notifier hands events to (cal.com's reminder `providers/`). It
 * names the kinds it takes, finds the subscriptions an event reaches, and delivers it to one.
 * Adding a channel is a provider here and its cursor; no workflow code changes.
 */
import type { OutboxEvent, OutboxKind } from '../domain/outbox/event-kinds';
import type { Subscription } from '../domain/outbox/subscription';

export interface ChannelProvider {
  /** Stable: it names the channel's cursor row (`outbox_cursors.channel`). */
  readonly name: string;
  readonly kinds: readonly OutboxKind[];
  /** The subscriptions this event reaches on this channel. */
  subscriptions(event: OutboxEvent): Promise<Subscription[]>;
  /**
   * Hands the event on to one subscription. Called at least once per event and subscription (a
   * notifier that stops mid-batch hands the batch on again): the hand-off must be idempotent by
   * `event.id`, and durable once it returns (a delivery that retries lives past it).
   */
  deliver(event: OutboxEvent, subscription: Subscription): Promise<void>;
}

export function takes(channel: ChannelProvider, event: OutboxEvent): boolean {
  return channel.kinds.includes(event.kind);
}
