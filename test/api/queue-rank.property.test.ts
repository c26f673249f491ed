/**
 * The queue's fast read (db/decision-queries.ts: the Open tab merged from index-ordered
 * parts, the counts from per-workspace counters) against two oracles, over random workspaces:
 *   - the rank of DESIGN §3 computed here in TypeScript from the rows this test wrote —
 *     overdue stacks first; then blocking on a session that can receive (or none), blocking
 *     on a stopped or unresponsive one, advisory; descending confidence, unscored 0.5; oldest;
 *     blocking meaning domain/blocking.ts's rule (posted blocking: never an advisory decision,
 *     whatever its run or task), so the SQL and the card, detail and header agree;
 *   - the general plan, which ranks every matching row in one sort (`plan: 'general'`).
 * Each workspace mixes blocking and advisory decisions, live, unresponsive, silent and stopped
 * sessions, parked and running runs, blocked tasks, overdue, future, undated and closed stacks,
 * tied confidences and tied times, decisions old enough to be dormant, and host prompts
 * (permission cards, terminal questions) whose host waits on them, waited until a moment now
 * past, or says no deadline — open or closed, so a session without a heartbeat may be waiting
 * on a person (issue 31 item 7: it can still receive an answer, group 1, never dormant); every
 * page of several windows (including one past the fast read's largest) must equal both. Then
 * rows change the ways the counters must follow (multi-row updates of status and mode,
 * deletes, the mirror) and the counts must still match.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorDecision } from '../../activities/mirror-decision';
import { listQueue, nextDecisionNumber, type QueuePage, type QueueQuery } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { createMember, createWorkspace } from '../../db/tenancy';
import { isBlocking } from '../../domain/blocking';
import { openDecision } from '../../domain/decision-state';
import { DORMANT_AFTER_DAYS, type QueueTab } from '../../domain/queue';
import { decisionBody, decisionStart } from '../support/fixtures';
import { testPool } from '../support/test-pool';

let pool: Pool;
beforeAll(() => {
  pool = testPool();
});
afterAll(() => pool?.end());

const Liveness = ['live', 'unresponsive', 'silent', 'stopped'] as const;
const RunStatus = ['parked', 'running', 'completed', 'queued'] as const;
const TaskStatus = ['blocked', 'in_progress', 'todo'] as const;
const StackDue = ['overdue', 'later', 'none', 'closed-overdue'] as const;
const Status = ['open', 'open', 'open', 'open', 'resolved', 'archived', 'withdrawn'] as const;
// Few values, so ties happen: 0.5 and unscored rank alike, and equal times fall to the number.
const Confidence = [null, 0, 0.3, 0.5, 0.7, 0.9, 1] as const;
// A host prompt's host waits until a moment ahead, one now past, or says no deadline.
const PromptWaits = ['ahead', 'passed', 'undated'] as const;
const PromptKind = ['permission', 'terminal'] as const;
/** Old enough to be dormant (FR-50: open 30+ days). */
const DORMANT_MINUTES = (DORMANT_AFTER_DAYS + 1) * 24 * 60;

type World = {
  sessions: Array<(typeof Liveness)[number]>;
  runs: Array<{ session: number; status: (typeof RunStatus)[number] }>;
  tasks: Array<(typeof TaskStatus)[number]>;
  stacks: Array<(typeof StackDue)[number]>;
  decisions: Array<{
    status: (typeof Status)[number];
    mode: 'blocking' | 'advisory';
    confidence: number | null;
    minutesAgo: number;
    closedMinutesAgo: number | null;
    prompt: { waits: (typeof PromptWaits)[number]; kind: (typeof PromptKind)[number] } | null;
    session: number | null;
    run: number | null;
    task: number | null;
    stack: number | null;
  }>;
};

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const maybeIndex = (count: number) => (count === 0 ? fc.constant(null) : fc.option(fc.nat({ max: count - 1 }), { freq: 2 }));

