/**
 * Issue 39 item 14: what an answer's reply carries, so no client has to read the decision again.
 * Beside the update the API reads only the one column the workflow's snapshot lacks (the first
 * human view, FR-14); with `detail=true` the reply is the decision as `GET /decisions/{id}`
 * then reads it, detail and all, which the web keeps in its cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { decisionBody } from '../support/fixtures';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
let alice: Member;
let eve: Member;

beforeAll(async () => {
  cast = await startTestCast();
  // Each new member is the owner of a workspace of their own.
  [alice, eve] = await Promise.all([cast.newMember(), cast.newMember()]);
});
afterAll(() => cast?.stop());

async function file(asks: number) {
  return (await cast.send(alice.token, decisionRoutes.fileDecision, { body: decisionBody('Which schema wins?', asks) })).decision.id;
}

const read = (member: Member, id: string) => cast.send(member.token, decisionRoutes.getDecision, { params: { id } });
const pick = { answer: { kind: 'decision' as const, selected: [2] }, reason: 'v2 is what we ship' };

describe("an answer's reply (issue 39 item 14)", () => {
  it('with detail=true, is the decision and its detail exactly as the next read has them', async () => {
    const id = await file(2);
    await read(alice, id); // the first view, which the reply then carries
    const first = await cast.send(alice.token, decisionRoutes.answerAsk, { params: { id, ask: 1 }, query: { detail: 'true' }, body: pick });
    expect(first.detail).toBeDefined();
    expect(first).toEqual(await read(alice, id));
    expect(first.detail?.undo['1']).toBeDefined();

    const last = await cast.send(alice.token, decisionRoutes.answerAsk, { params: { id, ask: 2 }, query: { detail: 'true' }, body: pick });
    expect(last.decision.status).toBe('resolved');
    expect(last).toEqual(await read(alice, id));
  });

  it('without it, is the decision alone, with the first human view read beside the update', async () => {
    const id = await file(1);
    const viewed = await read(alice, id);
    expect(viewed.decision.firstViewedAt).not.toBeNull();
    const reply = await cast.send(alice.token, decisionRoutes.answerAsk, { params: { id, ask: 1 }, body: pick });
    expect(reply).not.toHaveProperty('detail');
    expect(reply.decision.firstViewedAt).toBe(viewed.decision.firstViewedAt);
    expect(reply.decision.status).toBe('resolved');

    const unseen = await file(1);
    const answered = await cast.send(alice.token, decisionRoutes.answerAsk, { params: { id: unseen, ask: 1 }, body: pick });
    expect(answered.decision.firstViewedAt).toBeNull();
  });

  it('refuses a detail that is not true or false with 400, and answers nothing', async () => {
    const id = await file(1);
    const path = `/api/v1/decisions/${id}/asks/1/answer?detail=yes`;
    await expectProblem(await cast.request(alice.token, 'POST', path, pick), 400, 'invalid_request');
    expect((await read(alice, id)).decision).toMatchObject({ status: 'open', revision: 1 });
  });

  it("another workspace's decision is not found, with or without detail", async () => {
    const id = await file(1);
    const path = (detail: string) => `/api/v1/decisions/${id}/asks/1/answer${detail}`;
    await expectProblem(await cast.request(eve.token, 'POST', path(''), pick), 404, 'decision_not_found');
    await expectProblem(await cast.request(eve.token, 'POST', path('?detail=true'), pick), 404, 'decision_not_found');
    expect((await read(alice, id)).decision).toMatchObject({ status: 'open', revision: 1 });
  });
});
