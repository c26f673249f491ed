/** `/api/v1/decisions` over HTTP, on the real database and Temporal server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { decisionBody } from '../support/fixtures';
import { freePort } from '../../runtime/free-port';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  cast = await startTestCast();
  [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
});
afterAll(() => cast?.stop());

async function file(member: Member, asks = 1) {
  const filed = await cast.reply(member.token, decisionRoutes.fileDecision, { body: decisionBody('API test?', asks) });
  expect(filed.status).toBe(201);
  return filed.body.decision;
}

const read = (member: Member, id: string) => cast.send(member.token, decisionRoutes.getDecision, { params: { id } });
const answer = (member: Member, id: string, ask: number, body: { answer: { kind: 'decision'; selected: number[] }; reason?: string }) =>
  cast.send(member.token, decisionRoutes.answerAsk, { params: { id, ask }, body });

describe('authentication', () => {
  it('answers 401 without a token, with an unknown token, and with a malformed header', async () => {
    await expectProblem(await cast.request(null, 'GET', '/api/v1/decisions'), 401, 'unauthorized');
    await expectProblem(await cast.request('cast_not-a-real-token', 'GET', '/api/v1/decisions'), 401, 'unauthorized');
    const basic = await fetch(`${cast.url}/api/v1/decisions`, { headers: { authorization: `Basic ${alice.token}` } });
    await expectProblem(basic, 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'POST', '/api/v1/decisions', decisionBody()), 401, 'unauthorized');
  });
});

describe('filing and reading', () => {
  it('files a decision (sd-N) that reads back from the list and by id', async () => {
    const decision = await file(alice);
    expect(decision.id).toMatch(/^sd-\d+$/);
    expect(await read(alice, decision.id)).toMatchObject({
      decision: { id: decision.id, question: 'API test?', status: 'open', progress: { answered: 0, required: 1 } },
    });
    const list = await cast.send(alice.token, decisionRoutes.listQueue, { query: { tab: 'open' } });
    expect(list.decisions.map((d) => d.id)).toContain(decision.id);
  });

  it("E15 — another workspace's decision reads as not found, with the same body as a missing id", async () => {
    const decision = await file(alice);
    const foreignBody = await expectProblem(read(bob, decision.id), 404, 'decision_not_found');
    expect(await expectProblem(read(bob, 'sd-999999999999'), 404, 'decision_not_found')).toEqual(foreignBody);

    const foreignAnswer = answer(bob, decision.id, 1, { answer: { kind: 'decision', selected: [1] }, reason: 'Keep what works.' });
    expect(await expectProblem(foreignAnswer, 404, 'decision_not_found')).toEqual(foreignBody);
    const bobsList = await cast.send(bob.token, decisionRoutes.listQueue);
    expect(bobsList.decisions).toEqual([]);
    // Alice's decision is untouched by Bob's attempt.
    expect(await read(alice, decision.id)).toMatchObject({ decision: { status: 'open', revision: 1 } });
  });

  it('answers 400 with a specific message on malformed bodies, never 500, and files nothing', async () => {
    const before = await cast.pool.query('select count(*)::int as n from decisions where workspace_id = $1', [alice.workspaceId]);
    const bad: Array<[unknown, string, RegExp]> = [
      ['{"question": ', 'malformed_json', /not valid JSON/],
      [[], 'invalid_request', /must be an object, not a list/],
      // JSON, just not an object: refused as such, not as unreadable.
      ['5', 'invalid_request', /^The request must be an object, not 5\.$/],
      ['"Ship it?"', 'invalid_request', /^The request must be an object, not text\.$/],
      ['null', 'invalid_request', /^The request must be an object, not null\.$/],
      [{}, 'invalid_request', /question/],
      [{ question: 'Q?', asks: [] }, 'invalid_request', /asks/],
      [{ question: '', asks: decisionBody().asks }, 'invalid_request', /question/],
      [{ question: 'x'.repeat(1001), asks: decisionBody().asks }, 'invalid_request', /question/],
      // Measured as sent, as the document's maxLength measures it: trailing spaces count.
      [{ question: `${'x'.repeat(1000)} `, asks: decisionBody().asks }, 'invalid_request', /The question is 1,001 characters/],
      [{ ...decisionBody(), context: 'x'.repeat(4001) }, 'invalid_request', /context/],
      [{ ...decisionBody(), asks: [{ kind: 'decision', prompt: 'P', options: [{ label: 'only one' }] }] }, 'invalid_request', /options/],
      [{ ...decisionBody(), asks: [{ kind: 'poll', prompt: 'P' }] }, 'invalid_request', /Ask 1's kind is "poll"/],
      [{ ...decisionBody(), status: 'resolved' }, 'invalid_request', /status/],
    ];
    for (const [body, code, detail] of bad) {
      const response = await cast.request(alice.token, 'POST', '/api/v1/decisions', typeof body === 'string' ? body : JSON.stringify(body));
      const problem = await expectProblem(response, 400, code);
      expect(problem.detail).toMatch(detail);
    }
    const after = await cast.pool.query('select count(*)::int as n from decisions where workspace_id = $1', [alice.workspaceId]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('issue 38 item 13: a body that is not UTF-8 is 400 invalid_utf8 and nothing is stored as U+FFFD', async () => {
    const count = async () =>
      (await cast.pool.query('select count(*)::int as n from decisions where workspace_id = $1', [alice.workspaceId])).rows[0].n;
    const before = await count();
    const post = (path: string, body: Buffer, type = 'application/json') =>
      fetch(`${cast.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}`, 'content-type': type }, body });
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    const body = JSON.stringify(decisionBody('Caf\u00e9 or tea?'));
    // "é" as Latin-1 (0xE9), a lone continuation byte, a truncated three-byte character, an overlong "/".
    for (const bytes of [
      latin1(body),
      Buffer.concat([Buffer.from(body.slice(0, 20)), Buffer.from([0x80]), Buffer.from(body.slice(20))]),
      Buffer.concat([Buffer.from(body.slice(0, 20)), Buffer.from([0xe2, 0x82]), Buffer.from(body.slice(20))]),
      Buffer.concat([Buffer.from(body.slice(0, 20)), Buffer.from([0xc0, 0xaf]), Buffer.from(body.slice(20))]),
    ]) {
      const problem = await expectProblem(post('/api/v1/decisions', bytes), 400, 'invalid_utf8');
      expect(problem.detail).toMatch(/not valid UTF-8/);
      // Declared UTF-8 explicitly, the same.
      await expectProblem(post('/api/v1/decisions', bytes, 'application/json; charset=utf-8'), 400, 'invalid_utf8');
    }
    expect(await count()).toBe(before);
    // The same text as UTF-8 files, and keeps its "é".
    const filed = await post('/api/v1/decisions', Buffer.from(body));
    expect(filed.status).toBe(201);
    const { decision } = (await filed.json()) as { decision: { question: string } };
    expect(decision.question).toBe('Café or tea?');
    const stored = await cast.pool.query(`select count(*)::int as n from decisions where workspace_id = $1 and question like '%\uFFFD%'`, [
      alice.workspaceId,
    ]);
    expect(stored.rows[0].n).toBe(0);
  });
});

describe('answering', () => {
  it('resolves the decision in the row before the response returns', async () => {
    const decision = await file(alice);
    const answered = await answer(alice, decision.id, 1, { answer: { kind: 'decision', selected: [2] }, reason: 'v2 is what we ship' });
    expect(answered).toMatchObject({ decision: { status: 'resolved' } });
    const row = await cast.pool.query('select status, asks_answered from decisions where id = $1', [decision.id]);
    expect(row.rows[0]).toEqual({ status: 'resolved', asks_answered: 1 });
  });

  it('answers 409 with the recorded answer and its author to a second answer', async () => {
    const decision = await file(alice);
    await answer(alice, decision.id, 1, { answer: { kind: 'decision', selected: [1] }, reason: 'Keep what works.' });
    const second = answer(alice, decision.id, 1, { answer: { kind: 'decision', selected: [3] }, reason: 'Merge is safest.' });
    const problem = await expectProblem(second, 409, 'ask_already_answered');
    expect(problem.answer).toMatchObject({ value: { kind: 'decision', selected: [1] }, answeredBy: alice.memberId });
  });

  it('returns the same result to a retry with the same Idempotency-Key, even after resolution', async () => {
    const decision = await file(alice);
    const send = () =>
      cast.send(alice.token, decisionRoutes.answerAsk, {
        params: { id: decision.id, ask: 1 },
        headers: { 'idempotency-key': `retry-${decision.id}` },
        body: { answer: { kind: 'decision', selected: [3] }, reason: 'Merge is safest.' },
      });
    const first = await send();
    const retry = await send();
    expect(retry).toEqual(first);
  });

  it('answers 422 to an answer that does not fit the ask, 400 to a malformed one', async () => {
    const decision = await file(alice);
    const path = `/api/v1/decisions/${decision.id}/asks/1/answer`;
    const outOfRange = await expectProblem(
      answer(alice, decision.id, 1, { answer: { kind: 'decision', selected: [9] } }),
      422,
      'option_out_of_range',
    );
    expect(outOfRange.detail).toBe('Option 9 does not exist; ask 1 has options 1–3.');
    await expectProblem(await cast.request(alice.token, 'POST', path, { answer: { kind: 'decision' } }), 400, 'invalid_request');
    await expectProblem(
      await cast.request(alice.token, 'POST', path, { answer: { kind: 'decision', selected: [1] }, answeredBy: 'x' }),
      400,
      'invalid_request',
    );
    await expectProblem(
      answer(alice, decision.id, 4, { answer: { kind: 'decision', selected: [1] }, reason: 'Keep what works.' }),
      404,
      'ask_not_found',
    );
    expect(await read(alice, decision.id)).toMatchObject({ decision: { status: 'open', revision: 1 } });
  });

  it('answers 503, not 500, when Temporal itself is unreachable', async () => {
    const unreachable = await startTestCast({ worker: false, temporalAddress: `127.0.0.1:${await freePort()}` });
    try {
      const member = await unreachable.newMember();
      await expectProblem(
        unreachable.send(member.token, decisionRoutes.fileDecision, { body: decisionBody() }),
        503,
        'temporal_unavailable',
      );
      const rows = await unreachable.pool.query('select count(*)::int as n from decisions where workspace_id = $1', [member.workspaceId]);
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await unreachable.stop();
    }
  });

  it('refuses a filing with 503 when no worker runs, and it never appears later', async () => {
    await cast.stopWorker();
    const filing = cast.send(alice.token, decisionRoutes.fileDecision, { body: decisionBody('Filed with no worker?') });
    await expectProblem(filing, 503, 'temporal_unavailable');
    await cast.startWorker();
    // Give the worker time to pick up the abandoned start; it must drop it, not mirror it.
    await file(alice);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rows = await cast.pool.query('select count(*)::int as n from decisions where workspace_id = $1 and question = $2', [
      alice.workspaceId,
      'Filed with no worker?',
    ]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('fails with 503 at the gateway deadline when no worker runs, and changes nothing', async () => {
    const decision = await file(alice, 2);
    await cast.stopWorker();
    const refused = answer(alice, decision.id, 1, { answer: { kind: 'decision', selected: [1] }, reason: 'Keep what works.' });
    await expectProblem(refused, 503, 'temporal_unavailable');

    // The refused update must not land later either, once a worker polls again.
    await cast.startWorker();
    await answer(alice, decision.id, 2, { answer: { kind: 'decision', selected: [3] }, reason: 'Merge is safest.' });
    const row = await read(alice, decision.id);
    expect(row.decision.asks[0]?.answer).toBeNull();
    expect(row.decision.asks[1]?.answer).toMatchObject({ value: { selected: [3] } });
  });
});