/** Workspaces of `decisions` decisions; crowded ones overflow the fast read's smallest window (32) in a part. */
const worldsOf = (
  decisions: { minLength: number; maxLength: number },
  statuses: ReadonlyArray<(typeof Status)[number]> = Status,
  /** Host prompts to every four of the agents' own decisions (one decision in five, by default). */
  prompts = 1,
): fc.Arbitrary<World> =>
  fc
    .record({
      sessions: fc.array(pick(Liveness), { maxLength: 6 }),
      tasks: fc.array(pick(TaskStatus), { maxLength: 4 }),
      stacks: fc.array(pick(StackDue), { maxLength: 4 }),
    })
    .chain((shape) =>
      fc
        .array(fc.record({ session: fc.nat({ max: Math.max(0, shape.sessions.length - 1) }), status: pick(RunStatus) }), {
          maxLength: shape.sessions.length === 0 ? 0 : 6,
        })
        .chain((runs) =>
          fc.record({
            sessions: fc.constant(shape.sessions),
            tasks: fc.constant(shape.tasks),
            stacks: fc.constant(shape.stacks),
            runs: fc.constant(runs),
            decisions: fc.array(
              fc.record({
                status: pick(statuses),
                mode: pick(['blocking', 'advisory'] as const),
                confidence: pick(Confidence),
                minutesAgo: fc.oneof({ arbitrary: fc.nat({ max: 4 }), weight: 5 }, { arbitrary: fc.constant(DORMANT_MINUTES), weight: 1 }),
                closedMinutesAgo: fc.option(fc.nat({ max: 3 }), { freq: 4 }),
                prompt: fc.oneof(
                  { arbitrary: fc.constant(null), weight: 4 },
                  { arbitrary: fc.record({ waits: pick(PromptWaits), kind: pick(PromptKind) }), weight: prompts },
                ),
                session: maybeIndex(shape.sessions.length),
                run: maybeIndex(runs.length),
                task: maybeIndex(shape.tasks.length),
                stack: maybeIndex(shape.stacks.length),
              }),
              decisions,
            ),
          }),
        ),
    );
const worlds = worldsOf({ minLength: 0, maxLength: 60 });

type Seeded = {
  workspaceId: string;
  /** What each decision row is, as the rank needs it. */
  rows: Array<{
    id: string;
    number: number;
    status: string;
    blocking: boolean;
    group: number;
    overdue: boolean;
    dormant: boolean;
    weight: number;
    createdAt: number;
    closedAt: number | null;
  }>;
};

/** A host prompt's source, as the prompts route records it (api/routes/session-prompts.ts). */
function hostPrompt(prompt: NonNullable<World['decisions'][number]['prompt']>, number: number, now: number) {
  const waitsUntil = { ahead: new Date(now + 600_000).toISOString(), passed: new Date(now - 60_000).toISOString(), undated: null };
  return {
    kind: prompt.kind,
    id: `request-${number}`,
    tool: prompt.kind === 'permission' ? 'Bash' : null,
    lastAssistantMessage: null,
    pinned: null,
    toolInput: prompt.kind === 'permission' ? { command: 'rm -rf build' } : null,
    waitsUntil: waitsUntil[prompt.waits],
  };
}

/**
 * The liveness rule of domain/session.ts, from the world this test wrote: a session can receive
 * an answer when it is not stopped and either sent a heartbeat lately or waits on a person — an
 * open host prompt of it whose host still waits (its deadline ahead, or none).
 */
function canReceive(world: World, session: number): boolean {
  const liveness = world.sessions[session]!;
  if (liveness === 'stopped') return false;
  if (liveness === 'live') return true;
  return world.decisions.some(
    (decision) =>
      decision.session === session && decision.status === 'open' && decision.prompt !== null && decision.prompt.waits !== 'passed',
  );
}

