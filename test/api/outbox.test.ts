/**
 * Issue 40 item 1 — one stream of events: every change's events are written to the outbox with
 * the change, typed by kind, and a notifier hands them to channels by a cursor that never skips
 * a row committed out of order, resumes where it stopped, and shares the work with another
 * notifier without handing an event on twice. Real Postgres, real Temporal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PAYLOADS, type OutboxEvent, type OutboxKind } from '../../domain/outbox/event-kinds';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import type { ChannelProvider } from '../../notifier/channel';
import type { Queryable } from '../../db/pool';
import { Notifier } from '../../notifier/notifier';
import { agentTokenOf } from '../support/members';
import { tierAsk, world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'Enough context for a person to answer without opening the session, which is the whole point here.';

type Stored = { id: string; kind: OutboxKind; data: unknown; subject_id: string };

async function outboxOf(decisionId: string, workspaceId: string): Promise<Stored[]> {
  const { rows } = await cast.pool.query<Stored>(
    'select id, kind, data, subject_id from outbox_events where workspace_id = $1 and subject_id = $2 order by xid, seq',
    [workspaceId, decisionId],
  );
  return rows;
}

/** A channel that records what it is handed, for one workspace's events only (the run's database is shared). */
function recordingChannel(workspaceId: string, name = `test-${randomUUID()}`) {
  const handed: string[] = [];
  const channel: ChannelProvider = {
    name,
    kinds: Object.keys(OUTBOX_PAYLOADS) as OutboxKind[],
    async subscriptions(event: OutboxEvent) {
      if (event.workspaceId !== workspaceId) return [];
      return [{ channel: name, kinds: [event.kind], audience: { kind: 'workspace', workspaceId }, cadence: 'instant', target: 'recorder' }];
    },
    async deliver(event: OutboxEvent) {
      handed.push(event.id);
    },
  };
  return { channel, handed };
}

/** One hand-written event, in `db`'s transaction (the columns the mirror's statement writes). */
async function writeEvent(db: Queryable, workspaceId: string, id: string): Promise<void> {
  await db.query(
    `insert into outbox_events (id, workspace_id, kind, subject_kind, subject_id, data, occurred_at)
     values ($1, $2, 'decision.opened', 'decision', 'sd-0', '{}', now())`,
    [id, workspaceId],
  );
}

/** Runs the notifier until it has read everything up to the horizon. */
async function settle(notifier: Notifier): Promise<void> {
  const reads = notifier.reads;
  notifier.wake();
  await expect.poll(() => notifier.reads).toBeGreaterThan(reads);
  await notifier.settled();
}

