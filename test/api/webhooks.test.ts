/**
 * Push delivery (DESIGN §4, issue 28): events for decision.resolved, run.restart,
 * message.injected, decision.withdrawn and answer.withdrawn, signed as Standard Webhooks signs
 * them — verified here by the official `standardwebhooks` library — retried on a schedule,
 * logged per endpoint, pinged and redelivered on request.
 */
import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { decisionRoutes } from '../../domain/routes/decisions';
import { webhookRoutes } from '../../domain/routes/webhooks';
import type { CreateWebhookBody, WebhookDelivery } from '../../domain/webhook-schema';

import { tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';
import { startWebhookReceiver, type ReceivedHook, type WebhookReceiver } from '../support/webhook-receiver';

let cast: TestCast;
let receiver: WebhookReceiver;
/** Paths that answer one fixed status until a test changes it. */
const statusOf = new Map<string, number>();
const refusedOnce = new Set<string>();

beforeAll(async () => {
  cast = await startTestCast();
  receiver = await startWebhookReceiver((path, headers) => {
    if (path === '/redirect') return { status: 302, location: `${receiver.url}/landed` };
    if (path !== '/once') return statusOf.get(path) ?? 200;
    // Fails each event's first delivery, so every event is retried once.
    const id = headers['webhook-id']!;
    if (refusedOnce.has(id)) return 200;
    refusedOnce.add(id);
    return 503;
  });
});
afterAll(async () => {
  await cast?.stop();
  await receiver?.close();
});

const context = 'Enough context for a person to answer without opening the session, which is the whole point here.';
type Me = ReturnType<typeof world>;

function about(decisionId: string): ReceivedHook[] {
  return receiver.received.filter((hook) => hook.body.includes(`"id":"${decisionId}"`));
}

async function eventsFor(decisionId: string, delivered: number): Promise<ReceivedHook[]> {
  await expect.poll(() => about(decisionId).filter((hook) => hook.status === 200).length, { timeout: 90_000 }).toBe(delivered);
  return about(decisionId);
}

async function addWebhook(me: Me, path: string, events?: z.input<typeof CreateWebhookBody>['events']) {
  return me.send(webhookRoutes.createWebhook, { body: { url: `${receiver.url}${path}`, events } });
}

async function deliveries(me: Me, webhookId: string): Promise<WebhookDelivery[]> {
  return (await me.send(webhookRoutes.listWebhookDeliveries, { params: { id: webhookId } })).deliveries;
}

const sendPing = (me: Me, id: string) => me.send(webhookRoutes.pingWebhook, { params: { id }, body: {} });

/** The endpoint's only delivery, once Cast has stopped trying it. */
async function settled(me: Me, webhookId: string): Promise<WebhookDelivery> {
  await expect
    .poll(async () => (await deliveries(me, webhookId)).map((delivery) => delivery.status))
    .toEqual([expect.not.stringMatching('pending')]);
  return (await deliveries(me, webhookId))[0]!;
}

// Each retry waits the schedule's first five seconds; a busy machine stretches the rest, so the
// polls wait long and the tests may take longer than the default.
describe('webhooks', { timeout: 300_000 }, () => {
  it('signs as Standard Webhooks does: the official library verifies each delivery, a retry keeps its id, a replay past the tolerance is refused', async () => {
    const me = world(cast, await cast.newMember());
    const { secret, webhook } = await addWebhook(me, '/once');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await me.send(webhookRoutes.listWebhooks);
    expect(listed.webhooks).toEqual([expect.objectContaining({ id: webhook.id, url: `${receiver.url}/once` })]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const id = (await me.file({ question: 'Push it?', context, asks: [tierAsk()], session, run: parked.id })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });

    const hooks = await eventsFor(id, 2);
    const delivered = hooks.filter((hook) => hook.status === 200);
    expect(delivered.map((hook) => hook.headers['x-cast-event']).sort()).toEqual(['decision.resolved', 'run.restart']);
    const verifier = new StandardWebhook(secret);
    for (const hook of delivered) {
      const event = verifier.verify(hook.body, hook.headers) as { id: string; type: string };
      expect(event).toMatchObject({ id: hook.headers['webhook-id'], type: hook.headers['x-cast-event'], data: { decision: { id } } });
      // The refused first try and the accepted retry carry one id: receivers dedupe on it.
      expect(hooks.filter((other) => other.headers['webhook-id'] === event.id).map((other) => other.status)).toEqual([503, 200]);
      // The old header, for one more release: HMAC over the body alone, keyed by the secret's text.
      expect(hook.headers['x-cast-signature']).toBe(`sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`);
      expect(hook.headers['x-cast-event-id']).toBe(event.id);
    }

    const [hook] = delivered;
    expect(() => verifier.verify(`${hook!.body} `, hook!.headers)).toThrow(/signature/i);
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.from('another key of 24 bytes!').toString('base64')}`).verify(hook!.body, hook!.headers),
    ).toThrow(/signature/i);
    // A captured delivery sent again six minutes later: its timestamp is signed, so it cannot be freshened.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(() => verifier.verify(hook!.body, hook!.headers)).toThrow(/timestamp too old/);
    } finally {
      vi.useRealTimers();
    }

    // The delivery log: each event's tries, newest first.
    const log = await deliveries(me, webhook.id);
    expect(log.map((delivery) => delivery.eventType).sort()).toEqual(['decision.resolved', 'run.restart']);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 2, nextAttemptAt: null });
      expect(delivery.attempts.map((attempt) => attempt.responseStatus)).toEqual([200, 503]);
    }
  });

  it('rotates a secret: for a day both sign, so a receiver holding either verifies; the new one is shown once', async () => {
    const me = world(cast, await cast.newMember());
    const { secret: before, webhook } = await addWebhook(me, '/rotated', ['message.injected']);
    const rotated = await me.send(webhookRoutes.rotateWebhookSecret, { params: { id: webhook.id }, body: {} });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(before);
    expect(rotated.webhook.id).toBe(webhook.id);
    expect(Date.parse(rotated.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(JSON.stringify(await me.send(webhookRoutes.listWebhooks))).not.toContain(rotated.secret);

    await sendPing(me, webhook.id);
    await expect.poll(() => receiver.at('/rotated').length).toBe(1);
    const [ping] = receiver.at('/rotated');
    expect(ping!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new StandardWebhook(rotated.secret).verify(ping!.body, ping!.headers)).toMatchObject({ type: 'webhook.ping' });
    expect(new StandardWebhook(before).verify(ping!.body, ping!.headers)).toMatchObject({ type: 'webhook.ping' });
    expect(ping!.headers['x-cast-signature']).toBe(`sha256=${createHmac('sha256', rotated.secret).update(ping!.body).digest('hex')}`);

    const stranger = await cast.newMember();
    await expectProblem(
      cast.send(stranger.token, webhookRoutes.rotateWebhookSecret, { params: { id: webhook.id }, body: {} }),
      404,
      'webhook_not_found',
    );
  });

  it('pings an endpoint whatever it subscribes to, logs the refusal, and redelivers the failed event under the same id', async () => {
    const me = world(cast, await cast.newMember());
    statusOf.set('/gone', 410);
    const { secret, webhook } = await addWebhook(me, '/gone', ['decision.withdrawn']);
    const pinged = await me.reply(webhookRoutes.pingWebhook, { params: { id: webhook.id }, body: {} });
    expect(pinged.status).toBe(201);
    expect(pinged.body.delivery).toMatchObject({ eventType: 'webhook.ping', status: 'pending' });

    // A 4xx is the receiver's final "no": one try, logged with its status.
    const failed = await settled(me, webhook.id);
    expect(failed).toMatchObject({ id: pinged.body.delivery.id, status: 'failed', attemptCount: 1 });
    expect(failed.attempts[0]).toMatchObject({ responseStatus: 410, error: expect.stringContaining('refused') });
    const [first] = receiver.at('/gone');
    expect(new StandardWebhook(secret).verify(first!.body, first!.headers)).toMatchObject({
      type: 'webhook.ping',
      data: { webhook: { id: webhook.id } },
    });

    statusOf.set('/gone', 204);
    const again = await me.send(webhookRoutes.redeliverWebhookDelivery, { params: { id: webhook.id, deliveryId: failed.id }, body: {} });
    expect(again.delivery.id).toBe(failed.id);
    const redelivered = await settled(me, webhook.id);
    expect(redelivered).toMatchObject({ status: 'delivered', attemptCount: 2, eventId: failed.eventId });
    expect(redelivered.attempts.map((attempt) => attempt.responseStatus)).toEqual([204, 410]);
    const [, second] = receiver.at('/gone');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(new StandardWebhook(secret).verify(second!.body, second!.headers)).toBeTruthy();

    await expectProblem(
      me.send(webhookRoutes.redeliverWebhookDelivery, {
        params: { id: webhook.id, deliveryId: 'whd_00000000000000000000000000000000' },
        body: {},
      }),
      404,
      'webhook_delivery_not_found',
    );
  });

  it('keeps trying a failing endpoint, refuses to redeliver while it does, and follows no redirect', async () => {
    const me = world(cast, await cast.newMember());
    statusOf.set('/down', 503);
    const down = (await addWebhook(me, '/down')).webhook;
    await sendPing(me, down.id);
    // A ping is tried once; a decision's event is retried on the schedule, so file one.
    const id = (await me.file({ question: 'Anyone there?', context, asks: [tierAsk()] })).body.decision.id;
    await me.send(decisionRoutes.withdrawDecision, { params: { id }, body: {} });
    await expect
      .poll(async () => (await deliveries(me, down.id)).find((delivery) => delivery.eventType === 'decision.withdrawn')?.attemptCount, {
        timeout: 90_000,
      })
      .toBe(2);
    const retrying = (await deliveries(me, down.id)).find((delivery) => delivery.eventType === 'decision.withdrawn')!;
    expect(retrying).toMatchObject({ status: 'pending', attempts: [{ responseStatus: 503 }, { responseStatus: 503 }] });
    // The schedule's third try comes five minutes after the second.
    expect(Date.parse(retrying.nextAttemptAt!) - Date.parse(retrying.attempts[0]!.at)).toBeGreaterThan(4.5 * 60_000);
    await expectProblem(
      me.send(webhookRoutes.redeliverWebhookDelivery, { params: { id: down.id, deliveryId: retrying.id }, body: {} }),
      409,
      'webhook_delivery_in_flight',
    );

    const moved = (await addWebhook(me, '/redirect', ['message.injected'])).webhook;
    await sendPing(me, moved.id);
    const refused = await settled(me, moved.id);
    expect(refused).toMatchObject({ status: 'failed', attempts: [{ responseStatus: 302, error: expect.stringContaining('redirect') }] });
    expect(receiver.at('/landed')).toEqual([]);
  });

  it('announces a withdrawal, and only to endpoints subscribed to it', async () => {
    const me = world(cast, await cast.newMember());
    await addWebhook(me, '/once', ['decision.withdrawn']);
    const answered = (await me.file({ question: 'Answer me quietly?', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(answered, 1, { kind: 'decision', selected: [2] });
    const withdrawn = (await me.file({ question: 'Withdraw me?', context, asks: [tierAsk()] })).body.decision.id;
    await me.send(decisionRoutes.withdrawDecision, { params: { id: withdrawn }, body: {} });
    const events = await eventsFor(withdrawn, 1);
    expect(events.find((e) => e.status === 200)?.headers['x-cast-event']).toBe('decision.withdrawn');
    expect(about(answered)).toEqual([]);
  });

  it('an undo announces answer.withdrawn with the message the agent got; answered again, the decision announces its new resolution', async () => {
    const me = world(cast, await cast.newMember());
    await addWebhook(me, '/once', ['decision.resolved', 'answer.withdrawn']);
    const session = await me.session();
    const id = (await me.file({ question: 'Which tier?', context, asks: [tierAsk()], session })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await me.delivered(id);
    await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    const afterUndo = await eventsFor(id, 2);
    const withdrawn = afterUndo.find((event) => event.headers['x-cast-event'] === 'answer.withdrawn' && event.status === 200)!;
    expect(JSON.parse(withdrawn.body).data).toMatchObject({
      ask: 1,
      message: 'The owner withdrew their earlier answer to "Which feed tier?".',
      decision: { id, status: 'open' },
    });

    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    const all = await eventsFor(id, 3);
    const resolutions = new Set(
      all.filter((event) => event.headers['x-cast-event'] === 'decision.resolved').map((event) => event.headers['webhook-id']),
    );
    expect(resolutions.size).toBe(2);
  });

  it('refuses a webhook URL that is not http(s), saying so; another workspace can neither delete it nor read its log', async () => {
    const me = world(cast, await cast.newMember());
    // Deliberately bad (not an http(s) URL), so sent raw.
    const bad = await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/webhooks', { url: 'ftp://example.invalid/hook' }),
      400,
      'invalid_request',
    );
    expect(bad.detail).toContain('must be an http:// or https:// URL');
    const { webhook } = await addWebhook(me, '/quiet', ['message.injected']);
    const stranger = await cast.newMember();
    const params = { id: webhook.id };
    await expectProblem(cast.send(stranger.token, webhookRoutes.deleteWebhook, { params }), 404, 'webhook_not_found');
    await expectProblem(cast.send(stranger.token, webhookRoutes.listWebhookDeliveries, { params }), 404, 'webhook_not_found');
    await expectProblem(cast.send(stranger.token, webhookRoutes.pingWebhook, { params, body: {} }), 404, 'webhook_not_found');
    expect(await deliveries(me, webhook.id)).toEqual([]);
    // No credentials at all: a raw request, as a stranger to Cast sends it.
    expect((await cast.request(null, 'GET', '/api/v1/webhooks')).status).toBe(401);
  });
});
