/**
 * Issue 31 item 5: a card its agent stopped waiting for leaves the queue. The hook records its
 * own deadline on the card (`waitsUntil`); at it, an open card is withdrawn by Cast's workflow
 * timer with no withdraw call — even when no worker ran at the deadline — and an answer to it
 * afterwards is refused as reaching no one (409 `nobody_waiting`); past its deadline its detail
 * promises no pickup, even before the worker has withdrawn it. A card filed without a
 * deadline (someone picks its answer up whenever it comes) stays open.
 *
 * Issue 31 item 7: a session whose hook waits on its card sends no heartbeat, yet it waits on a
 * person: it reads as waiting, and its card ranks with the sessions that can receive until the
 * hook's deadline passes.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../client/request';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { decisionBody } from '../support/fixtures';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

async function agent() {
  const member = await cast.newMember();
  return { person: world(cast, member), me: world(cast, await agentTokenOf(cast.pool, member, 'Claude Code')) };
}

const prompt = (waitsUntil?: Date) => ({
  kind: 'permission' as const,
  tool: 'Bash',
  toolInput: { command: 'echo hi > out.txt' },
  ...(waitsUntil ? { waitsUntil: waitsUntil.toISOString() } : {}),
});

describe('issue 31 item 5: a card nobody waits on leaves the queue', { timeout: 120_000 }, () => {
  it('issue 31 item 5: just past its recorded deadline (a 30 s grace for its own hook) an open card is withdrawn with no withdraw call, even with no worker running at the deadline; an answer after says nobody was waiting', async () => {
    const { person, me } = await agent();
    const deadline = new Date(Date.now() + 3000);
    const { decision } = await me.send(sessionRoutes.fileHostPrompt, { params: { id: randomUUID() }, body: prompt(deadline) });
    const { decision: undated } = await me.send(sessionRoutes.fileHostPrompt, { params: { id: randomUUID() }, body: prompt() });
    expect(decision.source).toMatchObject({ kind: 'permission', waitsUntil: deadline.toISOString() });
    expect(decision.status).toBe('open');

    // Cast's worker is down from before the deadline until well after it: no hook is alive to withdraw it either.
    await cast.stopWorker();
    try {
      await sleep(deadline.getTime() - Date.now() + 2000);
      // Still open with no worker to withdraw it, its detail already promises no pickup.
      const shown = await person.send(decisionRoutes.getDecision, { params: { id: decision.id } });
      expect(shown.decision.status).toBe('open');
      expect(shown.detail).toMatchObject({ pickup: null, lines: { pending: null } });
      const other = await person.send(decisionRoutes.getDecision, { params: { id: undated.id } });
      expect(other.detail.pickup).not.toBeNull();
    } finally {
      await cast.startWorker();
    }
    await expect.poll(async () => (await person.decision(decision.id)).status, { timeout: 60_000, interval: 250 }).toBe('withdrawn');
    const withdrawn = await person.decision(decision.id);
    expect(Date.parse(withdrawn.closedAt!)).toBeGreaterThanOrEqual(deadline.getTime());

    const refused = await expectProblem(person.answer(decision.id, 1, { kind: 'approval', decision: 'approve' }), 409, 'nobody_waiting');
    expect(refused.detail).toContain(`Nobody was waiting for ${decision.id} any more`);
    expect((await person.decision(decision.id)).status).toBe('withdrawn');
    // Left the queue.
    const queue = await person.send(decisionRoutes.listQueue);
    expect(JSON.stringify(queue)).not.toContain(`"${decision.id}"`);

    // No deadline recorded: still open, and answerable.
    expect((await person.decision(undated.id)).status).toBe('open');
    await person.answer(undated.id, 1, { kind: 'approval', decision: 'approve' });
    expect((await person.decision(undated.id)).status).toBe('resolved');
  });

  it('issue 31 item 5: a hook withdrawing its card at its own deadline is answered every time, never with a 5xx (Cast’s own withdrawal waits a grace)', async () => {
    const { me } = await agent();
    const answers: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const deadline = new Date(Date.now() + 1500);
      const { decision } = await me.send(sessionRoutes.fileHostPrompt, { params: { id: randomUUID() }, body: prompt(deadline) });
      // As the hook does at its --timeout: the same moment the card's deadline passes, give or take.
      await sleep(deadline.getTime() - Date.now() - 20 + round * 8);
      const withdrawn = await me.send(decisionRoutes.withdrawDecision, { params: { id: decision.id }, body: {} }).then(
        (reply) => reply.decision.status,
        (error: unknown) => (error instanceof ProblemError ? `${error.problem.status} ${error.problem.code}` : String(error)),
      );
      answers.push(withdrawn);
    }
    expect(answers).toEqual(answers.map(() => 'withdrawn'));
  });

  it('issue 31 item 5: a card answered before its deadline stays answered past it', async () => {
    const { person, me } = await agent();
    const deadline = new Date(Date.now() + 2000);
    const { decision } = await me.send(sessionRoutes.fileHostPrompt, { params: { id: randomUUID() }, body: prompt(deadline) });
    await person.answer(decision.id, 1, { kind: 'approval', decision: 'approve' });
    await sleep(deadline.getTime() - Date.now() + 1500);
    expect((await person.decision(decision.id)).status).toBe('resolved');
  });

  it('issue 31 item 5: a card its hook withdrew says, to a late answer, that nobody was waiting', async () => {
    const { person, me } = await agent();
    const { decision } = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: randomUUID() },
      body: prompt(new Date(Date.now() + 60_000)),
    });
    await me.send(decisionRoutes.withdrawDecision, { params: { id: decision.id }, body: {} });
    await expectProblem(person.answer(decision.id, 1, { kind: 'approval', decision: 'approve' }), 409, 'nobody_waiting');
  });
});

describe('issue 31 item 7: a session blocked on a permission card waits on a person', () => {
  it('issue 31 item 7: a session whose hook waits on its card shows as waiting on a person, not unresponsive; answered, it no longer does', async () => {
    const { person, me } = await agent();
    const session = randomUUID();
    const { decision } = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: prompt(new Date(Date.now() + 60_000)),
    });
    // The hook sends no heartbeat while it waits.
    expect((await person.send(sessionRoutes.getSession, { params: { id: session } })).session.liveness).toBe('waiting');
    const listed = await person.send(sessionRoutes.listSessions);
    expect(listed.sessions.find((entry) => entry.id === session)?.liveness).toBe('waiting');
    await person.answer(decision.id, 1, { kind: 'approval', decision: 'approve' });
    expect((await person.send(sessionRoutes.getSession, { params: { id: session } })).session.liveness).toBe('unresponsive');

    // Past its host's deadline the card waits on no one, whatever the workflow has done yet.
    const late = randomUUID();
    await me.send(sessionRoutes.fileHostPrompt, { params: { id: late }, body: prompt(new Date(Date.now() + 1000)) });
    await sleep(1500);
    expect((await person.send(sessionRoutes.getSession, { params: { id: late } })).session.liveness).toBe('unresponsive');
  });
});

describe('issue 31 item 7: a session blocked on its permission card ranks as one that can receive', () => {
  it('issue 31 item 7: a permission card whose hook waits ranks above a blocking decision of an unresponsive session (fast read and general plan), its detail says waiting; past the hook’s deadline it drops to the unresponsive group', async () => {
    const { person, me } = await agent();
    // An unresponsive session (registered, never a heartbeat) asks first, and more surely.
    const silent = `conv-${randomUUID()}`;
    await me.send(sessionRoutes.putSession, { params: { id: silent }, body: {} });
    const { decision: asked } = await me.send(decisionRoutes.fileDecision, {
      body: { ...decisionBody('Allow the schema migration?'), session: silent, confidence: 0.9 },
    });
    // Then a hook files its card as the Claude Code door does (client/host-core/card.ts) and waits: no heartbeat.
    const waiting = `conv-${randomUUID()}`;
    // Room for the reads below on a loaded machine, well before the deadline.
    const waitsUntil = new Date(Date.now() + 8000);
    const { decision: card } = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: waiting },
      body: {
        kind: 'permission',
        tool: 'Bash',
        toolInput: { command: 'rm -rf build' },
        scope: '/work/project',
        requestId: randomUUID(),
        waitsUntil: waitsUntil.toISOString(),
      },
    });
    expect(card.asks[0]!.kind).toBe('approval');
    expect([card.mode, asked.mode]).toEqual(['blocking', 'blocking']);

    /** The two, in queue order: the Open tab unfiltered (the fast read), and filtered by their question (the general plan). */
    const order = async () => {
      const ids = [asked.id, card.id];
      const fast = await person.send(decisionRoutes.listQueue);
      const general = await person.send(decisionRoutes.listQueue, { query: { q: 'Allow' } });
      return [fast, general].map((page) => page.decisions.map((shown) => shown.id).filter((id) => ids.includes(id)));
    };
    expect(await order()).toEqual([
      [card.id, asked.id],
      [card.id, asked.id],
    ]);
    expect((await person.send(decisionRoutes.getDecision, { params: { id: card.id } })).detail.session?.liveness).toBe('waiting');

    // The hook stopped waiting at its deadline; the card stays open until Cast withdraws it (a grace later).
    await sleep(waitsUntil.getTime() - Date.now() + 500);
    expect((await person.decision(card.id)).status).toBe('open');
    expect(await order()).toEqual([
      [asked.id, card.id],
      [asked.id, card.id],
    ]);
    expect((await person.send(decisionRoutes.getDecision, { params: { id: card.id } })).detail.session?.liveness).toBe('unresponsive');
  });
});
