/**
 * Issue 29, item 1: Cast behind a TLS-terminating nginx that rewrites Host, in a real browser.
 * A person signs in at CAST_PUBLIC_URL, answers in the web queue and follows the session's
 * event stream through the proxy; the session cookie is `__Host-` and Secure; a sign-in from
 * another origin is refused; the links Cast writes (the filing card's, a webhook's) start with
 * the public URL and open the decision.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { freeFixedPort } from '../../runtime/free-port';
import { approvalAsk, world } from '../support/agent-world';
import { launchBrowser, signIn } from '../support/browser';
import { startTestCast, type TestCast } from '../support/test-cast';
import { startTlsProxy, type TlsProxy } from '../support/tls-proxy';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const NAME = 'cast.proxy.test';

let cast: TestCast;
let proxy: TlsProxy;
let browser: Browser;
let context: BrowserContext;
let receiver: WebhookReceiver;
let publicUrl: string;

beforeAll(async () => {
  const port = await freeFixedPort();
  publicUrl = `https://${NAME}:${port}`;
  receiver = await startWebhookReceiver();
  cast = await startTestCast({ publicUrl, trustProxy: ['loopback'] });
  proxy = await startTlsProxy({ names: [NAME], upstream: cast.url, port });
  // The name resolves to loopback in this browser only; the certificate is the test's own.
  browser = await launchBrowser([`--host-resolver-rules=MAP ${NAME} 127.0.0.1`]);
  context = await browser.newContext({ ignoreHTTPSErrors: true });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await cast?.stop();
  await receiver?.close();
});

/** A sign-in sent to the proxy from outside a browser, with the Origin the test chooses. */
const signInThroughProxy = (token: string, origin: string) =>
  proxy.send('POST', '/auth/session', { origin, 'content-type': 'application/json' }, JSON.stringify({ token }));

describe('behind a TLS proxy that rewrites Host', () => {
  it('signs in, answers in the web queue and streams the answer to the session, with a __Host- Secure cookie', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.send(webhookRoutes.createWebhook, { body: { url: `${receiver.url}/hook`, events: ['decision.resolved'] } });
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const filed = await me.file({
      question: 'Ship the proxy settings?',
      context: 'The operator put Cast behind nginx with TLS and a rewritten Host header.',
      asks: [approvalAsk()],
      session,
      agent: agent.id,
    });
    const id = filed.body.decision.id;
    // The link the agent is given is on the public URL, not the address Cast listens on.
    expect(filed.body.card.url).toBe(`${publicUrl}/decisions?id=${id}`);

    const page = await signIn(await context.newPage(), publicUrl, member.token);
    const cookies = await context.cookies(publicUrl);
    expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-cast_session']);
    expect(cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/', domain: NAME });

    // The session's event stream, opened through the proxy before the answer exists.
    await page.evaluate(`
      window.castEvents = [];
      window.castStream = new EventSource('/api/v1/sessions/${encodeURIComponent(session)}/events');
      window.castStream.addEventListener('message', (event) => window.castEvents.push(JSON.parse(event.data)));
    `);
    await expect.poll(() => page.evaluate('window.castStream.readyState'), { timeout: 10_000 }).toBe(1);

    await page.getByRole('heading', { name: 'Ship the proxy settings?' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByTestId('outcome').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.evaluate('window.castEvents.map((message) => [message.kind, message.decisionId])'), { timeout: 15_000 })
      .toEqual([['decision_answer', id]]);
    expect(await page.evaluate('window.castStream.readyState')).toBe(1);

    // The webhook Cast pushed links to the decision on the public URL, and that link opens it.
    await expect.poll(() => receiver.at('/hook').length, { timeout: 15_000 }).toBe(1);
    const event = JSON.parse(receiver.at('/hook')[0]!.body) as { type: string; data: { url: string } };
    expect(event).toMatchObject({ type: 'decision.resolved', data: { url: `${publicUrl}/decisions?id=${id}` } });
    const opened = await context.newPage();
    await opened.goto(event.data.url);
    await opened.getByRole('heading', { name: 'Ship the proxy settings?' }).waitFor({ timeout: 10_000 });
  });

  it('still refuses a sign-in from another origin, and takes one from the public URL', async () => {
    const member = await cast.newMember();
    const foreign = await signInThroughProxy(member.token, 'https://evil.invalid');
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ code: 'cross_origin' });
    // The Host Cast receives (cast-internal) is no longer what the Origin is compared with.
    expect((await signInThroughProxy(member.token, `http://cast-internal`)).status).toBe(403);
    expect((await signInThroughProxy(member.token, publicUrl)).status).toBe(201);
  });
});
