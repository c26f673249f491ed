/**
 * Issue 28, item 9: a member cannot point Cast's worker at the machine itself, the private
 * network or a cloud metadata service. Here, as in production, private addresses are not
 * allowed (CAST_WEBHOOK_ALLOW_PRIVATE is off): registration refuses them, and a delivery
 * checks the address again where it connects, so an endpoint that reaches one later gets
 * nothing sent. Issue 38 item 12: every IPv6 form that carries an internal IPv4 address, NAT64
 * and site-local space are refused alike, and an endpoint's URL is stored normalised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../domain/routes/webhooks';

import { world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let cast: TestCast;
let receiver: WebhookReceiver;

beforeAll(async () => {
  cast = await startTestCast({ allowPrivateWebhooks: false });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await cast?.stop();
  await receiver?.close();
});

describe('webhook targets', () => {
  it.each([
    ['http://127.0.0.1:7400/hook', 'loopback'],
    ['http://localhost/hook', 'this machine'],
    ['http://[::1]/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['http://0x7f.1/hook', 'loopback'],
    ['http://10.1.2.3/hook', 'private'],
    ['https://192.168.0.10/hook', 'private'],
    ['http://[fd12::1]/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'cloud metadata'],
    ['http://169.254.10.10/hook', 'link-local'],
    ['http://[fe80::1]/hook', 'link-local'],
    // Issue 38 item 12: IPv6 forms that carry an internal IPv4 address, NAT64 and site-local space.
    ['http://[::127.0.0.1]/hook', '127.0.0.1 inside IPv6'],
    ['http://[::7f00:1]/hook', 'loopback'],
    ['http://[::169.254.169.254]/latest/meta-data/', 'cloud metadata'],
    ['http://[::ffff:0:7f00:1]/hook', 'loopback'],
    ['http://[64:ff9b::a00:1]/hook', 'private'],
    ['http://[64:ff9b:1::7f00:1]/hook', 'private'],
    ['http://[2002:7f00:1::]/hook', 'loopback'],
    ['http://[fec0::1]/hook', 'site-local'],
  ])('refuses to register %s (%s)', async (url, why) => {
    const me = await cast.newMember();
    const problem = await expectProblem(cast.send(me.token, webhookRoutes.createWebhook, { body: { url } }), 422, 'webhook_url_refused');
    expect(problem.detail).toContain(why);
  });

  it('registers a public address, and a name that does not resolve yet', async () => {
    const me = world(cast, await cast.newMember());
    await me.send(webhookRoutes.createWebhook, { body: { url: 'https://93.184.215.14/hook' } });
    await me.send(webhookRoutes.createWebhook, { body: { url: 'https://hooks.example.invalid/cast' } });
  });

  it('issue 38 item 12: stores the URL normalised, as it is checked and delivered to', async () => {
    const me = world(cast, await cast.newMember());
    const { webhook } = await me.send(webhookRoutes.createWebhook, {
      body: { url: 'HTTPS://Hooks.Example.INVALID:443/a/./b/../cast?x=1' },
    });
    expect(webhook.url).toBe('https://hooks.example.invalid/a/cast?x=1');
    const { webhooks } = await me.send(webhookRoutes.listWebhooks);
    expect(webhooks.map((each) => each.url)).toEqual(['https://hooks.example.invalid/a/cast?x=1']);
    const v4in6 = await expectProblem(
      me.send(webhookRoutes.createWebhook, { body: { url: 'http://[::127.0.0.1]/hook' } }),
      422,
      'webhook_url_refused',
    );
    expect(v4in6.detail).toContain('http://[::7f00:1]/hook');
  });

  it.each([
    'http://[::7f00:1]/hook',
    'http://[::169.254.169.254]/hook',
    'http://[::ffff:0:7f00:1]/hook',
    'http://[64:ff9b:1::7f00:1]/hook',
    'http://[fec0::1]/hook',
  ])('issue 38 item 12: checks %s again at delivery, and sends nothing', async (url) => {
    const me = world(cast, await cast.newMember());
    const { webhook } = await me.send(webhookRoutes.createWebhook, { body: { url: 'https://hooks.example.invalid/cast' } });
    // As if written before the check knew these forms.
    await cast.pool.query('update webhook_endpoints set url = $2 where id = $1', [webhook.id, url]);
    await me.send(webhookRoutes.pingWebhook, { params: { id: webhook.id }, body: {} });
    await expect
      .poll(async () => (await me.send(webhookRoutes.listWebhookDeliveries, { params: { id: webhook.id } })).deliveries)
      .toEqual([
        expect.objectContaining({
          status: 'failed',
          attempts: [expect.objectContaining({ responseStatus: null, error: expect.stringMatching(/^Not sent: .* address/) })],
        }),
      ]);
  });

  it('checks again at delivery: an endpoint that reaches loopback now is sent nothing, and the log says why', async () => {
    const me = world(cast, await cast.newMember());
    const { webhook } = await me.send(webhookRoutes.createWebhook, { body: { url: 'https://hooks.example.invalid/cast' } });
    // As if its name had resolved to a public address at registration and to this machine since.
    await cast.pool.query('update webhook_endpoints set url = $2 where id = $1', [webhook.id, `${receiver.url}/inside`]);
    await me.send(webhookRoutes.pingWebhook, { params: { id: webhook.id }, body: {} });
    await expect
      .poll(async () => (await me.send(webhookRoutes.listWebhookDeliveries, { params: { id: webhook.id } })).deliveries)
      .toEqual([
        expect.objectContaining({
          status: 'failed',
          attempts: [expect.objectContaining({ responseStatus: null, error: expect.stringContaining('127.0.0.1 is a loopback address') })],
        }),
      ]);
    expect(receiver.received).toEqual([]);
  });
});
