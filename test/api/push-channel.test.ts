/**
 * Issue 40 items 2 and 9 — Web Push with the real `web-push` library: a member's browsers are
 * subscribed through the API (their own, 404 for anyone else's), a new blocking decision is
 * pushed to a loopback push service that checks the VAPID signature and decrypts the payload
 * with the subscription's keys, content-free unless the member opted into titles; a browser the
 * push service says is gone is removed and logged; while the member has the queue focused no
 * push goes, and after they leave pushes resume. Real Postgres, real Temporal, the real worker's notifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveries } from '../../db/notification-deliveries';
import { putNotificationSettings } from '../../db/notification-settings';
import type { NotificationDelivery } from '../../domain/notifications/delivery';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { PUSH_WORDS } from '../../domain/notifications/push-message';
import { pushRoutes } from '../../domain/routes/push';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { agentTokenOf, colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startPushService, type PushService } from '../support/push-service';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  cast = await startTestCast({ pushAgent: service.agent });
});
afterAll(async () => {
  await cast?.stop();
  await service?.stop();
});

const context = 'Enough context for a person to answer without opening the session, which is the whole point here.';

async function subscribed(member: Member) {
  const browser = service.subscribe();
  const { subscription } = await cast.send(member.token, pushRoutes.addPushSubscription, { body: browser });
  return { browser, subscription };
}

async function fileBlocking(member: Member, question: string, mode: 'blocking' | 'advisory' = 'blocking'): Promise<string> {
  const me = world(cast, member);
  const session = await me.session();
  const advisory = mode === 'advisory' ? { defaultOption: 1 } : {};
  return (await me.file({ question, context, asks: [tierAsk()], session, mode, ...advisory })).body.decision.id;
}

/** The member's push log line for the decision, once it is written and settled. */
async function pushLogOf(member: Member, decisionId: string): Promise<NotificationDelivery> {
  let line: NotificationDelivery | undefined;
  await expect
    .poll(
      async () => {
        const log = await listDeliveries(cast.pool, member.workspaceId, member.memberId, { channel: 'push' });
        line = log.find((row) => row.decisionId === decisionId && row.status !== 'pending');
        return line?.status ?? null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return line!;
}

const pushesTo = (endpoint: string) => service.received.filter((push) => push.endpoint === endpoint);

describe('issue 40 item 2: Web Push subscriptions', { timeout: 120_000 }, () => {
  it('a member adds, lists and removes their own browsers; anyone else’s reads as 404', async () => {
    const dana = await cast.newMember();
    const browser = service.subscribe();
    const added = await cast.reply(dana.token, pushRoutes.addPushSubscription, { body: { ...browser, expirationTime: null } });
    expect(added.status).toBe(201);
    // The same browser again: one row, still hers.
    const again = await cast.reply(dana.token, pushRoutes.addPushSubscription, { body: browser });
    expect(again.status).toBe(200);
    expect(again.body.subscription.id).toBe(added.body.subscription.id);
    const listed = await cast.send(dana.token, pushRoutes.listPushSubscriptions);
    expect(listed.subscriptions.map((row) => row.endpoint)).toEqual([browser.endpoint]);
    expect(JSON.stringify(listed)).not.toContain(browser.keys.auth);

    const sam = await colleagueOf(cast.pool, dana, 'Sam', 'member');
    const stranger = await cast.newMember();
    const params = { id: added.body.subscription.id };
    await expectProblem(cast.send(sam.token, pushRoutes.removePushSubscription, { params }), 404, 'push_subscription_not_found');
    await expectProblem(cast.send(stranger.token, pushRoutes.removePushSubscription, { params }), 404, 'push_subscription_not_found');
    const agent = await agentTokenOf(cast.pool, dana);
    await expectProblem(cast.send(agent.token, pushRoutes.addPushSubscription, { body: service.subscribe() }), 403, 'forbidden_for_agent');
    expect((await cast.send(dana.token, pushRoutes.listPushSubscriptions)).subscriptions).toHaveLength(1);

    await cast.send(dana.token, pushRoutes.removePushSubscription, { params });
    expect((await cast.send(dana.token, pushRoutes.listPushSubscriptions)).subscriptions).toEqual([]);
    await expectProblem(cast.send(dana.token, pushRoutes.removePushSubscription, { params }), 404, 'push_subscription_not_found');
  });

  it('a subscription that could never be pushed to is refused with a specific problem, and nothing is stored', async () => {
    const dana = await cast.newMember();
    const browser = service.subscribe();
    const bad = [
      { ...browser, endpoint: browser.endpoint.replace('https:', 'http:') },
      { ...browser, keys: { ...browser.keys, auth: 'c2hvcnQ' } },
      { ...browser, keys: { ...browser.keys, p256dh: browser.keys.p256dh.slice(2) } },
      { endpoint: browser.endpoint },
      { ...browser, extra: true },
    ];
    for (const body of bad) {
      const problem = await expectProblem(cast.request(dana.token, 'POST', '/api/v1/me/push-subscriptions', body), 400, 'invalid_request');
      expect(problem.detail).toBeTruthy();
    }
    expect((await cast.send(dana.token, pushRoutes.listPushSubscriptions)).subscriptions).toEqual([]);
  });

  it('a push service on a private address is refused where the deployment does not allow it', async () => {
    const strict = await startTestCast({ worker: false, allowPrivateWebhooks: false });
    try {
      const dana = await strict.newMember();
      await expectProblem(
        strict.send(dana.token, pushRoutes.addPushSubscription, { body: service.subscribe() }),
        422,
        'push_endpoint_refused',
      );
      expect((await strict.send(dana.token, pushRoutes.listPushSubscriptions)).subscriptions).toEqual([]);
    } finally {
      await strict.stop();
    }
  });
});

describe('issue 40 item 2: a new blocking decision is pushed', { timeout: 120_000 }, () => {
  it('content-free by default, signed with the key browsers subscribe with, and opening that decision', async () => {
    const dana = await cast.newMember();
    const { browser } = await subscribed(dana);
    const question = 'Ship the migration to the billing tables tonight?';
    const id = await fileBlocking(dana, question);
    expect(await pushLogOf(dana, id)).toMatchObject({ status: 'sent', kind: 'decision.opened', detail: null });
    const [push] = pushesTo(browser.endpoint);
    expect(push!.payload).toEqual({ title: PUSH_WORDS.title, body: PUSH_WORDS.opened, url: `/decisions/${id}`, tag: id });
    expect(JSON.stringify(push!.payload)).not.toContain('billing');
    const { publicKey } = await cast.send(dana.token, pushRoutes.getPushKey);
    expect(push!.vapidKey).toBe(publicKey);
    expect(push!.claims.aud).toBe(service.url);
    expect(push!.headers.urgency).toBe('high');
    expect(service.refused).toEqual([]);
  });

  it('with titles on, the push carries the decision’s question', async () => {
    const dana = await cast.newMember();
    await putNotificationSettings(cast.pool, dana.workspaceId, dana.memberId, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      push: { enabled: true, showTitles: true },
    });
    const { browser } = await subscribed(dana);
    const id = await fileBlocking(dana, 'Rotate the staging database password?');
    expect((await pushLogOf(dana, id)).status).toBe('sent');
    expect(pushesTo(browser.endpoint).map((push) => push.payload)).toEqual([
      {
        title: 'Rotate the staging database password?',
        body: PUSH_WORDS.opened,
        url: `/decisions/${id}`,
        tag: id,
        // With titles on, a two-option choice's options are its buttons: each an answer link's page.
        actions: [
          { action: 'option-1', title: 'Basic', url: expect.stringMatching(/^\/a\/[A-Za-z0-9_.-]+$/) },
          { action: 'option-2', title: 'Pro', url: expect.stringMatching(/^\/a\/[A-Za-z0-9_.-]+$/) },
        ],
      },
    ]);
  });

  it('issue 40 item 5: an approval’s push carries Approve and Reject; a press opens its confirmation page, which answers as the member, from push', async () => {
    const dana = await cast.newMember();
    const { browser } = await subscribed(dana);
    const me = world(cast, dana);
    const session = await me.session();
    const filed = await me.file({ question: 'Deploy the payments service now?', context, asks: [approvalAsk()], session });
    const id = filed.body.decision.id;
    expect((await pushLogOf(dana, id)).status).toBe('sent');
    const [push] = pushesTo(browser.endpoint);
    const payload = push!.payload as { actions: Array<{ action: string; title: string; url: string }> };
    // Content-free still: the buttons say what they do, not what the decision is about.
    expect(payload.actions.map(({ action, title }) => [action, title])).toEqual([
      ['approve', 'Approve'],
      ['reject', 'Reject'],
    ]);
    expect(JSON.stringify(payload)).not.toContain('payments');

    // The service worker opens the path on Cast's origin: a GET shows what pressing answers, and answers nothing.
    const approve = `${cast.url}${payload.actions[0]!.url}`;
    const page = await fetch(approve);
    expect(page.status).toBe(200);
    expect((await me.decision(id)).asks[0]!.answer).toBeNull();
    const pressed = await fetch(approve, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(pressed.status).toBe(200);
    const answer = (await me.decision(id)).asks[0]!.answer!;
    expect(answer).toMatchObject({ value: { kind: 'approval', decision: 'approve' }, answeredBy: dana.memberId });
    expect(answer.provenance).toMatchObject({ actor: { kind: 'member', id: dana.memberId }, channel: 'push' });
  });

  it('an advisory decision pushes nothing; a member with no browser is logged as skipped', async () => {
    const dana = await cast.newMember();
    const { browser } = await subscribed(dana);
    const advisory = await fileBlocking(dana, 'Which colour for the chart?', 'advisory');
    expect(await pushLogOf(dana, advisory)).toMatchObject({ status: 'skipped', detail: 'not_urgent' });
    const sam = await colleagueOf(cast.pool, dana, 'Sam', 'member');
    const blocking = await fileBlocking(dana, 'Merge the release branch?');
    expect(await pushLogOf(sam, blocking)).toMatchObject({ status: 'skipped', detail: 'no browser subscribed' });
    expect(await pushLogOf(dana, blocking)).toMatchObject({ status: 'sent' });
    expect(pushesTo(browser.endpoint)).toHaveLength(1);
  });

  it('a browser the push service says is gone is removed, and the log says so', async () => {
    const dana = await cast.newMember();
    const gone = await subscribed(dana);
    const kept = await subscribed(dana);
    service.gone(gone.browser.endpoint);
    const id = await fileBlocking(dana, 'Turn the feature flag on for everyone?');
    const line = await pushLogOf(dana, id);
    expect(line.status).toBe('sent');
    expect(line.detail).toContain('the push service answered 410');
    expect(pushesTo(kept.browser.endpoint)).toHaveLength(1);
    expect((await cast.send(dana.token, pushRoutes.listPushSubscriptions)).subscriptions.map((row) => row.id)).toEqual([
      kept.subscription.id,
    ]);

    // The last browser gone: the delivery failed, and why; with no browser left, it is not tried again.
    service.gone(kept.browser.endpoint);
    const next = await fileBlocking(dana, 'Archive last quarter’s reports?');
    expect(await pushLogOf(dana, next)).toMatchObject({ status: 'failed', detail: expect.stringContaining('410'), nextAttemptAt: null });
    expect((await cast.send(dana.token, pushRoutes.listPushSubscriptions)).subscriptions).toEqual([]);
  });
});

describe('issue 40 item 9: presence', { timeout: 120_000 }, () => {
  it('no push while the member has the queue focused; after they leave, pushes resume', async () => {
    const dana = await cast.newMember();
    const { browser } = await subscribed(dana);
    const { presentUntil } = await cast.send(dana.token, pushRoutes.markPresent, { body: {} });
    expect(Date.parse(presentUntil)).toBeGreaterThan(Date.now());
    const seen = await fileBlocking(dana, 'Retry the failed export?');
    expect(await pushLogOf(dana, seen)).toMatchObject({ status: 'skipped', detail: 'present' });
    expect(pushesTo(browser.endpoint)).toEqual([]);

    await cast.send(dana.token, pushRoutes.markAway);
    const after = await fileBlocking(dana, 'Retry the failed import?');
    expect(await pushLogOf(dana, after)).toMatchObject({ status: 'sent' });
    expect(pushesTo(browser.endpoint).map((push) => (push.payload as { url: string }).url)).toEqual([`/decisions/${after}`]);
  });

  it('presence is a person’s own: an agent cannot claim it', async () => {
    const dana = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, dana);
    await expectProblem(cast.send(agent.token, pushRoutes.markPresent, { body: {} }), 403, 'forbidden_for_agent');
  });
});
