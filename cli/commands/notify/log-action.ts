/** What `cast notify log` does: your delivery log, newest first, in your notifications' time zone. */
import { MemberChannel } from '../../../domain/notifications/delivery';
import { notificationRoutes } from '../../../domain/routes/notifications';
import { emit, usageError } from '../../output';
import { connect } from '../decide/target';
import { deliveryLine } from './present';

export async function run(opts: { channel?: string; limit?: string; json?: boolean }): Promise<void> {
  const channel = opts.channel?.trim().toLowerCase();
  if (channel !== undefined && !(MemberChannel as readonly string[]).includes(channel)) {
    throw usageError(`--channel is one of ${MemberChannel.join(', ')}.`);
  }
  if (opts.limit !== undefined && !/^\d+$/.test(opts.limit.trim())) throw usageError(`--limit takes a whole number, not "${opts.limit}".`);
  const api = connect();
  const { timeZone } = await api.request(notificationRoutes.getNotifications, {});
  const { deliveries } = await api.request(notificationRoutes.listNotificationDeliveries, {
    query: { ...(channel ? { channel: channel as MemberChannel } : {}), ...(opts.limit ? { limit: Number(opts.limit) } : {}) },
  });
  const human = deliveries.length ? deliveries.map((delivery) => deliveryLine(delivery, timeZone)) : ['Nothing sent yet.'];
  emit(Boolean(opts.json), human, { deliveries, timeZone });
}
