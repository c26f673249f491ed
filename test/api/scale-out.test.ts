/**
 * Scale-out (DESIGN §1 "Stateless processes"): two workers and two API processes, each with
 * its own database pool, against one Temporal server and one Postgres. The queue, answers,
 * undo and stacks behave exactly as with one of each, whichever process a request reaches.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApi, type RunningApi } from '../../api/server';
import type { Pool } from '../../db/pool';
import { decisionRoutes } from '../../domain/routes/decisions';
import { stackRoutes } from '../../domain/routes/stacks';
import type { StackView } from '../../domain/stack';
import { createLogger } from '../../runtime/logger';
import { startWorker, type RunningWorker } from '../../worker';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { testPool } from '../support/test-pool';
import { apiOver, startTestCast, type Member, type TestCast } from '../support/test-cast';
import { plainTarget } from '../../runtime/temporal-connection';

let cast: TestCast;
let secondPool: Pool;
let secondApi: RunningApi;
let secondWorker: RunningWorker;
beforeAll(async () => {
  cast = await startTestCast({ undoWindowMs: 60_000 });
  secondPool = testPool();
  const temporal = plainTarget(cast.temporalAddress, cast.taskQueue);
  secondWorker = await startWorker({
    pool: secondPool,
    temporal,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    sweepEvery: null,
    rollupEvery: null,
  });
  secondApi = await startApi({
    checkResponses: true,
    pool: secondPool,
    logger: createLogger('silent'),
    host: '127.0.0.1',
    port: 0,
    temporal,
    rateLimits: null,
    undoWindowMs: 60_000,
  });
});
afterAll(async () => {
  await secondApi?.stop();
  await secondWorker?.stop();
  await cast?.stop();
  await secondPool?.end();
});

const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** The same member's world through the second API process. */
function viaSecond(member: Member) {
  return world(apiOver(secondApi.url), member);
}

describe('two workers and two API processes', () => {
  it('files on one, answers on the other, reads the same queue on both, and delivers once', async () => {
    const member = await cast.newMember();
    const one = world(cast, member);
    const two = viaSecond(member);
    const session = await one.session();
    const parked = await one.run(session, 'parked');
    const ids: string[] = [];
    for (let n = 0; n < 10; n += 1) {
      const via = n % 2 === 0 ? one : two;
      ids.push(
        (await via.file({ question: `Scaled ${n}?`, context, asks: [tierAsk()], ...(n === 0 ? { session, run: parked.id } : {}) })).body
          .decision.id,
      );
    }
    const read = async (via: typeof one) =>
      (await via.send(decisionRoutes.listQueue, { query: { limit: 100 } })).decisions.map((d) => d.id).sort();
    expect(await read(one)).toEqual(await read(two));
    expect((await read(one)).length).toBe(10);

    for (const [index, id] of ids.entries()) {
      const via = index % 2 === 0 ? two : one;
      await via.answer(id, 1, { kind: 'decision', selected: [2] });
    }
    expect((await one.send(decisionRoutes.listQueue)).counts.open).toBe(0);
    const delivered = await two.delivered(ids[0]!);
    expect(delivered.delivery?.kind).toBe('restarted');
    const runs = await cast.pool.query('select count(*)::int as n from runs where decision_id = $1', [ids[0]]);
    expect(runs.rows[0].n).toBe(1);
  });

  it('concurrent answers to one ask through both processes: exactly one wins, the other gets the recorded answer', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await cast.newMember();
      const one = world(cast, member);
      const two = viaSecond(member);
      const id = (await one.file({ question: 'Race?', context, asks: [approvalAsk()] })).body.decision.id;
      const answers = [
        one.answer(id, 1, { kind: 'approval', decision: 'approve' }),
        two.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'No.'),
      ];
      const settled = await Promise.allSettled(answers);
      expect(settled.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const lost = answers[settled.findIndex((outcome) => outcome.status === 'rejected')]!;
      const loser = await expectProblem(lost, 409, 'ask_already_answered');
      const final = await one.decision(id);
      // The loser is told the answer that won.
      expect(loser).toMatchObject({ answer: { value: final.asks[0]!.answer!.value } });
    }
  });

  it('undo through the other process, and a stack whose deadline fires with either worker, behave as with one', async () => {
    const member = await cast.newMember();
    const one = world(cast, member);
    const two = viaSecond(member);
    const id = (await one.file({ question: 'Undo me?', context, asks: [tierAsk()] })).body.decision.id;
    await one.answer(id, 1, { kind: 'decision', selected: [2] });
    const undone = await two.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    expect(undone.decision.status).toBe('open');
    expect((await one.decision(id)).asks[0]!.withdrawnAnswers).toHaveLength(1);

    const { stack } = await two.send(stackRoutes.createStack, { body: { title: 'Scaled', autoDefaultSeconds: 1 } });
    const members: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const via = n % 2 === 0 ? one : two;
      const filed = await via.file({
        question: `Default ${n}?`,
        context,
        asks: [tierAsk()],
        mode: 'advisory',
        defaultOption: 2,
        stack: stack.id,
      });
      members.push(filed.body.decision.id);
    }
    const deadline = Date.now() + 15_000;
    let closed: StackView | null = null;
    while (Date.now() < deadline) {
      closed = (await one.send(stackRoutes.getStack, { params: { id: stack.id } })).stack;
      if (closed.status === 'closed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(closed?.status).toBe('closed');
    for (const memberId of members) {
      const decision = await two.decision(memberId);
      expect(decision.asks[0]!.answer).toMatchObject({ automatic: true, value: { selected: [2] } });
    }
  });

  it('with one worker stopped, the other carries on', async () => {
    const member = await cast.newMember();
    const one = world(cast, member);
    await secondWorker.stop();
    try {
      const id = (await one.file({ question: 'Still working?', context, asks: [tierAsk()] })).body.decision.id;
      await one.answer(id, 1, { kind: 'decision', selected: [2] });
    } finally {
      secondWorker = await startWorker({
        pool: secondPool,
        temporal: plainTarget(cast.temporalAddress, cast.taskQueue),
        workflowBundle: { codePath: inject('workflowBundlePath') },
        sweepEvery: null,
        rollupEvery: null,
      });
    }
  });
});
