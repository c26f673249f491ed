/**
 * Where a test message stands, read from the channel's delivery log: no row, or a row still
 * `pending`, is on its way; then sent, or failed (the row's `detail` says why). Pure, no React.
 */
import type { NotificationDelivery } from '../../../../domain/notifications/delivery';

export type TestOutcome = 'waiting' | 'sent' | 'failed' | 'skipped';

export function testOutcome(deliveries: readonly NotificationDelivery[] | undefined, eventId: string): TestOutcome {
  const row = deliveries?.find((delivery) => delivery.eventId === eventId);
  if (!row || row.status === 'pending') return 'waiting';
  if (row.status === 'sent') return 'sent';
  if (row.status === 'failed') return 'failed';
  return 'skipped';
}

/** The row a test message wrote, for its reason. */
export function testRow(deliveries: readonly NotificationDelivery[] | undefined, eventId: string): NotificationDelivery | undefined {
  return deliveries?.find((delivery) => delivery.eventId === eventId);
}
