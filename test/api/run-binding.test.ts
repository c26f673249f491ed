/**
 * Issue 38 item 4 — an answer reaches exactly the work that asked. A parked run waits on the
 * decisions linked to it: it restarts only when the last of them open is answered, and an
 * answer to a decision of its session that names no run never restarts it (that answer is
 * recorded for the agent's next check, and its detail says so from the start).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'The nightly import failed twice; the agent parked its run to ask.';

/** A person, and Ops bot reporting a parked run in a session of its own, as the steps do. */
async function parkedSession() {
  const member = await cast.newMember();
  const person = world(cast, member);
  const agent = await agentTokenOf(cast.pool, member, 'Ops bot');
  const bot = world(cast, agent);
  const session = `conv-${randomUUID()}`;
  await bot.send(sessionRoutes.putSession, { params: { id: session }, body: {} });
  const parked = await bot.run(session, 'parked');
  const file = async (question: string, run: string | null) => {
    const filed = await bot.file({ question, context, asks: [approvalAsk(question)], session, ...(run ? { run } : {}) });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    return (filed.body as { decision: { id: string } }).decision.id;
  };
  const pending = async (id: string) => (await person.send(decisionRoutes.getDecision, { params: { id } })).detail;
  const runs = async (status: 'ready' | 'parked') =>
    (await person.send(runRoutes.listRuns, { query: { status, session } })).runs.map((run) => run.id);
  return { person, bot, session, parked, file, pending, runs };
}

