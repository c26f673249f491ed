/**
 * `cast stack` and `cast decide --stack` end to end (cast-decide "Decision stacks"): the real
 * executable against a real Cast — create with a policy, file into the stack, remove, reorder,
 * change the policy, read the checklist, and the exit codes and --json shapes of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../client/request';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { stackRoutes } from '../../domain/routes/stacks';
import { formatLocal, parseDue } from '../../cli/when';
import { world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf, type CastRun } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const CONTEXT = 'The copy is final and legal signed off; the only open question is timing against the pricing change.';

type StackJson = {
  id: string;
  title: string;
  state: 'open' | 'closed';
  due: string | null;
  overdue: boolean;
  autoDefault: string | null;
  autoDefaultSeconds: number | null;
  members: Array<{ id: string; position: number; open: boolean; joinedAt: string }>;
  resolved: number;
  createdAt: string;
  closedAt: string | null;
};
type MemberJson = StackJson['members'][number] & {
  state: string;
  question: string | null;
  mode: string | null;
  default: number | null;
  answer: { n: number; label: string } | null;
  automatic: boolean;
  autoDefaultAt: string | null;
};
type ChecklistJson = Omit<StackJson, 'members'> & { members: MemberJson[] };
type Place = { id: string; title: string; position: number; of: number; autoDefaultAt: string | null };
type CardJson = { id: string; state: string; mode: string; stack?: Place | null; notes: string[] };
type ErrorJson = { error: { code: string; message: string } } & Record<string, unknown>;

async function agent() {
  const member = await cast.newMember();
  const shell = castShell({ url: cast.url, token: member.token });
  const me = world(cast, member);
  const ok = (run: CastRun) => {
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    return run;
  };
  return {
    shell,
    me,
    ok,
    /** Runs with --json and expects exit 0 and exactly one JSON object. */
    json: async <T>(args: string[]) => jsonOf<T>(ok(await shell.run([...args, '--json']))),
    stack: (id: string) => me.send(stackRoutes.getStack, { params: { id } }),
  };
}

const decideArgs = (question: string, extra: string[] = []) => [
  'decide',
  question,
  '-o',
  'Ship',
  '-o',
  'Hold',
  '--context',
  CONTEXT,
  ...extra,
];

/** A due word resolved by the CLI a moment after `before`: the same end of day, unless midnight passed meanwhile. */
function expectDue(actual: string | null, word: string, before: Date) {
  const candidates = [parseDue(word, before).toISOString(), parseDue(word, new Date()).toISOString()];
  expect(candidates).toContain(actual);
}

