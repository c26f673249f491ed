/**
 * Why CAST_LONG_POLL_MAX_SECONDS sits under the proxy's timeout, through a real nginx: with the
 * cap under nginx's `proxy_read_timeout` a waiting client gets Cast's own "nothing yet" and asks
 * again; with it above, nginx gives up first and the client gets a 504 instead. The timeouts
 * are scaled down (3 s for the proxy) so the test takes seconds; production's are 25 s and 60 s.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { startTlsProxy, type TlsProxy } from '../support/tls-proxy';

const PROXY_READ_TIMEOUT_SECONDS = 3;

let under: { cast: TestCast; proxy: TlsProxy };
let over: { cast: TestCast; proxy: TlsProxy };

async function behindProxy(longPollMaxSeconds: number) {
  const cast = await startTestCast({ worker: false, longPollMaxSeconds });
  const proxy = await startTlsProxy({ names: ['cast.proxy.test'], upstream: cast.url, readTimeoutSeconds: PROXY_READ_TIMEOUT_SECONDS });
  return { cast, proxy };
}

beforeAll(async () => {
  [under, over] = await Promise.all([behindProxy(PROXY_READ_TIMEOUT_SECONDS - 1), behindProxy(PROXY_READ_TIMEOUT_SECONDS + 3)]);
});
afterAll(async () => {
  for (const side of [under, over]) {
    await side?.proxy.stop();
    await side?.cast.stop();
  }
});

/** Waits on an empty session's messages through the proxy, asking for 30 s. */
async function waitThroughProxy({ cast, proxy }: { cast: TestCast; proxy: TlsProxy }) {
  const member: Member = await cast.newMember();
  const id = `conv-${randomUUID()}`;
  await cast.send(member.token, sessionRoutes.putSession, { params: { id }, body: {} });
  const started = Date.now();
  const answer = await proxy.send('GET', `/api/v1/sessions/${id}/messages?wait=30`, { authorization: `Bearer ${member.token}` });
  return { ...answer, seconds: (Date.now() - started) / 1000 };
}

describe('a long-poll behind nginx', () => {
  it("ends with Cast's own answer when the cap is under the proxy's read timeout", async () => {
    const waited = await waitThroughProxy(under);
    expect(waited.status).toBe(200);
    expect(JSON.parse(waited.body)).toEqual({ messages: [], nextAfter: 0 });
    // A 200 from Cast, not nginx's 504: it ended before the proxy's read timeout could cut it.
    expect(waited.seconds).toBeGreaterThanOrEqual(PROXY_READ_TIMEOUT_SECONDS - 1.2);
  });

  it('is cut by the proxy with a 504 when the cap is above it', async () => {
    const waited = await waitThroughProxy(over);
    expect(waited.status).toBe(504);
    expect(waited.seconds).toBeGreaterThanOrEqual(PROXY_READ_TIMEOUT_SECONDS - 0.2);
  });
});
