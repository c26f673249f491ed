/** The workspace's own reads and settings: home, analytics, the health line, activity, webhooks. */
import { z } from 'zod';
import { SubjectKind } from '../../domain/activity';
import { HealthSettingsBody } from '../../domain/health';
import { CreateWebhookBody } from '../../domain/webhook-schema';
import type { ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

export function workspaceRoutes(docs: ApiDocs): void {
  const route = docs.resource('Workspace');
  const settings = one('settings', views.HealthSettings);

  route({
    method: 'get',
    path: '/home',
    operationId: 'home',
    summary: "The dashboard's counts and pending approvals",
    ok: {
      status: 200,
      description: 'Open and blocking counts, and up to five pending approvals.',
      schema: z.object({ counts: z.object({ open: z.int(), blocking: z.int() }), approvals: z.array(views.Approval) }),
    },
  });
  route({
    method: 'get',
    path: '/analytics',
    operationId: 'analytics',
    summary: 'Product analytics over a trailing window',
    query: z.strictObject({ days: z.int().min(1).max(90).default(30).meta({ description: 'The window, in days.' }) }),
    ok: { status: 200, description: 'The analytics.', schema: one('analytics', views.Analytics) },
  });
  route({
    method: 'get',
    path: '/settings/health',
    operationId: 'getHealthSettings',
    summary: "The health line's settings",
    ok: { status: 200, description: 'The settings.', schema: settings },
  });
  route({
    method: 'patch',
    path: '/settings/health',
    operationId: 'updateHealthSettings',
    summary: "Override the health line's bands",
    body: { schema: HealthSettingsBody.meta({ id: 'HealthSettingsBody' }) },
    ok: { status: 200, description: 'The settings.', schema: settings },
  });
  route({
    method: 'post',
    path: '/settings/health/hide',
    operationId: 'hideHealthLine',
    summary: 'Hide the health line',
    body: { schema: z.strictObject({ days: z.int().min(1).max(90).default(30) }).meta({ id: 'HideHealthBody' }), required: false },
    ok: { status: 200, description: 'The settings, with `hiddenUntil`.', schema: settings },
  });
  route({
    method: 'delete',
    path: '/settings/health/hide',
    operationId: 'showHealthLine',
    summary: 'Show the health line again',
    ok: { status: 200, description: 'The settings.', schema: settings },
  });
  route({
    method: 'get',
    path: '/activity',
    operationId: 'listActivity',
    summary: 'The history of writes, newest first',
    query: z.object({
      subject_kind: z.enum(SubjectKind).optional(),
      subject_id: z.string().min(1).max(200).optional(),
      before: z.int().min(1).optional().meta({ description: 'Entries older than this seq.' }),
      limit: limitParam(50, 200),
    }),
    ok: { status: 200, description: 'Entries.', schema: many('activity', views.ActivityEntry) },
  });

  const webhooks = docs.resource('Webhooks');
  webhooks({
    method: 'post',
    path: '/webhooks',
    operationId: 'createWebhook',
    summary: 'Add a push endpoint',
    description: 'Deliveries are signed with `X-Cast-Signature: sha256=<hex HMAC>`; the secret is returned once, here.',
    body: { schema: CreateWebhookBody.meta({ id: 'CreateWebhookBody' }) },
    ok: { status: 201, description: 'The endpoint and its signing secret.', schema: z.object({ webhook: views.Webhook, secret: z.string() }) },
  });
  webhooks({
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'List push endpoints',
    ok: { status: 200, description: 'The endpoints (without secrets).', schema: many('webhooks', views.Webhook) },
  });
  webhooks({
    method: 'delete',
    path: '/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Remove a push endpoint',
    ok: { status: 204, description: 'Removed.' },
    errors: ['webhook_not_found'],
  });
}
