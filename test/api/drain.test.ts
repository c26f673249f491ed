/**
 * Drain on deploy (issue 29 item 6), inside one API: `stop()` marks the Lifecycle draining at
 * once (what `/readyz` reads), stops accepting, ends held long-polls with the "not yet" answer
 * plus `Connection: close` and `Retry-After: 0`, ends event streams with a last `retry:`, lets
 * an in-flight request finish, and at the bound destroys what is left.
 * drain-on-deploy.test.ts proves the same with real processes behind nginx.
 */
import { getEventListeners } from 'node:events';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_RECONNECT_MS } from '../../api/drain-cut';
import { tierAsk, world } from '../support/agent-world';
import { exchange } from '../support/raw-exchange';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'A deploy drains this replica while a waiter holds it; the waiter must be told to poll again.';

async function heldConnections(api: { server: Server }, count: number): Promise<void> {
  await expect
    .poll(() => new Promise<number>((resolve) => api.server.getConnections((_error, open) => resolve(open))), { timeout: 10_000 })
    .toBe(count);
  // Accepted is not yet parsed and held: give the handlers a moment to reach their wait.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('draining an API', () => {
  it('turns not ready at once and ends held long-polls and event streams with a retry hint', async () => {
    const api = await startSecondApi(cast);
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = ((await me.file({ question: 'Drain now?', context, asks: [tierAsk()] })).body as { decision: { id: string } }).decision.id;
    const session = await me.session();

    const wait = exchange(`${api.url}/api/v1/decisions/${id}/wait?timeout=50`, member.token);
    const messages = exchange(`${api.url}/api/v1/sessions/${session}/messages?wait=25`, member.token);
    const stream = exchange(`${api.url}/api/v1/sessions/${session}/events`, member.token);
    await heldConnections(api, 3);

    const stopping = api.stop(10_000);
    expect(api.lifecycle.draining).toBe(true);
    expect(api.lifecycle.signal.aborted).toBe(true);

    const waited = await wait.response;
    expect(waited.status).toBe(200);
    expect(JSON.parse(waited.body)).toMatchObject({ settled: false, decision: { id, status: 'open' }, message: null });
    expect(waited.headers).toMatchObject({ connection: 'close', 'retry-after': '0' });
    const read = await messages.response;
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body)).toEqual({ messages: [], nextAfter: 0 });
    expect(read.headers).toMatchObject({ connection: 'close', 'retry-after': '0' });
    const streamed = await stream.response;
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    expect(streamed.body.startsWith('retry: 1000\n\n')).toBe(true);
    expect(streamed.body.endsWith(`retry: ${DRAIN_RECONNECT_MS}\n\n`)).toBe(true);

    // No new connection is taken.
    await expect(fetch(`${api.url}/healthz`)).rejects.toThrow();
    // Nothing was left for the 10 s bound to cut: the drain itself ended every waiter.
    const drained = await stopping;
    expect(drained.forced).toBe(0);
  });

  it('lets an in-flight request finish, with Connection: close, and destroys one that outlasts the bound', async () => {
    const api = await startSecondApi(cast);
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = ((await me.file({ question: 'Finish the answer?', context, asks: [tierAsk()] })).body as { decision: { id: string } })
      .decision.id;
    const body = JSON.stringify({ answer: { kind: 'decision', selected: [2] } });
    const answering = exchange(`${api.url}/api/v1/decisions/${id}/asks/1/answer`, member.token, { method: 'POST', body, hold: true });
    const stuck = exchange(`${api.url}/api/v1/decisions/${id}/asks/1/answer`, member.token, { method: 'POST', body, hold: true });
    await heldConnections(api, 2);

    const stopping = api.stop(1500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    answering.finish();
    const answered = await answering.response;
    expect(answered.status, answered.body).toBe(200);
    expect(answered.headers.connection).toBe('close');
    expect(JSON.parse(answered.body)).toMatchObject({ decision: { id, status: 'resolved' } });

    // The other never sends the rest of its body: at the bound it is cut.
    await expect(stuck.response).rejects.toThrow();
    const drained = await stopping;
    expect(drained.forced).toBe(1);
    expect(drained.ms).toBeGreaterThanOrEqual(1500);
  });

  it('leaves nothing on the drain signal once a held request ends by itself', async () => {
    const api = await startSecondApi(cast);
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = ((await me.file({ question: 'Leave no trace?', context, asks: [tierAsk()] })).body as { decision: { id: string } }).decision
      .id;
    const session = await me.session();
    // The server's own listener (server-drain.ts) stays for the life of the server.
    const listening = () => getEventListeners(api.lifecycle.signal, 'abort').length;
    const before = listening();
    const waits = [
      exchange(`${api.url}/api/v1/decisions/${id}/wait?timeout=1.5`, member.token),
      exchange(`${api.url}/api/v1/sessions/${session}/messages?wait=1.5`, member.token),
    ];
    await heldConnections(api, 2);
    expect(listening()).toBe(before + 2);
    for (const wait of waits) expect((await wait.response).status).toBe(200);
    await expect.poll(listening).toBe(before);
    expect((await api.stop()).forced).toBe(0);
  });
});
