/**
 * Behind a proxy: CAST_PUBLIC_URL is the origin the Origin check accepts and the base of the
 * links Cast writes; CAST_TRUST_PROXY lets the proxy say the browser came over HTTPS, and then
 * the session cookie is Secure and `__Host-` prefixed; CAST_LONG_POLL_MAX_SECONDS cuts every
 * long-poll. The browser through a real nginx is test/e2e/behind-proxy.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

const PUBLIC_URL = 'https://cast.example.test';

/** Behind an HTTPS proxy that rewrites Host: the public URL and a trusted loopback proxy. */
let proxied: TestCast;
/** A proxy is trusted, no public URL: the scheme comes from X-Forwarded-Proto alone. */
let trusting: TestCast;
/** No setting at all: development, as before there were any. */
let plain: TestCast;

beforeAll(async () => {
  [proxied, trusting, plain] = await Promise.all([
    startTestCast({ publicUrl: PUBLIC_URL, trustProxy: ['loopback'] }),
    startTestCast({ trustProxy: 1, longPollMaxSeconds: 1 }),
    startTestCast({ worker: false }),
  ]);
});
afterAll(() => Promise.all([proxied?.stop(), trusting?.stop(), plain?.stop()]));

function signIn(cast: TestCast, token: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${cast.url}/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ token }),
  });
}

const whoAmI = (cast: TestCast, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${cast.url}/auth/session`, { headers: { cookie, ...headers } });

describe('CAST_PUBLIC_URL', () => {
  it('is the origin a sign-in must come from, whatever Host the proxy sends', async () => {
    const member = await proxied.newMember();
    // The raw Host and an Origin that matches it: what the old check accepted, and a proxy cannot rely on.
    await expectProblem(await signIn(proxied, member.token, { origin: proxied.url }), 403, 'cross_origin');
    await expectProblem(await signIn(proxied, member.token, { origin: 'https://evil.invalid' }), 403, 'cross_origin');
    // The public host over plain http, or on another port, is another origin.
    await expectProblem(await signIn(proxied, member.token, { origin: 'http://cast.example.test' }), 403, 'cross_origin');
    await expectProblem(await signIn(proxied, member.token, { origin: `${PUBLIC_URL}:8443` }), 403, 'cross_origin');
    const response = await signIn(proxied, member.token, { origin: PUBLIC_URL, host: 'cast-internal' });
    expect(response.status).toBe(201);
  });

  it('is the base of the link a filing card gives', async () => {
    const alice = world(proxied, await proxied.newMember());
    const filed = await alice.send(decisionRoutes.fileDecision, {
      body: { question: 'Which feed?', context: 'Two vendors quoted.', asks: [tierAsk()] },
    });
    expect(filed.card.url).toBe(`${PUBLIC_URL}/decisions?id=${filed.decision.id}`);
  });
});

describe('the session cookie', () => {
  it('is Secure and __Host- prefixed behind an https public URL, and only that name is read', async () => {
    const member = await proxied.newMember();
    const response = await signIn(proxied, member.token, { origin: PUBLIC_URL, 'x-forwarded-proto': 'https' });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-cast_session=/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    const value = setCookie.split(';')[0]!.split('=')[1]!;
    expect((await whoAmI(proxied, `__Host-cast_session=${value}`)).status).toBe(200);
    // The unprefixed name is what a plain-http page could plant: an HTTPS Cast never reads it.
    await expectProblem(await whoAmI(proxied, `cast_session=${value}`), 401, 'unauthorized');

    const out = await fetch(`${proxied.url}/auth/session`, {
      method: 'DELETE',
      headers: { cookie: `__Host-cast_session=${value}`, origin: PUBLIC_URL },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-cast_session=;.*Secure/);
    await expectProblem(await whoAmI(proxied, `__Host-cast_session=${value}`), 401, 'unauthorized');
  });

  it('follows X-Forwarded-Proto from a trusted proxy: __Host- over https, the plain name over http', async () => {
    const member = await trusting.newMember();
    const secure = await signIn(trusting, member.token, { origin: trusting.url, 'x-forwarded-proto': 'https' });
    expect(secure.headers.get('set-cookie')).toMatch(/^__Host-cast_session=.*; Secure/);
    const value = secure.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!;
    expect((await whoAmI(trusting, `__Host-cast_session=${value}`, { 'x-forwarded-proto': 'https' })).status).toBe(200);

    const dev = await signIn(trusting, member.token, { origin: trusting.url });
    expect(dev.headers.get('set-cookie')).toMatch(/^cast_session=/);
    expect(dev.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted: a client cannot claim HTTPS', async () => {
    const member = await plain.newMember();
    const response = await signIn(plain, member.token, { origin: plain.url, 'x-forwarded-proto': 'https' });
    expect(response.status).toBe(201);
    expect(response.headers.get('set-cookie')).toMatch(/^cast_session=/);
    expect(response.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});

describe('CAST_LONG_POLL_MAX_SECONDS', () => {
  // The test's own timeout is below the 20 s asked for: only the server's cut lets it pass.
  it(
    'cuts a decision wait to the maximum: the decision comes back still open, for the client to ask again',
    { timeout: 15_000 },
    async () => {
      const me = world(trusting, await trusting.newMember());
      const filed = await me.send(decisionRoutes.fileDecision, {
        body: { question: 'Which region?', context: 'Latency against cost.', asks: [tierAsk()] },
      });
      const started = Date.now();
      const waited = await me.send(decisionRoutes.waitForDecision, { params: { id: filed.decision.id }, query: { timeout: 20 } });
      const held = Date.now() - started;
      expect(waited).toMatchObject({ settled: false, message: null, decision: { status: 'open' } });
      expect(held).toBeGreaterThanOrEqual(900);
    },
  );

  it("cuts a longer wait to the server's maximum, which answers 'nothing yet'", { timeout: 15_000 }, async () => {
    const member = await trusting.newMember();
    const id = `conv-${randomUUID()}`;
    await trusting.send(member.token, sessionRoutes.putSession, { params: { id }, body: {} });
    const started = Date.now();
    const read = await trusting.send(member.token, sessionRoutes.readMessages, { params: { id }, query: { wait: 20 } });
    const held = Date.now() - started;
    expect(read.messages).toEqual([]);
    expect(held).toBeGreaterThanOrEqual(900);
  });
});

describe('keep-alive', () => {
  it("keeps an idle connection open past Node's 5 s default, so a proxy reusing it is answered", async () => {
    const socket = connect(Number(new URL(plain.url).port), '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => (closed = true));
    const ask = () => socket.write('GET /auth/session HTTP/1.1\r\nHost: cast-internal\r\nConnection: keep-alive\r\n\r\n');
    const answers = () => received.match(/HTTP\/1\.1 401/g)?.length ?? 0;
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    ask();
    await expect.poll(answers).toBe(1);
    expect(received).toMatch(/Keep-Alive: timeout=65/i);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(closed).toBe(false);
    ask();
    await expect.poll(answers).toBe(2);
    socket.destroy();
  }, 15_000);
});
