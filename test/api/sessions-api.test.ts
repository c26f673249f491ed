/** `/api/v1/sessions`, their messages, long-poll and server-sent events over HTTP, on the real database. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMessages } from '../../api/message-feed';
import { appendMessage } from '../../db/session-messages';
import type { z } from 'zod';
import { agentRoutes } from '../../domain/routes/agents';
import { sessionRoutes } from '../../domain/routes/sessions';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

type PutSessionBody = z.input<typeof sessionRoutes.putSession.body.schema>;
type AppendMessageBody = z.input<typeof sessionRoutes.appendMessage.body.schema>;

const sessionPath = (id: string) => `/api/v1/sessions/${encodeURIComponent(id)}`;

async function register(member: Member, id = `conv-${randomUUID()}`, body: PutSessionBody = { scope: 'cast' }) {
  return (await cast.send(member.token, sessionRoutes.putSession, { params: { id }, body })).session;
}

/** An assistant's message unless it says whose. */
async function append(member: Member, id: string, message: Omit<AppendMessageBody, 'role'> & Partial<Pick<AppendMessageBody, 'role'>>) {
  const reply = await cast.reply(member.token, sessionRoutes.appendMessage, { params: { id }, body: { role: 'assistant', ...message } });
  return { status: reply.status, message: reply.body.message };
}

async function readSession(member: Member, id: string) {
  return (await cast.send(member.token, sessionRoutes.getSession, { params: { id } })).session;
}

const readMessages = (member: Member, id: string, query: z.input<typeof sessionRoutes.readMessages.query> = {}) =>
  cast.send(member.token, sessionRoutes.readMessages, { params: { id }, query });

describe('registering sessions', () => {
  it('answers 401 without a token on every session route', async () => {
    for (const [method, path] of [
      ['PUT', '/api/v1/sessions/s1'],
      ['GET', '/api/v1/sessions'],
      ['GET', '/api/v1/sessions/s1/messages'],
      ['GET', '/api/v1/sessions/s1/events'],
      ['POST', '/api/v1/sessions/s1/heartbeat'],
    ] as const) {
      await expectProblem(await cast.request(null, method, path), 401, 'unauthorized');
    }
  });

  it('registers an unknown id to the caller on first use, idempotently, and updates its scope and agent', async () => {
    const alice = await cast.newMember();
    const { agent } = await cast.send(alice.token, agentRoutes.createAgent, { body: { name: 'Coder' } });
    const id = `claude/${randomUUID()}`;
    const session = await register(alice, id);
    expect(session).toMatchObject({
      id,
      ownerMemberId: alice.memberId,
      scope: 'cast',
      agentId: null,
      liveness: 'unresponsive',
      messageCount: 0,
    });
    expect(await register(alice, id, {})).toMatchObject({ scope: 'cast' });
    expect(await register(alice, id, { agentId: agent.id })).toMatchObject({ scope: 'cast', agentId: agent.id });
    expect(await register(alice, id, { scope: null })).toMatchObject({ scope: null, agentId: agent.id });
    const { rows } = await cast.pool.query('select count(*)::int as n from sessions where workspace_id = $1', [alice.workspaceId]);
    expect(rows[0].n).toBe(1);
    expect(await readSession(alice, id)).toMatchObject({ id, latestRun: null });
    const list = await cast.send(alice.token, sessionRoutes.listSessions);
    expect(list.sessions.map((s) => s.id)).toEqual([id]);
  });

  it('answers 404 for a session another member owns, with the same body as a missing one, and changes nothing', async () => {
    const alice = await cast.newMember();
    const colleague = await colleagueOf(cast.pool, alice);
    const session = await register(alice);
    const missing = await expectProblem(readSession(colleague, 'never-registered'), 404, 'session_not_found');
    const params = { id: session.id };
    const as = colleague.token;
    const attempts = [
      () => cast.send(as, sessionRoutes.putSession, { params, body: { scope: 'stolen' } }),
      () => cast.send(as, sessionRoutes.getSession, { params }),
      () => cast.send(as, sessionRoutes.sessionHeartbeat, { params, body: {} }),
      () => cast.send(as, sessionRoutes.stopSession, { params, body: {} }),
      () => cast.send(as, sessionRoutes.appendMessage, { params, body: { role: 'user', body: 'hi' } }),
      () => cast.send(as, sessionRoutes.readMessages, { params }),
      () => cast.send(as, sessionRoutes.streamMessages, { params }),
      () => cast.send(as, sessionRoutes.reportRun, { params, body: {} }),
    ];
    for (const [index, attempt] of attempts.entries()) {
      expect(await expectProblem(attempt(), 404, 'session_not_found'), `attempt ${index + 1}`).toEqual(missing);
    }
    expect(missing.detail).not.toContain(session.id);
    expect(await readSession(alice, session.id)).toMatchObject({
      scope: 'cast',
      liveness: 'unresponsive',
      messageCount: 0,
      latestRun: null,
    });
    const colleagues = await cast.send(colleague.token, sessionRoutes.listSessions);
    expect(colleagues.sessions).toEqual([]);
  });

  it("answers 404 for another workspace's session, and the same id registers separately there", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const session = await register(alice, 'shared-conversation-id');
    await expectProblem(readSession(bob, session.id), 404, 'session_not_found');
    const bobs = await register(bob, 'shared-conversation-id', { scope: 'other' });
    expect(bobs).toMatchObject({ ownerMemberId: bob.memberId, scope: 'other' });
    expect(await readSession(alice, session.id)).toMatchObject({ ownerMemberId: alice.memberId, scope: 'cast' });
  });

  it('answers 400 naming the field on malformed registrations, and registers nothing', async () => {
    const alice = await cast.newMember();
    const bad: Array<[string, unknown, RegExp]> = [
      ['ok-id', { scope: 'x'.repeat(201) }, /scope/],
      ['ok-id', { scope: 7 }, /scope/],
      ['ok-id', { owner: 'me' }, /owner/],
      ['x'.repeat(201), {}, /id/],
      ['nul\u0000id', {}, /NUL/],
      ['ok-id', { scope: 'a\u0000b' }, /scope: .*NUL/],
    ];
    for (const [id, body, detail] of bad) {
      const problem = await expectProblem(await cast.request(alice.token, 'PUT', sessionPath(id), body), 400, 'invalid_request');
      expect(problem.detail).toMatch(detail);
    }
    await expectProblem(register(alice, 'ok-id', { agentId: 'ag_nope' }), 404, 'agent_not_found');
    const { rows } = await cast.pool.query('select count(*)::int as n from sessions where workspace_id = $1', [alice.workspaceId]);
    expect(rows[0].n).toBe(0);
  });

  it('derives liveness: unresponsive before a heartbeat, live after one, stopped once stopped, live again on a heartbeat', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    expect((await readSession(alice, id)).liveness).toBe('unresponsive');
    const heartbeat = () => cast.send(alice.token, sessionRoutes.sessionHeartbeat, { params: { id }, body: {} });
    expect(await heartbeat()).toMatchObject({ session: { liveness: 'live' } });
    const stopped = await cast.send(alice.token, sessionRoutes.stopSession, { params: { id }, body: {} });
    expect(stopped).toMatchObject({ session: { liveness: 'stopped' } });
    expect((await readSession(alice, id)).liveness).toBe('stopped');
    await heartbeat();
    expect((await readSession(alice, id)).liveness).toBe('live');
    // A heartbeat older than the timeout reads as unresponsive.
    await cast.pool.query(`update sessions set last_heartbeat_at = now() - interval '61 seconds' where workspace_id = $1 and id = $2`, [
      alice.workspaceId,
      id,
    ]);
    expect((await readSession(alice, id)).liveness).toBe('unresponsive');
    await expectProblem(await cast.request(alice.token, 'POST', `${sessionPath(id)}/heartbeat`, { at: 'now' }), 400, 'invalid_request');
  });
});