async function seed(world: World): Promise<Seeded> {
  const workspaceId = await createWorkspace(pool, 'queue-rank');
  const memberId = await createMember(pool, workspaceId, 'Ranker');
  const { rows: clock } = await pool.query<{ now: Date }>('select now() as now');
  const now = clock[0]!.now.getTime();
  const minutesAgo = (minutes: number) => new Date(now - 3_600_000 - minutes * 60_000).toISOString();

  const sessionIds = world.sessions.map((_, index) => `rank-s${index}`);
  for (const [index, liveness] of world.sessions.entries()) {
    await pool.query(
      `insert into sessions (workspace_id, id, owner_member_id, last_heartbeat_at, stopped_at)
       values ($1, $2, $3, case $4 when 'unresponsive' then now() - interval '5 minutes' when 'silent' then null else now() end,
               case $4 when 'stopped' then now() end)`,
      [workspaceId, sessionIds[index], memberId, liveness],
    );
  }
  const runIds = world.runs.map((_, index) => `${workspaceId}-r${index}`);
  for (const [index, run] of world.runs.entries()) {
    await pool.query('insert into runs (id, workspace_id, session_id, status) values ($1, $2, $3, $4)', [
      runIds[index],
      workspaceId,
      sessionIds[run.session],
      run.status,
    ]);
  }
  const taskIds = world.tasks.map((_, index) => `${workspaceId}-t${index}`);
  for (const [index, status] of world.tasks.entries()) {
    await pool.query('insert into tasks (id, workspace_id, title, status) values ($1, $2, $3, $4)', [
      taskIds[index],
      workspaceId,
      `Task ${index}`,
      status,
    ]);
  }
  const stackIds = world.stacks.map((_, index) => `${workspaceId}-st${index}`);
  for (const [index, due] of world.stacks.entries()) {
    await pool.query(
      `insert into stacks (id, number, workspace_id, title, status, due_at, revision, snapshot, created_at, updated_at)
       values ($1, nextval('stack_number_seq'), $2, $3, $4,
               case $5 when 'later' then now() + interval '1 hour' when 'none' then null else now() - interval '1 minute' end,
               1, '{}', now(), now())`,
      [stackIds[index], workspaceId, `Stack ${index}`, due === 'closed-overdue' ? 'closed' : 'open', due],
    );
  }

  const template = openDecision(decisionStart(decisionBody('Ranked?'), { id: 'sd-1', workspaceId, filedBy: memberId }), new Date(now));
  const seeded: Seeded['rows'] = [];
  const inserted: Array<Record<string, unknown>> = [];
  const members: Array<Record<string, unknown>> = [];
  const positions = new Map<number, number>();
  const { rows: numbers } = await pool.query<{ n: number }>(`select nextval('decision_number_seq') as n from generate_series(1, $1)`, [
    world.decisions.length,
  ]);
  for (const [index, decision] of world.decisions.entries()) {
    const number = numbers[index]!.n;
    const id = `sd-${number}`;
    const createdAt = minutesAgo(decision.minutesAgo);
    const closedAt = decision.status === 'open' || decision.closedMinutesAgo === null ? null : minutesAgo(decision.closedMinutesAgo);
    inserted.push({
      id,
      number,
      question: `Ranked ${number}`,
      status: decision.status,
      mode: decision.mode,
      confidence: decision.confidence,
      snapshot: {
        ...template,
        id,
        number,
        question: `Ranked ${number}`,
        status: decision.status,
        mode: decision.mode,
        source: decision.prompt && hostPrompt(decision.prompt, number, now),
      },
      created_at: createdAt,
      session_id: decision.session === null ? null : sessionIds[decision.session],
      run_id: decision.run === null ? null : runIds[decision.run],
      task_id: decision.task === null ? null : taskIds[decision.task],
      closed_at: closedAt,
    });
    if (decision.stack !== null) {
      const position = (positions.get(decision.stack) ?? 0) + 1;
      positions.set(decision.stack, position);
      members.push({ decision_id: id, stack_id: stackIds[decision.stack], position });
    }

    const blocking = isBlocking(decision.mode);
    const reachable = decision.session === null || canReceive(world, decision.session);
    const run = decision.run === null ? null : world.runs[decision.run]!;
    const stack = decision.stack === null ? null : world.stacks[decision.stack]!;
    seeded.push({
      id,
      number,
      status: decision.status,
      blocking,
      group: !blocking ? 3 : reachable ? 1 : 2,
      overdue: stack === 'overdue',
      // FR-50: open 30+ days, its run not working and its session unable to receive.
      dormant:
        decision.status === 'open' &&
        decision.minutesAgo === DORMANT_MINUTES &&
        !(run !== null && ['queued', 'ready', 'running'].includes(run.status)) &&
        !(decision.session !== null && canReceive(world, decision.session)),
      // Confidence is a `real`: compare as Postgres does, in single precision.
      weight: Math.fround(decision.confidence ?? 0.5),
      createdAt: Date.parse(createdAt),
      closedAt: closedAt === null ? null : Date.parse(closedAt),
    });
  }
  // One statement each, as a bulk load writes them (the counters' triggers see many rows at once).
  await pool.query(
    `insert into decisions (id, number, workspace_id, question, status, mode, confidence, ask_kinds, asks_total, asks_required,
       asks_answered, filed_by, revision, snapshot, created_at, updated_at, session_id, run_id, task_id, closed_at)
     select r.id, r.number, $1, r.question, r.status, r.mode, r.confidence, '{decision}', 1, 1, 0, $2, 1, r.snapshot, r.created_at,
            now(), r.session_id, r.run_id, r.task_id, r.closed_at
       from jsonb_to_recordset($3::jsonb) as r(id text, number bigint, question text, status text, mode text, confidence real,
            snapshot jsonb, created_at timestamptz, session_id text, run_id text, task_id text, closed_at timestamptz)`,
    [workspaceId, memberId, JSON.stringify(inserted)],
  );
  await pool.query(
    `insert into stack_members (decision_id, workspace_id, stack_id, position, joined_at)
     select m.decision_id, $1, m.stack_id, m.position, now() from jsonb_to_recordset($2::jsonb) as m(decision_id text, stack_id text, position int)`,
    [workspaceId, JSON.stringify(members)],
  );
  return { workspaceId, rows: seeded };
}

