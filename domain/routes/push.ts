/**
 * Web Push and presence (issue 40 items 2 and 9): the key browsers subscribe with, each member's
 * own subscriptions, and the heartbeat that says the member has the queue in front of them.
 * Every route is the caller's own: another member's subscription, like another workspace's,
 * reads as not found.
 */
import { z } from 'zod';
import { PushKey, PushSubscription, PushSubscriptionBody } from '../notifications/push-subscription';
import { EmptyBody } from './empty-body';
import { route } from './route';

const tag = 'Notifications';

/** How long one heartbeat keeps its member present: a focused tab renews it well before (every 20 s). */
export const PRESENCE_SECONDS = 60;

const getPushKey = route({
  tag,
  method: 'get',
  path: '/push-key',
  operationId: 'getPushKey',
  summary: 'The key browsers subscribe to pushes with',
  description:
    'The public half of Cast’s VAPID key (base64url, an uncompressed P-256 point): `pushManager.subscribe({ applicationServerKey })` takes it. The same on every API process.',
  ok: { status: 200, description: 'The key.', schema: PushKey },
  permission: 'profile.own',
});

const listPushSubscriptions = route({
  tag,
  method: 'get',
  path: '/me/push-subscriptions',
  operationId: 'listPushSubscriptions',
  summary: 'Your browsers that get pushes',
  ok: { status: 200, description: 'Your subscriptions, oldest first.', schema: z.object({ subscriptions: z.array(PushSubscription) }) },
  permission: 'profile.own',
});

const addPushSubscription = route({
  tag,
  method: 'post',
  path: '/me/push-subscriptions',
  operationId: 'addPushSubscription',
  summary: 'Get pushes in this browser',
  description:
    'Takes the browser’s `PushSubscription.toJSON()`. An endpoint Cast already knows is taken over (200): one browser reaches one person, whoever subscribed it last. ' +
    'The endpoint must reach a public address (loopback and private ones are refused with `push_endpoint_refused` unless the deployment sets CAST_WEBHOOK_ALLOW_PRIVATE=on).',
  body: { schema: PushSubscriptionBody },
  ok: [
    { status: 201, description: 'Added.', schema: z.object({ subscription: PushSubscription }) },
    { status: 200, description: 'Known already: now yours, with these keys.', schema: z.object({ subscription: PushSubscription }) },
  ],
  errors: ['push_endpoint_refused'],
  permission: 'profile.own',
});

const removePushSubscription = route({
  tag,
  method: 'delete',
  path: '/me/push-subscriptions/:id',
  operationId: 'removePushSubscription',
  summary: 'Stop pushes to one browser',
  params: z.object({ id: z.string().min(1).max(200) }),
  ok: { status: 204, description: 'Removed.' },
  errors: ['push_subscription_not_found'],
  permission: 'profile.own',
});

const markPresent = route({
  tag,
  method: 'put',
  path: '/me/presence',
  operationId: 'markPresent',
  summary: 'Say you have the queue in front of you',
  description: `A focused tab’s heartbeat (issue 40 item 9): for ${PRESENCE_SECONDS} s no push or immediate email reaches you for what the queue shows. Takes no body, or \`{}\`.`,
  body: { schema: EmptyBody, required: false },
  ok: { status: 200, description: 'Until when you count as present.', schema: z.object({ presentUntil: z.iso.datetime() }) },
  permission: 'profile.own',
});

const markAway = route({
  tag,
  method: 'delete',
  path: '/me/presence',
  operationId: 'markAway',
  summary: 'Say you left the queue',
  description: 'A tab that blurs, hides or closes ends presence at once, so pushes resume.',
  ok: { status: 204, description: 'Away.' },
  permission: 'profile.own',
});

export const pushRoutes = {
  getPushKey,
  listPushSubscriptions,
  addPushSubscription,
  removePushSubscription,
  markPresent,
  markAway,
};
