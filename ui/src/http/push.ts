/** `/api/v1/push-key`, `/api/v1/me/push-subscriptions` and `/api/v1/me/presence` (issue 40 items 2, 9). */
import type { PushSubscriptionBody } from '../../../domain/notifications/push-subscription';
import { API_PREFIX } from '../../../client/request';
import { pushRoutes } from '../../../domain/routes/push';
import { call } from './call';

export const readPushKey = () => call(pushRoutes.getPushKey, {});
export const addPushSubscription = (body: PushSubscriptionBody) => call(pushRoutes.addPushSubscription, { body });
export const listPushSubscriptions = () => call(pushRoutes.listPushSubscriptions, {});
export const removePushSubscription = (id: string) => call(pushRoutes.removePushSubscription, { params: { id } });
export const markPresent = () => call(pushRoutes.markPresent, { body: {} });

/**
 * Away, said as the tab goes: a keepalive request outlives the page that sends it (pagehide),
 * where an ordinary one is cancelled with it. Nothing waits for its answer.
 */
export function markAwayAsTheTabGoes(): void {
  void fetch(`${API_PREFIX}${pushRoutes.markAway.path}`, { method: 'DELETE', keepalive: true, credentials: 'same-origin' }).catch(() => {});
}