// Answered lists what its agent withdrew as well, labelled (FR-2): nothing leaves Open without a trace.
const TAB_STATUS: Record<QueueTab, string[]> = { open: ['open'], answered: ['resolved', 'withdrawn'], archived: ['archived'] };

/** DESIGN §3's order, and the Answered/Archived tabs' newest-closed-first, in TypeScript. */
function ranked(rows: Seeded['rows'], tab: QueueTab): Seeded['rows'] {
  const matching = rows.filter((row) => TAB_STATUS[tab].includes(row.status));
  if (tab !== 'open') {
    return matching.sort((a, b) => (b.closedAt ?? -Infinity) - (a.closedAt ?? -Infinity) || b.number - a.number);
  }
  return matching.sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) || a.group - b.group || b.weight - a.weight || a.createdAt - b.createdAt || a.number - b.number,
  );
}

/** `everyRow`: the workspace's, for its history, when `rows` are only those "For me". */
function expectPage(page: QueuePage, rows: Seeded['rows'], query: QueueQuery, everyRow: Seeded['rows'] = rows) {
  const all = ranked(rows, query.tab);
  const window = all.slice(query.offset, query.offset + Math.min(query.limit, 100));
  expect(page.decisions.map((card) => card.id)).toEqual(window.map((row) => row.id));
  expect(page.decisions.map((card) => card.blocking)).toEqual(window.map((row) => row.blocking));
  expect(page.decisions.map((card) => card.stackPlace?.overdue ?? false)).toEqual(window.map((row) => row.overdue));
  expect(page.decisions.map((card) => card.dormant)).toEqual(window.map((row) => row.dormant));
  const open = rows.filter((row) => row.status === 'open');
  expect(page.counts).toEqual({ open: open.length, blocking: open.filter((row) => row.blocking).length, total: all.length });
  // FR-2: each tab's own count, for the tabs themselves.
  const inTab = (tab: QueueTab) => rows.filter((row) => TAB_STATUS[tab].includes(row.status)).length;
  expect(page.tabs).toEqual({ open: inTab('open'), answered: inTab('answered'), archived: inTab('archived') });
  expect(page.history.decisions).toBe(everyRow.length);
  const last = Math.max(...everyRow.map((row) => row.createdAt));
  expect(page.history.lastOpenedAt).toBe(everyRow.length ? new Date(last).toISOString() : null);
}

/** Windows on both sides of the fast read's sizes (32, 128, …), and past its largest (1024). */
function queries(count: number, random: { limit: number; offset: number }): QueueQuery[] {
  return [
    { tab: 'open', limit: 25, offset: 0 },
    { tab: 'open', limit: 1, offset: 0 },
    { tab: 'open', limit: 7, offset: 25 },
    { tab: 'open', limit: 100, offset: 0 },
    { tab: 'open', limit: random.limit, offset: random.offset % (count + 3) },
    { tab: 'open', limit: 10, offset: 1020 },
    { tab: 'answered', limit: 25, offset: 0 },
    { tab: 'archived', limit: 5, offset: 1 },
  ];
}

