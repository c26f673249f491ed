/**
 * The notifications page's reads and writes. A save's reply is the settings as stored, written
 * into the cache rather than read again; a test message's delivery is looked for in the channel's
 * log until the channel has handed it on (or refused it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberChannel } from '../../../../domain/notifications/delivery';
import { getNotifications, listNotificationDeliveries, putNotifications, testNotification } from '../../http/notifications';
import { testOutcome } from './test-outcome';

const notificationKeys = {
  settings: ['notifications'] as const,
  deliveries: (channel: MemberChannel) => ['notifications', 'deliveries', channel] as const,
};

/** How often the log is read again while a test message is on its way. */
const WATCH_MS = 1_000;

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.settings, queryFn: getNotifications });
}

export function useSaveNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putNotifications,
    onSuccess: (view) => client.setQueryData(notificationKeys.settings, view),
  });
}

/** The channel's log; while `awaiting` (a test's event id) has no final row yet, it is read again each second. */
export function useChannelDeliveries(channel: MemberChannel, awaiting: string | null) {
  return useQuery({
    queryKey: notificationKeys.deliveries(channel),
    queryFn: () => listNotificationDeliveries(channel),
    refetchInterval: (query) => (awaiting && testOutcome(query.state.data, awaiting) === 'waiting' ? WATCH_MS : false),
  });
}

export function useTestNotification(channel: MemberChannel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => testNotification(channel),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.deliveries(channel) }),
  });
}
