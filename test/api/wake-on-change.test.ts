/**
 * Issue 29 item 8: waiters wake on a change, not on a clock. The waiting API process here has
 * its fallback re-read set to ten minutes, far past every wait below, so a waiter that returns
 * with the change was woken by a notification (or by the listener coming back), never by a
 * timer: a wait its deadline releases comes back empty. No clock is read here, so a loaded
 * machine cannot fail it. Appends and answers go through another API process and its worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../api/message-feed';
import type { RunningApi } from '../../api/server';
import { CHANNELS, ChangeListener } from '../../db/change-listener';
import { listMessages } from '../../db/session-messages';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { tierAsk, world } from '../support/agent-world';
import { startSecondApi } from '../support/second-api';
import { apiOver, startTestCast, type Member, type TestCast } from '../support/test-cast';
import { until } from '../support/until';

const SLOW_FALLBACK_MS = 600_000;
const context = 'Enough context for a person to answer without opening the session, which is the point.';

let cast: TestCast;
let second: RunningApi;
beforeAll(async () => {
  cast = await startTestCast();
  second = await startSecondApi(cast, { waitFallbackMs: SLOW_FALLBACK_MS });
  await until(async () => second.changes.connected, Boolean);
});
afterAll(async () => {
  await second?.stop();
  await cast?.stop();
});

/** Resolves once `n` more waiters than now are subscribed on the second API. */
async function subscribed(listener: ChangeListener, before: number) {
  expect(
    await until(
      async () => listener.waiters,
      (n) => n > before,
    ),
  ).toBeGreaterThan(before);
}

/** A long-poll for the session's next message, held by the second API (wrapped: awaiting it must not await the reply). */
async function longPollOnSecond(member: Member, session: string, after = 0) {
  const waiters = second.changes.waiters;
  const query = { after, wait: 30 };
  const page = apiOver(second.url).send(member.token, sessionRoutes.readMessages, { params: { id: session }, query });
  await subscribed(second.changes, waiters);
  return { page };
}

async function appendThroughFirst(member: Member, session: string, body: string) {
  return cast.send(member.token, sessionRoutes.appendMessage, { params: { id: session }, body: { role: 'user', body } });
}

describe('waiters wake on change', () => {
  it('a waiter reads once on arrival and once per change, and never on a clock in between', async () => {
    const member = await cast.newMember();
    const session = await world(cast, member).session();
    const listener = ChangeListener.forPool(cast.pool, { fallbackMs: SLOW_FALLBACK_MS });
    listener.start();
    try {
      await until(async () => listener.connected, Boolean);
      let reads = 0;
      const waiting = pollUntil(
        async () => {
          reads += 1;
          return listMessages(cast.pool, member.workspaceId, session, { after: 0, limit: 10 });
        },
        (messages) => messages.length > 0,
        30_000,
        new AbortController().signal,
        listener.topic(CHANNELS.sessionMessages, `${member.workspaceId}:${session}`),
      );
      await subscribed(listener, 0);
      // A second of quiet: the 100 ms poll this replaces would have read ten more times.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(reads).toBe(1);
      await appendThroughFirst(member, session, 'wake up');
      expect((await waiting).map((message) => message.body)).toEqual(['wake up']);
      expect(reads).toBe(2);
      expect(listener.waiters).toBe(0);
    } finally {
      await listener.stop();
    }
  });

  it('a long-poll held by one API process returns with what another appends, not empty at its deadline', async () => {
    const member = await cast.newMember();
    const session = await world(cast, member).session();
    const heard = second.changes.notifications;
    const { page } = await longPollOnSecond(member, session);
    const { message } = await appendThroughFirst(member, session, 'across processes');
    expect((await page).messages).toEqual([message]);
    expect(second.changes.notifications).toBeGreaterThan(heard);
  });

  it('an event stream held by one API process gets a message appended through another', async () => {
    const member = await cast.newMember();
    const session = await world(cast, member).session();
    const controller = new AbortController();
    const waiters = second.changes.waiters;
    const response = await fetch(`${second.url}/api/v1/sessions/${session}/events`, {
      headers: { authorization: `Bearer ${member.token}` },
      signal: controller.signal,
    });
    try {
      await subscribed(second.changes, waiters);
      const { message } = await appendThroughFirst(member, session, 'streamed');
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes('event: message')) text += new TextDecoder().decode((await reader.read()).value);
      expect(text).toContain(`id: ${message.seq}\nevent: message\n`);
    } finally {
      controller.abort();
    }
  });

  it('`decide wait` held by one API process returns when the decision is answered through another', async () => {
    const member = await cast.newMember();
    const filer = world(cast, member);
    const session = await filer.session();
    const { decision } = (await filer.file({ question: 'Which tier?', context, session, asks: [tierAsk()] })).body;
    const waiters = second.changes.waiters;
    const waiting = apiOver(second.url).send(member.token, decisionRoutes.waitForDecision, {
      params: { id: decision.id },
      query: { timeout: 60 },
    });
    await subscribed(second.changes, waiters);
    expect((await filer.answer(decision.id, 1, { kind: 'decision', selected: [2] })).status).toBeLessThan(300);
    const waited = await waiting;
    expect(waited).toMatchObject({ settled: true, decision: { status: 'resolved' } });
    expect(waited.message).toContain('Which tier?');
  });

  it('when the listening connection is killed, waiters still wake, and the listener comes back', async () => {
    const member = await cast.newMember();
    const session = await world(cast, member).session();
    const killed = second.changes.pid!;
    const { page } = await longPollOnSecond(member, session);
    await cast.pool.query('select pg_terminate_backend($1)', [killed]);
    const { message } = await appendThroughFirst(member, session, 'while the listener was away');
    expect((await page).messages).toEqual([message]);

    const back = await until(
      async () => second.changes.pid,
      (pid) => pid !== null && pid !== killed,
    );
    expect(back).not.toBe(killed);
    expect(back).not.toBeNull();
    const heard = second.changes.notifications;
    const { page: next } = await longPollOnSecond(member, session, message.seq);
    const later = await appendThroughFirst(member, session, 'after it came back');
    expect((await next).messages).toEqual([later.message]);
    expect(second.changes.notifications).toBeGreaterThan(heard);
  });
});