describe('cast stack create', () => {
  it('creates a stack with --policy auto-default:24h and prints what the policy resolved to', async () => {
    const { shell, ok, stack } = await agent();
    const run = ok(await shell.run(['stack', 'create', 'Launch checklist', '--policy', 'auto-default:24h']));
    const id = /^(ds-\d+) created: Launch checklist$/m.exec(run.stdout)?.[1];
    expect(id, run.stdout).toBeDefined();
    expect(run.stdout).toContain('Policy: no due date, auto-default after 24h');
    expect(run.stdout).toContain('blocking members never do');
    expect(run.stdout).toContain(`--stack ${id}`);
    expect((await stack(id!)).stack).toMatchObject({
      title: 'Launch checklist',
      autoDefaultMs: 86_400_000,
      dueAt: null,
      status: 'open',
      members: [],
    });
  });

  it('--json prints one object; --due friday resolves to the end of the next Friday, local time', async () => {
    const { json, stack } = await agent();
    const before = new Date();
    const created = await json<StackJson>(['stack', 'create', 'Release', '--due', 'friday', '--auto-default', '3d']);
    expect(created).toEqual({
      id: expect.stringMatching(/^ds-\d+$/),
      title: 'Release',
      state: 'open',
      due: expect.any(String),
      overdue: false,
      autoDefault: '3d',
      autoDefaultSeconds: 259_200,
      members: [],
      resolved: 0,
      createdAt: expect.any(String),
      closedAt: null,
    });
    expectDue(created.due, 'friday', before);
    const due = new Date(created.due!);
    expect([due.getDay(), due.getHours(), due.getMinutes(), due.getSeconds()]).toEqual([5, 23, 59, 59]);
    // Never today: at least a day away (from Thursday night), and run on a Friday, the end of next week's, up to 8 days.
    expect(due.getTime() - before.getTime()).toBeGreaterThan(86_400_000 - 1_000);
    expect(due.getTime() - before.getTime()).toBeLessThanOrEqual(8 * 86_400_000);
    expect((await stack(created.id)).stack.dueAt).toBe(created.due);
  });

  it('refuses a bad duration, date, policy or title before the server (exit 2), naming the accepted forms', async () => {
    const { shell, me } = await agent();
    const cases: Array<[string[], RegExp]> = [
      [
        ['stack', 'create', 'X', '--policy', 'auto-default:1.5h'],
        /--policy auto-default:1\.5h: not a duration; write whole numbers with a unit: 45s, 90m, 24h, 3d, or several together as in 1h30m/,
      ],
      [['stack', 'create', 'X', '--policy', 'auto-default:24'], /45s, 90m, 24h, 3d/],
      [['stack', 'create', 'X', '--policy', 'auto-default:91d'], /the longest auto-default is 90d/],
      [['stack', 'create', 'X', '--policy', 'snooze:1h'], /auto-default:DURATION .* or due:WHEN/],
      [['stack', 'create', 'X', '--policy', 'auto-default:1h', '--auto-default', '2h'], /Give each policy once/],
      [['stack', 'create', 'X', '--due', 'next week'], /--due next week: not a date Cast understands; write today, tomorrow, a weekday/],
      [['stack', 'create', 'X', '--due', '2026-02-30'], /is not a calendar date/],
      [['stack', 'create', '  '], /Give the stack a title/],
    ];
    const runs = await Promise.all(cases.map(([args]) => shell.run(args)));
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(cases[index]![1]);
      expect(run.stdout).toBe('');
    });
    const asJson = await shell.run(['stack', 'create', 'X', '--policy', 'auto-default:soon', '--json']);
    expect(asJson.code).toBe(2);
    expect(jsonOf<ErrorJson>(asJson).error).toMatchObject({ code: 'usage', message: expect.stringContaining('45s, 90m, 24h, 3d') });
    expect((await me.send(stackRoutes.listStacks)).stacks).toEqual([]);
  });
});

describe('cast decide --stack', () => {
  it('appends the new decision to the stack and says where it landed and when its default is taken', async () => {
    const { shell, ok, json, me, stack } = await agent();
    const created = await json<StackJson>(['stack', 'create', 'Launch checklist', '--policy', 'auto-default:24h']);
    const human = ok(await shell.run(decideArgs('Ship the banner?', ['--stack', created.id])));
    const first = /^(sd-\d+) filed: Ship the banner\?/m.exec(human.stdout)?.[1];
    expect(human.stdout).toContain(`In stack ${created.id} (Launch checklist): item 1 of 1.`);

    const card = await json<CardJson>(decideArgs('Hold the pricing page?', ['--advisory', '--default', '2', '--stack', created.id]));
    const { stack: view } = await stack(created.id);
    const joinedAt = view.members[1]!.joinedAt;
    expect(card.stack).toEqual({
      id: created.id,
      title: 'Launch checklist',
      position: 2,
      of: 2,
      autoDefaultAt: new Date(Date.parse(joinedAt) + 86_400_000).toISOString(),
    });
    expect(view.members.map((member) => member.decisionId)).toEqual([first, card.id]);
    expect((await me.decision(card.id)).stack).toMatchObject({ stackId: created.id });
    // A blocking member has no auto-default.
    const blocking = await json<CardJson>(decideArgs('Rename the plan?', ['--stack', created.id]));
    expect(blocking.stack).toMatchObject({ position: 3, of: 3, autoDefaultAt: null });
  });

  it('checks the stack id before filing (exit 2); a missing stack is exit 1 and files nothing', async () => {
    const { shell, me } = await agent();
    const bad = await shell.run(decideArgs('Ship it?', ['--stack', '7']));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('7 is not a stack id; they look like ds-7');
    const missing = await shell.run(decideArgs('Ship it?', ['--stack', 'ds-999999', '--json']));
    expect(missing.code).toBe(1);
    expect(jsonOf<ErrorJson>(missing).error).toEqual({
      code: 'stack_not_found',
      message: 'There is no stack ds-999999 in this workspace (cast stack ls lists them).',
    });
    // Nothing filed: the session is unregistered (404) or has no decisions.
    const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: shell.session } }).catch((error: unknown) => {
      if (error instanceof ProblemError && error.status === 404) return { decisions: [] };
      throw error;
    });
    expect(listed.decisions).toEqual([]);
  });
});