describe('session messages', () => {
  it('appends messages in order, counts them, and returns the existing message for a repeated dedupe key', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const first = await append(alice, id, { body: 'Working on it.' });
    expect(first.status).toBe(201);
    const second = await append(alice, id, { role: 'user', body: 'Go on.', dedupeKey: 'host-msg-2' });
    expect(second.status).toBe(201);
    expect(second.message.seq).toBeGreaterThan(first.message.seq);
    const repeated = await append(alice, id, { role: 'user', body: 'Go on (retry).', dedupeKey: 'host-msg-2' });
    expect(repeated).toEqual({ status: 200, message: second.message });
    expect((await readSession(alice, id)).messageCount).toBe(2);

    const page = await readMessages(alice, id);
    expect(page.messages.map((m) => m.body)).toEqual(['Working on it.', 'Go on.']);
    expect(page.nextAfter).toBe(second.message.seq);
    const after = await readMessages(alice, id, { after: first.message.seq });
    expect(after.messages.map((m) => m.seq)).toEqual([second.message.seq]);
  });

  it('refuses a dedupe key already used by another session with 409, and appends nothing', async () => {
    const alice = await cast.newMember();
    const [one, two] = [await register(alice), await register(alice)];
    await append(alice, one.id, { body: 'a', dedupeKey: 'k-1' });
    await expectProblem(append(alice, two.id, { body: 'b', dedupeKey: 'k-1' }), 409, 'dedupe_key_conflict');
    expect((await readSession(alice, two.id)).messageCount).toBe(0);
  });

  it('answers 400 on malformed messages and message queries, and appends nothing', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const bad: Array<[unknown, RegExp]> = [
      [{ body: 'no role' }, /role/],
      [{ role: 'robot', body: 'x' }, /role/],
      [{ role: 'user', body: '' }, /body/],
      [{ role: 'user', body: 'x'.repeat(20_001) }, /body/],
      [{ role: 'user', body: 'x', kind: 'decision_answer' }, /kind/],
      [{ role: 'user', body: 'x', decisionId: 'sd-1' }, /decisionId/],
      [{ role: 'user', body: 'x', dedupeKey: '' }, /dedupeKey/],
    ];
    for (const [body, detail] of bad) {
      const problem = await expectProblem(
        await cast.request(alice.token, 'POST', `${sessionPath(id)}/messages`, body),
        400,
        'invalid_request',
      );
      expect(problem.detail).toMatch(detail);
    }
    for (const query of ['wait=31', 'wait=-1', 'after=abc', 'after=-2', 'limit=0']) {
      await expectProblem(await cast.request(alice.token, 'GET', `${sessionPath(id)}/messages?${query}`), 400, 'invalid_request');
    }
    await expectProblem(await cast.request(alice.token, 'GET', `${sessionPath(id)}/events?after=x`), 400, 'invalid_request');
    expect((await readSession(alice, id)).messageCount).toBe(0);
  });

  it('long-poll returns with a message appended by another request while it waits', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const { message: old } = await append(alice, id, { body: 'before the wait' });
    // A wait of 20 s that ends empty would say nothing: coming back with the message is the wake.
    const waiting = readMessages(alice, id, { after: old.seq, wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { message: delivered } = await append(alice, id, { role: 'user', body: 'Decision: Adopt v2' });
    const page = await waiting;
    expect(page.messages.map((m) => [m.seq, m.body])).toEqual([[delivered.seq, 'Decision: Adopt v2']]);
    expect(page.nextAfter).toBe(delivered.seq);
  });

  it('long-poll also wakes for a message Cast delivers itself (an answer, deduped per decision)', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const waiting = readMessages(alice, id, { wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const delivery = {
      workspaceId: alice.workspaceId,
      sessionId: id,
      role: 'system',
      kind: 'decision_answer',
      body: 'Decision: Keep v1',
      decisionId: 'sd-12',
    } as const;
    const delivered = await appendMessage(cast.pool, { ...delivery, dedupeKey: `answer:sd-12:${id}` });
    const redelivered = await appendMessage(cast.pool, { ...delivery, dedupeKey: `answer:sd-12:${id}` });
    expect(redelivered).toEqual({ ...delivered, duplicate: true });
    const page = await waiting;
    const { duplicate: _, ...message } = delivered;
    expect(page.messages).toEqual([message]);
    expect((await readSession(alice, id)).messageCount).toBe(1);
  });

  it('long-poll answers an empty list once the wait ends with nothing new', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const { message } = await append(alice, id, { body: 'already read' });
    const started = Date.now();
    const page = await readMessages(alice, id, { after: message.seq, wait: 1 });
    // It held for its wait (a lower bound, which load only lengthens), then answered empty.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(page).toEqual({ messages: [], nextAfter: message.seq });
  });

  it('the long-poll loop stops re-reading as soon as its request is gone, long before the wait ends', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const feed = { pool: cast.pool, workspaceId: alice.workspaceId, sessionId: id };
    // A wait far past the test's own timeout: only the abort can end it in time.
    expect(await waitForMessages(feed, { after: 0, limit: 10, waitMs: 3_600_000 }, controller.signal)).toEqual([]);
  });

  it('server-sent events deliver a message appended after connecting, with id = seq and event: message', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const { message: old } = await append(alice, id, { body: 'history' });
    const controller = new AbortController();
    const response = await fetch(`${cast.url}${sessionPath(id)}/events?after=${old.seq}`, {
      headers: { authorization: `Bearer ${alice.token}` },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      await readUntil(/retry: \d+\n\n/);
      const { message } = await append(alice, id, { body: 'after connecting' });
      await readUntil(/event: message\ndata: .*\n\n/);
      const event = /id: (\d+)\nevent: message\ndata: (.*)\n\n/.exec(text);
      expect(Number(event?.[1])).toBe(message.seq);
      expect(JSON.parse(event![2]!)).toMatchObject({ seq: message.seq, body: 'after connecting', role: 'assistant' });
      expect(text).not.toContain('history');
    } finally {
      controller.abort();
    }
  });
  it('server-sent events resume after the Last-Event-ID a reconnecting client sends', async () => {
    const alice = await cast.newMember();
    const { id } = await register(alice);
    const { message: seen } = await append(alice, id, { body: 'seen before the reconnect' });
    const { message: missed } = await append(alice, id, { body: 'missed while away' });
    const controller = new AbortController();
    const response = await fetch(`${cast.url}${sessionPath(id)}/events`, {
      headers: { authorization: `Bearer ${alice.token}`, 'last-event-id': String(seen.seq) },
      signal: controller.signal,
    });
    try {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!/event: message\ndata: .*\n\n/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toContain(`id: ${missed.seq}\n`);
      expect(text).not.toContain('seen before the reconnect');
    } finally {
      controller.abort();
    }
  });
});
