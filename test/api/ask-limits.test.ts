/**
 * The limits AW-03 puts on an ask and its answer, at the API, each at its edge: the limit
 * itself is taken, one over is refused with problem+json and a stable code and changes nothing
 * (FR-12 prompt and context, FR-17 options and labels, FR-24/FR-25 reasons); and FR-21: an
 * optional ask left unanswered never holds the work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Ask } from '../../domain/ask-schema';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { expectProblem, type Problem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'The vendor offers two paid tiers; the free feed went down twice this week.';
type AskInput = z.input<typeof Ask>;

/** A choice ask with `count` options, the first recommended. */
const optionsAsk = (count: number, label = (n: number) => `Option ${n}`): AskInput => ({
  kind: 'decision',
  prompt: 'Which one?',
  options: Array.from({ length: count }, (_, index) => ({ label: label(index + 1), ...(index === 0 ? { recommended: true } : {}) })),
});

/** The paths a refusal's issues name. */
const pathsOf = (problem: Problem) => (problem.issues as Array<{ path: string }>).map((issue) => issue.path);

/** How many decisions the member's workspace holds, in every tab: a refused filing adds none. */
async function decisionCount(me: ReturnType<typeof world>): Promise<number> {
  return (await me.send(decisionRoutes.listQueue, { query: {} })).history.decisions;
}

describe('the limits of an ask (FR-12, FR-17)', () => {
  const cases: Array<{ name: string; at: AskInput; over: AskInput; path: string }> = [
    {
      name: 'FR-12 — an ask prompt of 1,000 characters is taken; 1,001 is refused',
      at: { ...approvalAsk(), prompt: 'p'.repeat(1000) },
      over: { ...approvalAsk(), prompt: 'p'.repeat(1001) },
      path: 'asks.0.prompt',
    },
    {
      name: 'FR-12 — an ask context of 4,000 characters is taken; 4,001 is refused',
      at: { ...approvalAsk(), context: 'c'.repeat(4000) },
      over: { ...approvalAsk(), context: 'c'.repeat(4001) },
      path: 'asks.0.context',
    },
    {
      name: 'FR-17 — a choice of 25 options is taken; 26 is refused',
      at: optionsAsk(25),
      over: optionsAsk(26),
      path: 'asks.0.options',
    },
    {
      name: 'FR-17 — an option label of 200 characters is taken; 201 is refused',
      at: optionsAsk(2, (n) => `${n}`.padEnd(200, 'l')),
      over: optionsAsk(2, (n) => (n === 1 ? 'l'.repeat(201) : 'Short')),
      path: 'asks.0.options.0.label',
    },
  ];

  for (const { name, at, over, path } of cases) {
    it(name, async () => {
      const me = world(cast, await cast.newMember());
      const refused = await expectProblem(me.file({ question: 'At the limit?', context, asks: [over] }), 400, 'invalid_request');
      expect(pathsOf(refused)).toEqual([path]);
      expect(await decisionCount(me)).toBe(0);

      const taken = await me.file({ question: 'At the limit?', context, asks: [at] });
      expect(taken.status).toBe(201);
      expect(taken.body.decision.asks[0]).toMatchObject(at.kind === 'decision' ? { options: at.options } : { prompt: at.prompt });
      expect(await decisionCount(me)).toBe(1);
    });
  }
});

describe('the reason (FR-24, FR-25)', () => {
  it('FR-24 — a rejection reason of 1,000 characters is taken; 1,001 is refused and records nothing', async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()] });
    const id = filed.body.decision.id;
    const refused = await expectProblem(
      me.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'r'.repeat(1001)),
      400,
      'invalid_request',
    );
    expect(pathsOf(refused)).toEqual(['reason']);
    expect(await me.decision(id)).toMatchObject({ status: 'open', asks: [{ status: 'open', answer: null }] });

    const taken = await me.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'r'.repeat(1000));
    expect(taken.body.decision).toMatchObject({ status: 'resolved', asks: [{ answer: { reason: 'r'.repeat(1000) } }] });
  });

  it('FR-25 — an optional reason has the same cap: 1,001 characters on the recommended choice is refused, 1,000 taken', async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()] });
    const id = filed.body.decision.id;
    await expectProblem(me.answer(id, 1, { kind: 'decision', selected: [2] }, 'r'.repeat(1001)), 400, 'invalid_request');
    expect(await me.decision(id)).toMatchObject({ status: 'open', asks: [{ status: 'open', answer: null }] });

    const taken = await me.answer(id, 1, { kind: 'decision', selected: [2] }, 'r'.repeat(1000));
    expect(taken.body.decision).toMatchObject({ status: 'resolved', asks: [{ answer: { reason: 'r'.repeat(1000) } }] });
  });
});

describe('optional asks (FR-21)', () => {
  const optionalFact: AskInput = { kind: 'fact', prompt: 'Anything the vendor should know?', required: false };

  it('FR-21 — an unanswered optional ask never holds the work: the required answer closes it, restarts the run and unblocks the task', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const task = await me.task();
    const parked = await me.run(session, 'parked');
    const filed = await me.file({
      question: 'Buy the feed?',
      context,
      asks: [optionalFact, approvalAsk()],
      session,
      run: parked.id,
      task: task.id,
    });
    const id = filed.body.decision.id;
    expect(filed.body.decision.progress).toEqual({ answered: 0, required: 1 });
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('blocked');

    const answered = await me.answer(id, 2, { kind: 'approval', decision: 'approve' });
    expect(answered.body.decision).toMatchObject({ status: 'resolved', progress: { answered: 1, required: 1 } });
    const delivered = await me.delivered(id);
    expect(delivered.delivery).toMatchObject({ kind: 'restarted' });
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('in_progress');
    const restarted = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(restarted.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(1);
  });

  it('FR-21 — answering only the optional ask leaves the required one holding the decision open', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    const filed = await me.file({ question: 'Buy the feed?', context, asks: [optionalFact, approvalAsk()], task: task.id });
    const id = filed.body.decision.id;
    const answered = await me.answer(id, 1, { kind: 'fact', text: 'They bill quarterly.' });
    expect(answered.body.decision).toMatchObject({ status: 'open', progress: { answered: 0, required: 1 } });
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('blocked');
  });
});