async function countsMatchRows(workspaceId: string) {
  const { rows } = await pool.query<{ status: string; mode: string; rows: number; counted: number }>(
    `select coalesce(r.status, c.status) as status, coalesce(r.mode, c.mode) as mode, coalesce(r.n, 0)::int as rows, coalesce(c.n, 0)::int as counted
       from (select status, mode, count(*) as n from decisions where workspace_id = $1 group by 1, 2) r
       full join (select status, mode, sum(n) as n from decision_counts where workspace_id = $1 group by 1, 2) c on c.status = r.status and c.mode = r.mode`,
    [workspaceId],
  );
  for (const row of rows) expect(row, `${row.status}/${row.mode}`).toMatchObject({ counted: row.rows });
}

describe('the queue read', () => {
  it('ranks every page as DESIGN §3 does and as the general plan does, with exact counts (issue 31 item 7: a session waiting on a person can receive, group 1, never dormant)', async () => {
    await fc.assert(
      fc.asyncProperty(
        worlds,
        fc.record({ limit: fc.integer({ min: 1, max: 100 }), offset: fc.nat({ max: 80 }) }),
        async (world, random) => {
          const { workspaceId, rows } = await seed(world);
          for (const query of queries(rows.length, random)) {
            const fast = await listQueue(pool, workspaceId, query);
            expectPage(fast, rows, query);
            expect(fast).toEqual(await listQueue(pool, workspaceId, query, { plan: 'general' }));
          }
          await countsMatchRows(workspaceId);
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('issue 31 item 7: ranks a session waiting on a person (no heartbeat, an open host prompt its host still waits on) with the sessions that can receive, in both plans, and never as dormant', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Host prompts as often as the agents' own decisions: most sessions without a heartbeat wait on someone, some waited out.
        worldsOf({ minLength: 5, maxLength: 60 }, Status, 4),
        fc.record({ limit: fc.integer({ min: 1, max: 100 }), offset: fc.nat({ max: 80 }) }),
        async (world, random) => {
          const { workspaceId, rows } = await seed(world);
          for (const query of queries(rows.length, random).filter((query) => query.tab === 'open')) {
            const fast = await listQueue(pool, workspaceId, query);
            expectPage(fast, rows, query);
            expectPage(await listQueue(pool, workspaceId, query, { plan: 'general' }), rows, query);
          }
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
  });

  it('cuts each index-ordered part at the same rows as the full sort when a part overflows its window (issue 31 item 7: the waiting sessions’ part too)', async () => {
    await fc.assert(
      fc.asyncProperty(
        worldsOf({ minLength: 80, maxLength: 160 }, ['open']),
        fc.record({ limit: fc.integer({ min: 1, max: 100 }), offset: fc.nat({ max: 140 }) }),
        async (world, random) => {
          const { workspaceId, rows } = await seed(world);
          for (const query of queries(rows.length, random).filter((query) => query.tab === 'open')) {
            expectPage(await listQueue(pool, workspaceId, query), rows, query);
          }
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
  });

  it('issue 41 item 1: "For me" (mine, my teams\', nobody\'s) reads the same rows, ranks and counts in the keyed walk as in the full sort, and follows reassignments', async () => {
    // Whom each decision is for: me, my team, another team, another member, or nobody.
    const ME = 'mb_me';
    const MY_TEAM = 'tm_mine';
    const Assignees = [
      { member: ME, team: null },
      { member: null, team: MY_TEAM },
      { member: null, team: 'tm_theirs' },
      { member: 'mb_other', team: null },
      { member: null, team: null },
    ] as const;
    const reader = { keys: [ME, MY_TEAM, ''], policy: 'anyone' as const, admin: false };
    await fc.assert(
      fc.asyncProperty(
        worldsOf({ minLength: 0, maxLength: 90 }),
        fc.array(fc.nat({ max: Assignees.length - 1 }), { minLength: 160, maxLength: 160 }),
        fc.record({ limit: fc.integer({ min: 1, max: 100 }), offset: fc.nat({ max: 80 }) }),
        async (world, choices, random) => {
          const { workspaceId, rows } = await seed(world);
          const assign = async (shift: number) => {
            const whom = rows.map((row, index) => Assignees[(choices[index]! + shift) % Assignees.length]!);
            // One statement, so the counters' trigger moves many rows between keys at once.
            await pool.query(
              `update decisions d set assignee_member_id = a.member, assignee_team_id = a.team
                 from jsonb_to_recordset($2::jsonb) as a(id text, member text, team text)
                where d.workspace_id = $1 and d.id = a.id`,
              [workspaceId, JSON.stringify(rows.map((row, index) => ({ id: row.id, ...whom[index]! })))],
            );
            return rows.filter(
              (_, index) => whom[index]!.member === ME || whom[index]!.team === MY_TEAM || (!whom[index]!.member && !whom[index]!.team),
            );
          };
          for (const shift of [0, 1]) {
            const mine = await assign(shift);
            for (const query of queries(rows.length, random).map((query) => ({ ...query, forMe: true }))) {
              const fast = await listQueue(pool, workspaceId, query, { reader });
              expectPage(fast, mine, query, rows);
              expect(fast).toEqual(await listQueue(pool, workspaceId, query, { plan: 'general', reader }));
              expect(fast.decisions.every((card) => card.assignment.forMe)).toBe(true);
            }
          }
          await countsMatchRows(workspaceId);
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
  });

  it('keeps the counts exact through multi-row updates of status and mode, deletes, and the mirror', async () => {
    await fc.assert(
      fc.asyncProperty(worlds, fc.nat({ max: 2 }), async (world, shift) => {
        const { workspaceId } = await seed(world);
        await pool.query(
          `update decisions set status = (array['open', 'resolved', 'archived', 'withdrawn'])[1 + (number + $2) % 4],
                  mode = case when (number + $2) % 3 = 0 then 'advisory' else mode end
            where workspace_id = $1 and number % 2 = 0`,
          [workspaceId, shift],
        );
        await pool.query('update decisions set confidence = 0.25 where workspace_id = $1', [workspaceId]);
        await pool.query(
          `delete from decisions d where d.workspace_id = $1 and d.number % 5 = $2
              and not exists (select 1 from stack_members sm where sm.decision_id = d.id)`,
          [workspaceId, shift],
        );
        await countsMatchRows(workspaceId);
        const query: QueueQuery = { tab: 'open', limit: 100, offset: 0 };
        expect(await listQueue(pool, workspaceId, query)).toEqual(await listQueue(pool, workspaceId, query, { plan: 'general' }));
      }),
      { numRuns: 15, endOnFailure: true },
    );

    // The mirror: a filing, an answer's revision, then archived.
    const workspaceId = await createWorkspace(pool, 'queue-rank-mirror');
    const memberId = await createMember(pool, workspaceId, 'Mirror');
    const number = await nextDecisionNumber(pool);
    const filed = openDecision(
      decisionStart(decisionBody('Mirrored?'), { id: `sd-${number}`, workspaceId, filedBy: memberId }),
      new Date(),
    );
    const counts = async () => (await listQueue(pool, workspaceId, { tab: 'archived', limit: 1, offset: 0 })).counts;
    await mirrorDecision(pool, filed);
    expect(await counts()).toEqual({ open: 1, blocking: 1, total: 0 });
    await mirrorDecision(pool, { ...filed, revision: filed.revision + 1, mode: 'advisory' });
    expect(await counts()).toEqual({ open: 1, blocking: 0, total: 0 });
    // A stale write changes nothing.
    await mirrorDecision(pool, { ...filed, revision: filed.revision, status: 'archived' });
    expect(await counts()).toEqual({ open: 1, blocking: 0, total: 0 });
    await mirrorDecision(pool, { ...filed, revision: filed.revision + 2, status: 'archived', closedAt: new Date().toISOString() });
    expect(await counts()).toEqual({ open: 0, blocking: 0, total: 1 });
    await countsMatchRows(workspaceId);
  });

  it('has counters that match the rows of every workspace the run has written', async () => {
    const { rows } = await pool.query<{ workspace_id: string; status: string; mode: string; rows: number; counted: number }>(
      `select coalesce(r.workspace_id, c.workspace_id) as workspace_id, coalesce(r.status, c.status) as status,
              coalesce(r.mode, c.mode) as mode, coalesce(r.n, 0)::int as rows, coalesce(c.n, 0)::int as counted
         from (select workspace_id, status, mode, count(*) as n from decisions group by 1, 2, 3) r
         full join (select workspace_id, status, mode, sum(n) as n from decision_counts group by 1, 2, 3) c
           on c.workspace_id = r.workspace_id and c.status = r.status and c.mode = r.mode
        where coalesce(r.n, 0) <> coalesce(c.n, 0)`,
    );
    expect(rows).toEqual([]);
  });
});
