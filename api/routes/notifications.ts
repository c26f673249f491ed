/** `/api/v1/me/notifications` (declared in domain/routes/notifications.ts): the caller's own, always. */
import { listDeliveries } from '../../db/notification-deliveries';
import { DomainError } from '../../domain/errors';
import type { PersonPrincipal, Principal } from '../../domain/principal';
import { notificationRoutes } from '../../domain/routes/notifications';
import { reply, type Handlers } from '../mount-routes';
import { notificationsOf, replaceNotifications, sendTestNotification, type NotificationDeps } from '../services/notifications';

/** No agent holds `profile.own`, so the mount has already refused one. */
function personOf(principal: Principal): PersonPrincipal {
  if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', 'Notifications are a person’s own.');
  return principal;
}

export function notificationHandlers(deps: NotificationDeps): Handlers<typeof notificationRoutes> {
  return {
    getNotifications: (_input, { principal }) => notificationsOf(deps, personOf(principal)),
    putNotifications: ({ body }, { principal }) => replaceNotifications(deps, personOf(principal), body),
    testNotification: async ({ body }, { principal }) => {
      const sent = await sendTestNotification(deps, personOf(principal), body.channel);
      return reply(notificationRoutes.testNotification, { status: 201, body: sent });
    },
    listNotificationDeliveries: async ({ query }, { principal }) => {
      const person = personOf(principal);
      return {
        deliveries: await listDeliveries(deps.pool, person.workspaceId, person.memberId, {
          ...(query.channel ? { channel: query.channel } : {}),
          limit: query.limit,
        }),
      };
    },
  };
}