describe('issue 40 item 1: the outbox', { timeout: 120_000 }, () => {
  it('issue 40 item 1: a decision opened (blocking), answered and resolved writes typed events with the change, each once', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const live = await me.run(session, 'running');
    const id = (await me.file({ question: 'Which tier?', context, asks: [tierAsk()], session, run: live.id, mode: 'blocking' })).body
      .decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await me.delivered(id);

    const rows = await outboxOf(id, member.workspaceId);
    expect(rows.map((row) => row.kind)).toEqual(['decision.opened', 'decision.answered', 'decision.resolved', 'message.injected']);
    for (const row of rows) expect(() => OUTBOX_PAYLOADS[row.kind].parse(row.data), row.kind).not.toThrow();
    const [opened, answered, resolved] = rows;
    expect(opened!.data).toMatchObject({ blocking: true, decision: { id, status: 'open' } });
    expect(answered!.data).toMatchObject({
      ask: 1,
      actor: { kind: 'member', id: member.memberId },
      provenance: { actor: { kind: 'member', id: member.memberId } },
    });
    expect(resolved!.data).toMatchObject({ decision: { id, status: 'resolved', delivery: { kind: 'injected' } } });
    expect(rows[3]!.data).toMatchObject({ runId: live.id });
    // The ids webhook receivers know: the decision, the kind, the revision.
    expect(resolved!.id).toMatch(new RegExp(`^${id}\\.decision\\.resolved\\.\\d+$`));
  });

  it('issue 40 item 1: a failed restart and its Run now announce the resolution once and the restart once (E5)', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: session }, body: {} });
    const id = (await me.file({ question: 'Restart me?', context, asks: [tierAsk()], session, run: parked.id })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    expect((await me.delivered(id)).delivery?.kind).toBe('failed');
    await me.send(sessionRoutes.sessionHeartbeat, { params: { id: session }, body: {} });
    expect((await me.send(decisionRoutes.runNow, { params: { id }, body: {} })).decision.delivery?.kind).toBe('restarted');

    const kinds = (await outboxOf(id, member.workspaceId)).map((row) => row.kind);
    expect(kinds).toEqual(['decision.opened', 'decision.answered', 'decision.resolved', 'run.restart']);
  });

  it('issue 40 item 1: a host prompt nobody answered in time writes decision.expired and decision.withdrawn', async () => {
    const member = await cast.newMember();
    const me = world(cast, await agentTokenOf(cast.pool, member, 'Claude Code'));
    // Its host stopped waiting a minute ago: Cast withdraws it as soon as it is filed.
    const waitsUntil = new Date(Date.now() - 60_000).toISOString();
    const { decision } = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: randomUUID() },
      body: { kind: 'permission', tool: 'Bash', toolInput: { command: 'echo hi' }, waitsUntil },
    });
    await expect
      .poll(async () => (await outboxOf(decision.id, member.workspaceId)).map((row) => row.kind))
      .toEqual(['decision.opened', 'decision.expired', 'decision.withdrawn']);
    const expired = (await outboxOf(decision.id, member.workspaceId))[1]!;
    expect(OUTBOX_PAYLOADS['decision.expired'].parse(expired.data)).toMatchObject({ reason: 'nobody_waiting', waitsUntil });
  });

  it('issue 40 item 1: a row whose transaction took its place first and committed last is not skipped by the cursor', async () => {
    const { workspaceId } = await cast.newMember();
    const { channel, handed } = recordingChannel(workspaceId);
    const notifier = new Notifier({ pool: cast.pool, channels: [channel] });
    const older = await cast.pool.connect();
    const newer = await cast.pool.connect();
    try {
      await older.query('begin');
      await newer.query('begin');
      // The older transaction writes first (the lower seq and xid), the newer one commits first.
      await writeEvent(older, workspaceId, `older-${randomUUID()}`);
      const newerId = `newer-${randomUUID()}`;
      await writeEvent(newer, workspaceId, newerId);
      await newer.query('commit');
      await settle(notifier);
      // The newer row is committed, but a transaction older than it still runs: the cursor waits.
      expect(handed).toEqual([]);
      const olderId = (await older.query<{ id: string }>('select id from outbox_events where xid = pg_current_xact_id()')).rows[0]!.id;
      await older.query('commit');
      await settle(notifier);
      expect(handed).toEqual([olderId, newerId]);
    } finally {
      await older.query('rollback').catch(() => {});
      await newer.query('rollback').catch(() => {});
      older.release();
      newer.release();
      await notifier.stop();
    }
  });

  it('issue 40 item 1: a restarted notifier resumes from its cursor and hands nothing on again', async () => {
    const { workspaceId } = await cast.newMember();
    const { channel, handed } = recordingChannel(workspaceId);
    const first = new Notifier({ pool: cast.pool, channels: [channel] });
    const before = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    for (const id of before) await writeEvent(cast.pool, workspaceId, id);
    await settle(first);
    // Rows held behind another notifier's transaction (the worker's own, on its channels) are read again shortly.
    await expect.poll(() => handed.length).toBe(before.length);
    await first.stop();
    expect(handed).toEqual(before);

    const after = `c-${randomUUID()}`;
    await writeEvent(cast.pool, workspaceId, after);
    const second = new Notifier({ pool: cast.pool, channels: [channel] });
    try {
      await settle(second);
      await expect.poll(() => handed.length).toBe(before.length + 1);
      expect(handed).toEqual([...before, after]);
    } finally {
      await second.stop();
    }
  });

  it('issue 40 item 1: two notifiers at once hand each event on once', async () => {
    const { workspaceId } = await cast.newMember();
    const { channel, handed } = recordingChannel(workspaceId);
    // Small batches, so the two take turns on the cursor while events keep coming.
    const notifiers = [1, 2].map(() => new Notifier({ pool: cast.pool, channels: [channel], batchSize: 3 }));
    const ids = Array.from({ length: 40 }, (_, n) => `e${n}-${randomUUID()}`);
    try {
      await Promise.all(
        ids.map(async (id, n) => {
          await writeEvent(cast.pool, workspaceId, id);
          notifiers[n % 2]!.wake();
        }),
      );
      await expect.poll(() => new Set(handed).size, { timeout: 30_000 }).toBe(ids.length);
      await Promise.all(notifiers.map((notifier) => settle(notifier)));
      expect(handed).toHaveLength(ids.length);
    } finally {
      await Promise.all(notifiers.map((notifier) => notifier.stop()));
    }
  });
});