describe('issue 38 item 4: an answer reaches exactly the work that asked', () => {
  it('answering a decision that names no run leaves the run parked on another decision, and that decision’s promise holds', async () => {
    const { person, parked, file, pending, runs } = await parkedSession();
    const x = await file('Retry the import from the last checkpoint?', parked.id);
    const y = await file('Also rotate the import credentials?', null);

    // Only X's answer restarts the run; Y's detail says so from the start.
    expect(await pending(x)).toMatchObject({
      pickup: 'restart',
      lines: { pending: 'One more and Ops bot picks this up where it stopped.' },
    });
    expect(await pending(y)).toMatchObject({
      pickup: 'none',
      lines: { pending: "One more and your answer is recorded for Ops bot's next check." },
    });

    await person.answer(y, 1, { kind: 'approval', decision: 'approve' });
    const answeredY = await person.delivered(y);
    expect(answeredY.delivery).toMatchObject({ kind: 'nothing', runId: null });
    expect(await runs('ready')).toEqual([]);
    expect(await runs('parked')).toEqual([parked.id]);
    // X's promise is unchanged.
    expect(await pending(x)).toMatchObject({
      pickup: 'restart',
      lines: { pending: 'One more and Ops bot picks this up where it stopped.' },
    });

    await person.answer(x, 1, { kind: 'approval', decision: 'approve' });
    const answeredX = await person.delivered(x);
    expect(answeredX.delivery).toMatchObject({ kind: 'restarted' });
    const restarted = (await person.send(runRoutes.getRun, { params: { id: answeredX.delivery!.runId! } })).run;
    expect(restarted).toMatchObject({ status: 'ready', restartedFrom: parked.id, decisionId: x });
    expect(await runs('ready')).toEqual([restarted.id]);
    expect((await person.send(runRoutes.getRun, { params: { id: parked.id } })).run.status).toBe('completed');
  });

  it('a run waiting on two decisions restarts only when both are answered, whichever comes first', async () => {
    const { person, parked, file, pending, runs } = await parkedSession();
    const first = await file('Retry the import from the last checkpoint?', parked.id);
    const second = await file('Skip the rows that failed validation?', parked.id);
    const waits = 'One more and your answer is recorded, and Ops bot picks this up once the other decisions it waits on are answered.';
    expect(await pending(first)).toMatchObject({ pickup: 'waits', lines: { pending: waits } });
    expect(await pending(second)).toMatchObject({ pickup: 'waits', lines: { pending: waits } });

    await person.answer(second, 1, { kind: 'approval', decision: 'reject' }, 'Keep every row; fix them after.');
    const answeredSecond = await person.delivered(second);
    expect(answeredSecond.delivery).toMatchObject({ kind: 'waiting', runId: parked.id });
    const secondPane = await person.send(decisionRoutes.getDecision, { params: { id: second } });
    // A rejection is said as one (issue 39 item 4).
    expect(secondPane.detail.lines.delivery).toBe(
      'Rejected. Ops bot picks the work back up once the other decisions it waits on are answered.',
    );
    expect(await runs('ready')).toEqual([]);
    expect(await runs('parked')).toEqual([parked.id]);
    // The last one open now restarts it, and says so.
    expect(await pending(first)).toMatchObject({
      pickup: 'restart',
      lines: { pending: 'One more and Ops bot picks this up where it stopped.' },
    });

    await person.answer(first, 1, { kind: 'approval', decision: 'approve' });
    const answeredFirst = await person.delivered(first);
    expect(answeredFirst.delivery).toMatchObject({ kind: 'restarted' });
    expect(await runs('ready')).toEqual([answeredFirst.delivery!.runId]);
    expect(await runs('parked')).toEqual([]);
  });

  it('a decision naming the run but no session cannot deliver to it, so the run does not wait on it', async () => {
    const { person, bot, parked, file, runs } = await parkedSession();
    const sessionless = await bot.file({ question: 'Note the outage in the log?', context, asks: [approvalAsk()], run: parked.id });
    expect(sessionless.status, JSON.stringify(sessionless.body)).toBe(201);
    const x = await file('Retry the import from the last checkpoint?', parked.id);
    expect((await person.send(decisionRoutes.getDecision, { params: { id: x } })).detail.pickup).toBe('restart');
    await person.answer(x, 1, { kind: 'approval', decision: 'approve' });
    expect((await person.delivered(x)).delivery).toMatchObject({ kind: 'restarted' });
    expect(await runs('ready')).toHaveLength(1);
  });

  it('two decisions a run waits on, answered at the same moment, restart it exactly once', async () => {
    const { person, parked, file, runs } = await parkedSession();
    const ids = [await file('Retry the import from the last checkpoint?', parked.id), await file('Skip the failed rows?', parked.id)];
    await Promise.all(ids.map((id) => person.answer(id, 1, { kind: 'approval', decision: 'approve' })));
    const kinds = (await Promise.all(ids.map((id) => person.delivered(id)))).map((decision) => decision.delivery!.kind).sort();
    expect(kinds).toEqual(['restarted', 'waiting']);
    expect(await runs('ready')).toHaveLength(1);
  });

  it('a decision that names no run still reaches a live run of its session (injected), and a multi-ask one waits likewise', async () => {
    const { person, bot, session, parked, file, runs } = await parkedSession();
    // The host resumed the session by hand: its newest run is live, so an answer with no run goes to it.
    await bot.send(runRoutes.updateRun, { params: { id: parked.id }, body: { status: 'running' } });
    const y = await file('Also rotate the import credentials?', null);
    await person.answer(y, 1, { kind: 'approval', decision: 'approve' });
    expect((await person.delivered(y)).delivery).toMatchObject({ kind: 'injected', runId: parked.id });

    // Parked again on a two-ask decision and a plain one: neither alone restarts it.
    await bot.send(runRoutes.updateRun, { params: { id: parked.id }, body: { status: 'parked' } });
    const multi = await bot.file({ question: 'Set up the new feed', context, asks: [approvalAsk(), tierAsk()], session, run: parked.id });
    const multiId = (multi.body as { decision: { id: string } }).decision.id;
    const plain = await file('Retry now?', parked.id);
    await person.answer(multiId, 1, { kind: 'approval', decision: 'approve' });
    await person.answer(plain, 1, { kind: 'approval', decision: 'approve' });
    expect((await person.delivered(plain)).delivery).toMatchObject({ kind: 'waiting', runId: parked.id });
    expect(await runs('ready')).toEqual([]);
    await person.answer(multiId, 2, { kind: 'decision', selected: [1] }, 'The basic tier is enough.');
    expect((await person.delivered(multiId)).delivery).toMatchObject({ kind: 'restarted' });
    expect(await runs('ready')).toHaveLength(1);
  });

  it('a host prompt is linked to the parked run it holds; a run of another session reads as not found and files nothing', async () => {
    const { person, bot, session, parked, runs } = await parkedSession();
    const card = await bot.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'Bash', toolInput: { command: 'make import' }, requestId: 'toolu_1', run: parked.id },
    });
    expect(card.decision.links.runId).toBe(parked.id);
    const other = `conv-${randomUUID()}`;
    await bot.send(sessionRoutes.putSession, { params: { id: other }, body: {} });
    await expectProblem(
      bot.send(sessionRoutes.fileHostPrompt, {
        params: { id: other },
        body: { kind: 'permission', tool: 'Bash', toolInput: { command: 'make import' }, requestId: 'toolu_2', run: parked.id },
      }),
      404,
      'run_not_found',
    );
    const { decisions } = await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: other } });
    expect(decisions).toEqual([]);

    await person.answer(card.decision.id, 1, { kind: 'approval', decision: 'approve' });
    expect((await person.delivered(card.decision.id)).delivery).toMatchObject({ kind: 'restarted' });
    expect(await runs('ready')).toHaveLength(1);
  });
});
