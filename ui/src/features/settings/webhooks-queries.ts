/**
 * The Webhooks page's reads and writes. A write's reply goes into the cache (a new endpoint
 * joins the list, a deleted one leaves it) rather than reading the list again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '../../../../domain/webhook-schema';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, rotateWebhookSecret } from '../../http/webhooks';

const webhookKeys = {
  list: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useWebhooks(enabled: boolean) {
  return useQuery({ queryKey: webhookKeys.list, queryFn: listWebhooks, enabled });
}

export function useDeliveries(id: string) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => listDeliveries(id) });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: ({ webhook }) => client.setQueryData<Webhook[]>(webhookKeys.list, (list) => [...(list ?? []), webhook]),
  });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await deleteWebhook(id), id),
    onSuccess: (id) => client.setQueryData<Webhook[]>(webhookKeys.list, (list) => list?.filter((webhook) => webhook.id !== id)),
  });
}