describe('cast stack remove and reorder', () => {
  async function stackOfThree() {
    const world = await agent();
    const created = await world.json<StackJson>(['stack', 'create', 'Order']);
    const ids: string[] = [];
    for (const question of ['First?', 'Second?', 'Third?']) {
      ids.push((await world.json<CardJson>(decideArgs(question, ['--stack', created.id]))).id);
    }
    return { ...world, id: created.id, ids };
  }

  it('remove takes the decision out of the stack and leaves it open; removing it again is a conflict (exit 3)', async () => {
    const { shell, ok, json, me, stack, id, ids } = await stackOfThree();
    const [a, b, c] = ids as [string, string, string];
    const human = ok(await shell.run(['stack', 'remove', id, b]));
    expect(human.stdout).toContain(`Removed ${b} from ${id} Order — open, 0 of 2 resolved`);
    expect((await stack(id)).stack.members.map((member) => member.decisionId)).toEqual([a, c]);
    expect(await me.decision(b)).toMatchObject({ status: 'open', stack: null });

    const again = await shell.run(['stack', 'remove', id, b, '--json']);
    expect(again.code).toBe(3);
    expect(jsonOf<ErrorJson>(again).error.code).toBe('not_in_stack');
    const removed = await json<StackJson & { removed: string }>(['stack', 'remove', id, a]);
    expect(removed).toMatchObject({ id, removed: a, members: [{ id: c, position: 1, open: true }] });
    const badId = await shell.run(['stack', 'remove', id, 'sd-x']);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('sd-x is not a decision id');
  });

  it('reorder sets the new order when it lists every member', async () => {
    const { shell, ok, json, stack, id, ids } = await stackOfThree();
    const [a, b, c] = ids as [string, string, string];
    const human = ok(await shell.run(['stack', 'reorder', id, `${c},${a},${b}`]));
    expect(human.stdout).toContain(`Reordered ${id} Order`);
    expect(human.stdout).toContain(`  1. ${c}\n  2. ${a}\n  3. ${b}`);
    expect((await stack(id)).decisions.map((decision) => decision.id)).toEqual([c, a, b]);
    // Space-separated works as well as comma-separated.
    const back = await json<StackJson>(['stack', 'reorder', id, a, b, c]);
    expect(back.members.map((member) => [member.position, member.id])).toEqual([
      [1, a],
      [2, b],
      [3, c],
    ]);
  });

  it('reorder with a member missing is refused by Cast (exit 7), naming the missing id and the members now; nothing changes', async () => {
    const { shell, stack, id, ids } = await stackOfThree();
    const [a, b, c] = ids as [string, string, string];
    const run = await shell.run(['stack', 'reorder', id, `${c},${a}`]);
    expect(run.code).toBe(7);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${id}: a reorder names every member exactly once.`);
    expect(run.stderr).toContain(`missing: ${b}`);
    expect(run.stderr).toContain(`members now: ${a},${b},${c}`);
    expect(run.stderr).toContain(`Nothing changed. Run cast stack reorder ${id} with all of them, in the new order.`);

    const asJson = await shell.run(['stack', 'reorder', id, `${c},${a},${b},sd-999999`, '--json']);
    expect(asJson.code).toBe(7);
    expect(jsonOf(asJson)).toEqual({
      id,
      missing: [],
      extra: ['sd-999999'],
      repeated: [],
      members: [a, b, c],
      error: { code: 'invalid_order', message: expect.stringContaining(`not in ${id}: sd-999999`) },
    });
    expect((await stack(id)).stack.members.map((member) => member.decisionId)).toEqual([a, b, c]);
    const notAnId = await shell.run(['stack', 'reorder', id, `${c},${a},41`]);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toContain('41 is not a decision id');
  });
});

describe('cast stack policy', () => {
  it('--due tomorrow, --auto-default 90m, --no-due and --no-auto-default each print what they resolved to', async () => {
    const { shell, ok, json, stack } = await agent();
    const { id } = await json<StackJson>(['stack', 'create', 'Launch checklist', '--policy', 'auto-default:24h']);

    const before = new Date();
    const tomorrow = ok(await shell.run(['stack', 'policy', id, '--due', 'tomorrow']));
    const due = (await stack(id)).stack.dueAt;
    expectDue(due, 'tomorrow', before);
    expect(tomorrow.stdout).toContain(`Policy: due ${formatLocal(new Date(due!), new Date())}, auto-default after 24h`);
    expect(tomorrow.stdout).toMatch(/due \w{3} \d{1,2} \w{3}( \d{4})? 23:59 \(local\)/);

    const ninety = await json<StackJson>(['stack', 'policy', id, '--auto-default', '90m']);
    expect(ninety).toMatchObject({ id, due, autoDefault: '90m', autoDefaultSeconds: 5400 });
    expect((await stack(id)).stack.autoDefaultMs).toBe(5_400_000);

    const noDue = ok(await shell.run(['stack', 'policy', id, '--no-due']));
    expect(noDue.stdout).toContain('Policy: no due date, auto-default after 90m');
    expect((await stack(id)).stack).toMatchObject({ dueAt: null, autoDefaultMs: 5_400_000 });

    const off = await json<StackJson>(['stack', 'policy', id, '--no-auto-default']);
    expect(off).toMatchObject({ due: null, autoDefault: null, autoDefaultSeconds: null });
    expect(ok(await shell.run(['stack', 'show', id])).stdout).toContain('Policy: no due date, no auto-default');
  });

  it('a due time already past is accepted with a note, and the stack reads as overdue', async () => {
    const { shell, ok, json } = await agent();
    const { id } = await json<StackJson>(['stack', 'create', 'Late']);
    const run = ok(await shell.run(['stack', 'policy', id, '--due', '2020-01-02T09:00Z']));
    expect(run.stderr).toContain('that due time has already passed');
    expect(run.stdout).toContain(`due ${formatLocal(new Date('2020-01-02T09:00:00Z'), new Date())} — overdue`);
    expect(await json<StackJson>(['stack', 'show', id])).toMatchObject({ due: '2020-01-02T09:00:00.000Z', overdue: true });
  });

  it('refuses nothing to change, a bad duration or date, and a bad stack id (exit 2); a missing stack is exit 1', async () => {
    const { shell } = await agent();
    const cases: Array<[string[], string]> = [
      [['stack', 'policy', 'ds-1'], 'Nothing to change'],
      [['stack', 'policy', 'ds-1', '--auto-default', '1w'], '--auto-default 1w: not a duration'],
      [['stack', 'policy', 'ds-1', '--due', 'someday'], '--due someday: not a date Cast understands'],
      [['stack', 'policy', 'stack-1', '--no-due'], 'stack-1 is not a stack id'],
    ];
    const runs = await Promise.all(cases.map(([args]) => shell.run(args)));
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(cases[index]![1]);
    });
    const missing = await shell.run(['stack', 'policy', 'ds-999999', '--no-due', '--json']);
    expect(missing.code).toBe(1);
    expect(jsonOf<ErrorJson>(missing).error.code).toBe('stack_not_found');
  });
});

describe('cast stack show, ls, add and defaults', () => {
  it('show prints the checklist in order: each member with its state and question, the policy, due and overdue', async () => {
    const { shell, ok, json, me, stack } = await agent();
    const { id } = await json<StackJson>(['stack', 'create', 'Launch checklist', '--policy', 'auto-default:24h', '--due', 'tomorrow']);
    const answered = await json<CardJson>(decideArgs('Ship the banner?', ['--stack', id]));
    const advisory = await json<CardJson>(decideArgs('Hold the pricing page?', ['--advisory', '--default', '2', '--stack', id]));
    const withdrawn = await json<CardJson>(decideArgs('Rename the plan?', ['--stack', id]));
    const blocking = await json<CardJson>(decideArgs('Drop the old tier?', ['--stack', id]));
    await me.answer(answered.id, 1, { kind: 'decision', selected: [1] });
    ok(await shell.run(['decide', 'cancel', withdrawn.id]));
    await expect.poll(async () => (await stack(id)).stack.members.filter((member) => !member.open).length).toBe(2);

    const { stack: view } = await stack(id);
    const now = new Date();
    const run = ok(await shell.run(['stack', 'show', id]));
    const deadline = new Date(Date.parse(view.members[1]!.joinedAt) + 86_400_000);
    expect(run.stdout.split('\n')).toEqual([
      `${id} Launch checklist — open, 2 of 4 resolved`,
      `Policy: due ${formatLocal(new Date(view.dueAt!), now)}, auto-default after 24h`,
      `  1. [x] ${answered.id} Ship the banner? — answered: 1. Ship`,
      `  2. [ ] ${advisory.id} Hold the pricing page? — open, advisory (default 2), takes its default at ${formatLocal(deadline, now)}`,
      `  3. [-] ${withdrawn.id} Rename the plan? — withdrawn`,
      `  4. [ ] ${blocking.id} Drop the old tier? — open, blocking`,
      '',
    ]);

    const checklist = await json<ChecklistJson>(['stack', 'show', id]);
    expect(checklist).toMatchObject({
      id,
      title: 'Launch checklist',
      state: 'open',
      due: view.dueAt,
      overdue: false,
      autoDefault: '24h',
      resolved: 2,
    });
    expect(checklist.members).toEqual([
      {
        id: answered.id,
        position: 1,
        open: false,
        joinedAt: expect.any(String),
        state: 'resolved',
        question: 'Ship the banner?',
        mode: 'blocking',
        default: null,
        answer: { n: 1, label: 'Ship' },
        automatic: false,
        autoDefaultAt: null,
      },
      {
        id: advisory.id,
        position: 2,
        open: true,
        joinedAt: view.members[1]!.joinedAt,
        state: 'open',
        question: 'Hold the pricing page?',
        mode: 'advisory',
        default: 2,
        answer: null,
        automatic: false,
        autoDefaultAt: deadline.toISOString(),
      },
      {
        id: withdrawn.id,
        position: 3,
        open: false,
        joinedAt: expect.any(String),
        state: 'withdrawn',
        question: 'Rename the plan?',
        mode: 'blocking',
        default: null,
        answer: null,
        automatic: false,
        autoDefaultAt: null,
      },
      {
        id: blocking.id,
        position: 4,
        open: true,
        joinedAt: expect.any(String),
        state: 'open',
        question: 'Drop the old tier?',
        mode: 'blocking',
        default: null,
        answer: null,
        automatic: false,
        autoDefaultAt: null,
      },
    ]);

    const missing = await shell.run(['stack', 'show', 'ds-999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no stack ds-999999 in this workspace');
    expect((await shell.run(['stack', 'show', 'sd-1'])).code).toBe(2);
  });

  it('ls lists the stacks, an overdue one first; --status filters', async () => {
    const { shell, ok, json } = await agent();
    expect(ok(await shell.run(['stack', 'ls'])).stdout).toContain('No stacks.');
    const calm = await json<StackJson>(['stack', 'create', 'Calm']);
    const late = await json<StackJson>(['stack', 'create', 'Late', '--due', '2020-01-01']);
    const listed = await json<{ stacks: StackJson[] }>(['stack', 'ls']);
    expect(listed.stacks.map((one) => [one.id, one.overdue])).toEqual([
      [late.id, true],
      [calm.id, false],
    ]);
    expect(listed.stacks[0]).toMatchObject({ title: 'Late', state: 'open', members: [], autoDefault: null });
    const human = ok(await shell.run(['stack', 'ls']));
    expect(human.stdout.split('\n')[0]).toBe(
      `${late.id} Late — open, 0 of 0 resolved; due ${formatLocal(new Date(late.due!), new Date())} — overdue, no auto-default`,
    );
    expect(await json(['stack', 'ls', '--status', 'closed'])).toEqual({ stacks: [] });
    const badStatus = await shell.run(['stack', 'ls', '--status', 'late']);
    expect(badStatus.code).toBe(2);
  });

  it('add appends existing decisions in order; one already in a stack is a conflict (exit 3)', async () => {
    const { shell, json, stack } = await agent();
    const a = await json<CardJson>(decideArgs('A?'));
    const b = await json<CardJson>(decideArgs('B?'));
    const { id } = await json<StackJson>(['stack', 'create', 'Grouped', '--auto-default', '45s']);
    const added = await json<StackJson & { added: string[] }>(['stack', 'add', id, `${b.id},${a.id}`]);
    expect(added).toMatchObject({
      id,
      added: [b.id, a.id],
      autoDefault: '45s',
      members: [
        { id: b.id, position: 1 },
        { id: a.id, position: 2 },
      ],
    });
    expect((await stack(id)).stack.members.map((member) => member.decisionId)).toEqual([b.id, a.id]);
    const { id: other } = await json<StackJson>(['stack', 'create', 'Other']);
    const twice = await shell.run(['stack', 'add', other, a.id, '--json']);
    expect(twice.code).toBe(3);
    expect(jsonOf<ErrorJson>(twice).error).toMatchObject({ code: 'already_in_stack', message: expect.stringContaining(`${a.id} (${id})`) });
  });

  it('defaults answers every open advisory member with its default and leaves blocking ones open', async () => {
    const { shell, ok, json, me } = await agent();
    const { id } = await json<StackJson>(['stack', 'create', 'Defaults']);
    const advisory = await json<CardJson>(decideArgs('Advisory?', ['--advisory', '--default', '2', '--stack', id]));
    const blocking = await json<CardJson>(decideArgs('Blocking?', ['--stack', id]));
    const result = await json<{ id: string; answered: string[]; skipped: string[] }>(['stack', 'defaults', id]);
    expect(result).toEqual({ id, answered: [advisory.id], skipped: [] });
    expect((await me.decision(advisory.id)).asks[0]!.answer).toMatchObject({ value: { kind: 'decision', selected: [2] } });
    expect((await me.decision(blocking.id)).status).toBe('open');
    const again = ok(await shell.run(['stack', 'defaults', id]));
    expect(again.stdout).toContain(`${id}: no open advisory member to answer`);
  });

  it('filing into a closed stack is a conflict (exit 3)', async () => {
    const { shell, json, me, stack } = await agent();
    const { id } = await json<StackJson>(['stack', 'create', 'Short']);
    const only = await json<CardJson>(decideArgs('Only one?', ['--stack', id]));
    await me.answer(only.id, 1, { kind: 'decision', selected: [1] });
    await expect.poll(async () => (await stack(id)).stack.status).toBe('closed');
    const run = await shell.run(decideArgs('Too late?', ['--stack', id, '--json']));
    expect(run.code).toBe(3);
    expect(jsonOf<ErrorJson>(run).error).toMatchObject({ code: 'stack_closed', message: expect.stringContaining(`Stack ${id} is closed`) });
  });
});
