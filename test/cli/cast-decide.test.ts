/**
 * `cast decide` end to end (cast-decide "What the agent writes", "Blocking and advisory",
 * "How the answer returns", "Keeping an ask correct"): the real executable against a real Cast.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_NO_CONSEQUENCE, NOTE_SHORT_CONTEXT } from '../../domain/card-notes';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { STALE_HINT } from '../../domain/staleness';
import { world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';
import { startRecordingProxy } from '../support/hosts/recording-proxy';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const LONG_CONTEXT = `The daemon writes note ids from the file path. The web index derives them
from frontmatter. A rename keeps one id and changes the other, so the same
note indexes twice. Either side can be authoritative.
`;

async function agent() {
  const member = await cast.newMember();
  return { shell: castShell({ url: cast.url, token: member.token }), me: world(cast, member), member };
}

type CardJson = {
  id: string;
  state: string;
  mode: string;
  question: string;
  options: Array<{ n: number; label: string; consequence: string | null }>;
  default: number | null;
  notes: string[];
  openEarlier: Array<{ id: string; question: string; askedAgo: string; messagesSince: number }>;
  created: boolean;
};
type OutcomeJson = {
  id: string;
  state: string;
  answer: { n: number; label: string } | null;
  answeredBy: string | null;
  message: string | null;
};

describe('cast decide: filing', () => {
  it('files a blocking choice with the context read from stdin and prints the card with numbered options', async () => {
    const { shell, me } = await agent();
    const run = await shell.run(
      [
        'decide',
        'Which schema wins?',
        '-o',
        'Frontmatter wins :: renames keep the id, the daemon changes',
        '-o',
        'Path wins :: the web index changes, old links break',
        '--context',
        '-',
      ],
      { input: LONG_CONTEXT },
    );
    expect(run.code, run.stderr).toBe(0);
    const id = /^(sd-\d+) filed: Which schema wins\?/m.exec(run.stdout)?.[1];
    expect(id).toBeDefined();
    expect(run.stdout).toContain('1. Frontmatter wins — renames keep the id, the daemon changes');
    expect(run.stdout).toContain('2. Path wins — the web index changes, old links break');
    expect(run.stdout).toContain('Blocking: end your turn now.');
    expect(run.stdout).not.toContain('Note:');

    const decision = await me.decision(id!);
    expect(decision).toMatchObject({ status: 'open', mode: 'blocking', context: LONG_CONTEXT.trim(), question: 'Which schema wins?' });
    expect(decision.asks).toHaveLength(1);
    expect(decision.asks[0]).toMatchObject({ kind: 'decision', prompt: 'Which schema wins?' });
    expect(decision.links.sessionId).toBe(shell.session);
    const session = await me.send(sessionRoutes.getSession, { params: { id: shell.session } });
    expect(session.session.scope).toBe(shell.dir.split('/').pop());
  });

  it("--json prints one object with the notes and the session's earlier open asks, with their age and messages since", async () => {
    const { shell, me } = await agent();
    const earlier = jsonOf<CardJson>(
      await shell.run([
        'decide',
        'Approve dropping agent_runs_v1?',
        '-o',
        'Approve',
        '-o',
        'Hold',
        '--context',
        'Nothing wrote to it in 40 days.',
        '--json',
      ]),
    );
    expect(earlier.notes).toEqual([NOTE_SHORT_CONTEXT, NOTE_NO_CONSEQUENCE]);
    expect(earlier).toMatchObject({ state: 'open', mode: 'blocking', default: null, openEarlier: [] });
    expect(earlier.options).toEqual([
      { n: 1, label: 'Approve', consequence: null },
      { n: 2, label: 'Hold', consequence: null },
    ]);
    for (let index = 0; index < 3; index += 1) {
      await me.send(sessionRoutes.appendMessage, { params: { id: shell.session }, body: { role: 'assistant', body: `working ${index}` } });
    }
    const run = await shell.run([
      'decide',
      'Which layout?',
      '-o',
      'Dense :: more per screen',
      '-o',
      'Roomy',
      '--context',
      LONG_CONTEXT,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const card = jsonOf<CardJson>(run);
    expect(card.notes).toEqual([]);
    expect(card.openEarlier).toEqual([
      { id: earlier.id, question: 'Approve dropping agent_runs_v1?', askedAgo: 'just now', messagesSince: 3 },
    ]);
    const human = await shell.run(['decide', 'Which layout?', '-o', 'Dense :: more per screen', '-o', 'Roomy', '--context', LONG_CONTEXT]);
    expect(human.stdout).toContain(`${earlier.id}: Approve dropping agent_runs_v1? — asked just now, 3 messages since`);
  });

  it('a retry after a crash (the same post twice) gives one decision, updated in place', async () => {
    const { shell, me } = await agent();
    const args = [
      'decide',
      'Back off or switch keys?',
      '-o',
      'Back off',
      '-o',
      'Switch keys',
      '--advisory',
      '--default',
      '1',
      '--context',
      '429s for 4m. Backing off costs about 20m.',
      '--json',
    ];
    const [first, second] = [jsonOf<CardJson>(await shell.run(args)), jsonOf<CardJson>(await shell.run(args))];
    expect(second.id).toBe(first.id);
    // The same flag the MCP tool returns: false when the post updated the open decision in place.
    expect([first.created, second.created]).toEqual([true, false]);
    expect(first).toMatchObject({ mode: 'advisory', default: 1 });
    const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: shell.session } });
    expect(listed.decisions).toHaveLength(1);
  });

  it('issue 39 item 2 — one cast decide from another directory leaves the earlier decisions where they were filed', async () => {
    const { shell, me } = await agent();
    const home = join(shell.dir, 'research-42');
    const other = join(shell.dir, 'OTHER-DIR');
    mkdirSync(home);
    mkdirSync(other);
    for (const question of ['Which feed?', 'Which tier?']) {
      const run = await shell.run(['decide', question, '-o', 'Yes', '-o', 'No', '--context', 'Both work.'], { cwd: home });
      expect(run.code, run.stderr).toBe(0);
    }
    const moved = await shell.run(['decide', 'Rename the bucket?', '-o', 'Yes', '-o', 'No', '--context', 'Both work.'], { cwd: other });
    expect(moved.code, moved.stderr).toBe(0);

    const session = await me.send(sessionRoutes.getSession, { params: { id: shell.session } });
    expect(session.session.scope).toBe('OTHER-DIR');
    const page = await me.send(decisionRoutes.listQueue, { query: {} });
    expect(Object.fromEntries(page.decisions.map((card) => [card.question, card.scope]))).toEqual({
      'Which feed?': 'research-42',
      'Which tier?': 'research-42',
      'Rename the bucket?': 'OTHER-DIR',
    });
  });

  it('attaches a report, a document and option pages from files', async () => {
    const { shell, me } = await agent();
    writeFileSync(join(shell.dir, 'drop-analysis.html'), '<h1>Drop analysis</h1>');
    writeFileSync(join(shell.dir, 'dense.html'), '<p>dense</p>');
    writeFileSync(join(shell.dir, 'roomy.html'), '<p>roomy</p>');
    writeFileSync(join(shell.dir, 'notes.txt'), 'The long version.');
    const report = jsonOf<CardJson>(
      await shell.run([
        'decide',
        'Approve dropping agent_runs_v1?',
        '-o',
        'Approve',
        '-o',
        'Hold',
        '--context',
        'Nothing wrote to it in 40 days.',
        '--report',
        'drop-analysis.html',
        '--doc',
        'notes.txt',
        '--json',
      ]),
    );
    expect(report.notes).not.toContain(NOTE_SHORT_CONTEXT);
    const documentOf = (id: string, name: string) =>
      cast.send(shell.env.CAST_TOKEN!, decisionRoutes.getDecisionDocument, { params: { id, name } });
    expect(await documentOf(report.id, 'report')).toContain('Drop analysis');
    const layout = jsonOf<CardJson>(
      await shell.run([
        'decide',
        'Which layout?',
        '-o',
        'Dense',
        '-o',
        'Roomy',
        '--context',
        'Both pass review.',
        '--option-page',
        '1=dense.html',
        '--option-page',
        '2=roomy.html',
        '--json',
      ]),
    );
    expect(await documentOf(layout.id, 'option-1-2')).toContain('roomy');
    expect((await me.decision(layout.id)).documents.options).toBeDefined();
  });

  it('refuses bad input before it reaches the server, naming what is wrong (exit 2)', async () => {
    const { shell, me } = await agent();
    mkdirSync(join(shell.dir, 'a-directory'));
    const base = ['decide', 'Ship it?'];
    const cases: Array<[string[], RegExp]> = [
      [[...base, '-o', 'Only one', '--context', 'x'], /2–9 options; 1 given/],
      [[...base, ...Array.from({ length: 10 }, (_, n) => ['-o', `Option ${n}`]).flat(), '--context', 'x'], /2–9 options; 10 given/],
      [[...base, '-o', 'Yes', '-o', ' :: nothing', '--context', 'x'], /Option 2 has an empty label/],
      // What an MCP host or a shell that trims hands over: the "::" still ends an (empty) label, never starts one.
      [[...base, '-o', 'Yes', '-o', ':: only consequence', '--context', 'x'], /Option 2 has an empty label/],
      [[...base, '-o', 'Same :: one way', '-o', ' SAME :: another', '--context', 'x'], /Option 2, "SAME", repeats the label of option 1/],
      [
        ['decide', 'x'.repeat(5000), '-o', 'Yes', '-o', 'No', '--context', 'x'],
        /^cast: The question is 5,000 characters; the limit is 1,000\.$/m,
      ],
      [[...base, '-o', 'Yes', '-o', 'No'], /needs its context: add --context/],
      [[...base, '-o', 'Yes', '-o', 'No', '--report', 'missing.html'], /--report missing.html: no such file/],
      [[...base, '-o', 'Yes', '-o', 'No', '--report', 'a-directory'], /--report a-directory: not a file/],
      [[...base, '-o', 'Yes', '-o', 'No', '--context', 'x', '--default', '1'], /--default applies only to an advisory decision/],
      [[...base, '-o', 'Yes', '-o', 'No', '--context', 'x', '--option-page', '3=missing.html'], /there is no option 3/],
    ];
    const runs = await Promise.all(cases.map(([args]) => shell.run(args)));
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(cases[index]![1]);
      expect(run.stdout).toBe('');
    });
    // Nothing was filed: the session was never even registered.
    await expectProblem(me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: shell.session } }), 404, 'session_not_found');
  });
});

describe('cast decide: exit codes', () => {
  it('a refusal by Cast itself (a 422 problem) exits 7 with its code under --json; 2 stays for what the CLI refuses before sending', async () => {
    const { shell, me } = await agent();
    const filed = jsonOf<CardJson>(
      await shell.run(['decide', 'Ship it?', '-o', 'Ship', '-o', 'Hold', '--context', LONG_CONTEXT, '--json']),
    );
    const refused = await shell.run(['decide', 'answer', filed.id, '3', '--json']);
    expect(refused.code, refused.stderr).toBe(7);
    expect(jsonOf(refused)).toMatchObject({
      status: 422,
      error: { code: 'option_out_of_range', message: 'Option 3 does not exist; ask 1 has options 1–2.' },
    });
    expect((await me.decision(filed.id)).status).toBe('open');
    const beforeSending = await shell.run(['decide', 'answer', filed.id, 'three', '--json']);
    expect(beforeSending.code).toBe(2);
    expect(jsonOf(beforeSending)).toMatchObject({ error: { code: 'usage' } });
  });
});

describe('cast decide: keeping an ask correct', () => {
  it("ls lists the session's decisions with ids, answers, age and messages since, and tells the agent to act on a stale one", async () => {
    const { shell, me } = await agent();
    const answered = jsonOf<CardJson>(
      await shell.run(['decide', 'Ship the banner?', '-o', 'Ship', '-o', 'Hold', '--context', LONG_CONTEXT, '--json']),
    );
    await me.answer(answered.id, 1, { kind: 'decision', selected: [2] });
    const open = jsonOf<CardJson>(
      await shell.run(['decide', 'Which schema wins?', '-o', 'Frontmatter', '-o', 'Path', '--context', LONG_CONTEXT, '--json']),
    );
    for (let index = 0; index < 30; index += 1) {
      await me.send(sessionRoutes.appendMessage, { params: { id: shell.session }, body: { role: 'assistant', body: `step ${index}` } });
    }
    const listed = jsonOf<{ decisions: Array<Record<string, unknown>> }>(await shell.run(['decide', 'ls', '--json']));
    expect(listed.decisions).toEqual([
      {
        id: open.id,
        state: 'open',
        question: 'Which schema wins?',
        answer: null,
        answers: [],
        askedAt: expect.any(String),
        messagesSince: 30,
        stale: true,
      },
      {
        id: answered.id,
        state: 'resolved',
        question: 'Ship the banner?',
        answer: { n: 2, label: 'Hold' },
        answers: [{ ask: 1, kind: 'decision', text: 'Hold', reason: null }],
        askedAt: expect.any(String),
        messagesSince: expect.any(Number),
        stale: false,
      },
    ]);
    const human = await shell.run(['decide', 'ls']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`${open.id}: Which schema wins? — open, asked just now, 30 messages since — stale`);
    expect(human.stdout).toContain(`${answered.id}: Ship the banner? — answered: 2. Hold`);
    expect(human.stdout).toContain(STALE_HINT);
    expect(human.stdout).toContain(`cast decide cancel ${open.id}`);
  });

  it('issue 39 item 11 — ls prints the answer of every ask kind: a fact its value, never "no answer"', async () => {
    const { shell, me } = await agent();
    const session = shell.session;
    const fileOne = async (question: string, ask: Record<string, unknown>) => {
      const filed = await me.file({ question, context: 'Asked from a test.', session, asks: [{ prompt: question, ...ask }] });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      return filed.body.decision.id;
    };
    const fact = await fileOne('Which region hosts billing?', { kind: 'fact' });
    await me.answer(fact, 1, { kind: 'fact', text: 'eu-west-1' });
    const access = await fileOne('Grant the analytics connection?', {
      kind: 'access',
      needed: 'Read-only access',
      grantUrl: 'https://cast.invalid/grant',
    });
    await me.answer(access, 1, { kind: 'access', granted: true });
    const action = await fileOne('Rotate the deploy key?', { kind: 'action', instructions: 'Rotate it in the console.' });
    await me.answer(action, 1, { kind: 'action', done: true, note: 'rotated at 14:02' });
    const approval = await fileOne('Spend $240 on the feed?', {
      kind: 'approval',
      action: { kind: 'override_budget', summary: 'Spend $240' },
    });
    await me.answer(approval, 1, { kind: 'approval', decision: 'reject' }, 'Too dear this month.');
    const several = await me.file({
      question: 'Set up the feed',
      context: 'Two things to settle.',
      session,
      asks: [
        { kind: 'fact', prompt: 'Which account pays?' },
        { kind: 'decision', prompt: 'Which tier?', options: [{ label: 'Basic' }, { label: 'Pro' }] },
      ],
    });
    const severalId = several.body.decision.id;
    await me.answer(severalId, 1, { kind: 'fact', text: 'ops-billing' });
    await me.answer(severalId, 2, { kind: 'decision', selected: [2] });

    const human = await shell.run(['decide', 'ls']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).not.toContain('no answer');
    expect(human.stdout).toContain(`${fact}: Which region hosts billing? — answered: eu-west-1`);
    expect(human.stdout).toContain(`${access}: Grant the analytics connection? — answered: Access granted`);
    expect(human.stdout).toContain(`${action}: Rotate the deploy key? — answered: Done — rotated at 14:02`);
    expect(human.stdout).toContain(`${approval}: Spend $240 on the feed? — answered: rejected (reason: Too dear this month.)`);
    expect(human.stdout).toContain(`${severalId}: Set up the feed — answered: ask 1: ops-billing; ask 2: 2. Pro`);

    const listed = jsonOf<{ decisions: Array<{ id: string; answers: unknown[] }> }>(await shell.run(['decide', 'ls', '--json']));
    expect(listed.decisions.find((entry) => entry.id === fact)?.answers).toEqual([
      { ask: 1, kind: 'fact', text: 'eu-west-1', reason: null },
    ]);
  });

  it('ls in a fresh session prints an empty list', async () => {
    const { shell } = await agent();
    expect(jsonOf(await shell.run(['decide', 'ls', '--json']))).toEqual({ decisions: [] });
  });

  it('edit with no id rewrites the single open decision in place; with several open it asks for an id (exit 2)', async () => {
    const { shell, me } = await agent();
    const filed = jsonOf<CardJson>(
      await shell.run([
        'decide',
        'Back off or switch keys?',
        '-o',
        'Back off',
        '-o',
        'Switch keys',
        '--advisory',
        '--default',
        '1',
        '--context',
        LONG_CONTEXT,
        '--json',
      ]),
    );
    const edited = await shell.run(['decide', 'edit', '--context', '-', '--question', 'Back off, or switch API keys?', '--json'], {
      input: 'Now 429s for 9m.\n',
    });
    expect(edited.code, edited.stderr).toBe(0);
    expect(jsonOf<CardJson>(edited)).toMatchObject({
      id: filed.id,
      question: 'Back off, or switch API keys?',
      mode: 'advisory',
      default: 1,
    });
    const blocking = jsonOf<CardJson>(
      await shell.run([
        'decide',
        'edit',
        filed.id,
        '--blocking',
        '-o',
        'Back off :: 20m idle',
        '-o',
        'Switch keys :: uses the spare quota',
        '-o',
        'Stop',
        '--json',
      ]),
    );
    expect(blocking).toMatchObject({ id: filed.id, mode: 'blocking', default: null });
    expect(blocking.options.map((option) => option.label)).toEqual(['Back off', 'Switch keys', 'Stop']);
    const decision = await me.decision(filed.id);
    expect(decision).toMatchObject({ context: 'Now 429s for 9m.', createdAt: expect.any(String) });
    expect(decision.asks[0]).toMatchObject({ prompt: 'Back off, or switch API keys?' });

    const second = jsonOf<CardJson>(
      await shell.run(['decide', 'Which layout?', '-o', 'Dense', '-o', 'Roomy', '--context', LONG_CONTEXT, '--json']),
    );
    const ambiguous = await shell.run(['decide', 'edit', '--context', 'more']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('2 decisions are open in this session');
    expect(ambiguous.stderr).toContain(`${filed.id}: Back off, or switch API keys?`);
    expect(ambiguous.stderr).toContain(`${second.id}: Which layout?`);
  });

  it('edit and cancel on an answered decision fail with the answer (exit 3); cancel withdraws an open one', async () => {
    const { shell, me } = await agent();
    const filed = jsonOf<CardJson>(
      await shell.run(['decide', 'Ship it?', '-o', 'Ship', '-o', 'Hold', '--context', LONG_CONTEXT, '--json']),
    );
    const other = jsonOf<CardJson>(await shell.run(['decide', 'Rename it?', '-o', 'Yes', '-o', 'No', '--context', LONG_CONTEXT, '--json']));
    await me.answer(filed.id, 1, { kind: 'decision', selected: [1] });
    const edit = await shell.run(['decide', 'edit', filed.id, '--context', 'changed my mind']);
    expect(edit.code).toBe(3);
    expect(edit.stderr).toContain(
      `${filed.id} was already answered: 1. Ship. The first answer stands and it can no longer be edited; nothing changed.`,
    );
    const cancelAnswered = await shell.run(['decide', 'cancel', filed.id, '--json']);
    expect(cancelAnswered.code).toBe(3);
    expect(jsonOf(cancelAnswered)).toMatchObject({ id: filed.id, state: 'resolved', answer: { n: 1, label: 'Ship' } });

    // The answered one no longer counts: cancel with no id acts on the single open one.
    const cancel = await shell.run(['decide', 'cancel']);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout).toContain(`${other.id} withdrawn`);
    expect((await me.decision(other.id)).status).toBe('withdrawn');
    const again = await shell.run(['decide', 'cancel']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No decision is open in session');
  });
});

describe('cast decide: answering and waiting', () => {
  it('answer records the choice; a second answer changes nothing and says the first answer stands (exit 3)', async () => {
    const { shell, me } = await agent();
    const filed = jsonOf<CardJson>(
      await shell.run(['decide', 'Which schema wins?', '-o', 'Frontmatter wins', '-o', 'Path wins', '--context', LONG_CONTEXT, '--json']),
    );
    const out = await shell.run(['decide', 'answer', filed.id, '7']);
    expect(out.code).toBe(7);
    expect(out.stderr).toContain('Option 7 does not exist');
    const first = await shell.run(['decide', 'answer', filed.id, '2', '--reason', 'Paths are what people link.', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(jsonOf<OutcomeJson>(first)).toEqual({
      id: filed.id,
      state: 'resolved',
      answer: { n: 2, label: 'Path wins' },
      answeredBy: expect.any(String),
      message: expect.stringMatching(/^Decision: Path wins\nReason: Paths are what people link\.\n<cast-decision id="sd-\d+"/),
    });
    const second = await shell.run(['decide', 'answer', filed.id, '1']);
    expect(second.code).toBe(3);
    expect(second.stderr).toContain('The first answer stands');
    expect(second.stderr).toContain('2. Path wins');
    expect((await me.decision(filed.id)).asks[0]!.answer!.value).toEqual({ kind: 'decision', selected: [2] });
  });

  it('wait returns the message once an answer arrives while it waits (exit 0)', async () => {
    const { shell, me } = await agent();
    const filed = jsonOf<CardJson>(
      await shell.run(['decide', 'Hold the deploy?', '-o', 'Hold', '-o', 'Deploy', '--context', LONG_CONTEXT, '--json']),
    );
    const waiting = shell.start(['decide', 'wait', filed.id, '--timeout', '40s', '--json']);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await me.answer(filed.id, 1, { kind: 'decision', selected: [2] });
    const run = await waiting.done;
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<OutcomeJson>(run)).toMatchObject({
      id: filed.id,
      state: 'resolved',
      answer: { n: 2, label: 'Deploy' },
      message: expect.stringContaining('Decision: Deploy'),
    });
    const human = await shell.run(['decide', 'wait', filed.id]);
    expect(human.stdout).toMatch(/^Decision: Deploy\n<cast-decision/);
  });

  it('wait exits 8 when still pending at the timeout, 130 on Ctrl-C leaving it open, and 5 once withdrawn or archived', async () => {
    const { shell, me } = await agent();
    const filed = jsonOf<CardJson>(
      await shell.run(['decide', 'Hold the deploy?', '-o', 'Hold', '-o', 'Deploy', '--context', LONG_CONTEXT, '--json']),
    );
    const pending = await shell.run(['decide', 'wait', filed.id, '--timeout', '1s', '--json']);
    expect(pending.code).toBe(8);
    expect(jsonOf(pending)).toMatchObject({ id: filed.id, state: 'open', answer: null, message: null });

    // Ctrl-C once the wait is in flight (its request seen on the way to Cast), not on a guess of
    // how long a loaded machine takes to start the CLI: before its handler, SIGINT just kills it.
    const proxy = await startRecordingProxy(cast.url);
    const waiting = shell.start(['decide', 'wait', filed.id], { env: { CAST_URL: proxy.url } });
    await expect
      .poll(() => proxy.requests().includes(`GET /api/v1/decisions/${filed.id}/wait`), { timeout: 60_000, interval: 50 })
      .toBe(true);
    waiting.child.kill('SIGINT');
    const interrupted = await waiting.done;
    await proxy.stop();
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain(`${filed.id} stays open`);
    expect((await me.decision(filed.id)).status).toBe('open');

    await me.send(decisionRoutes.archiveDecision, { params: { id: filed.id }, body: {} });
    const archivedAnswer = await shell.run(['decide', 'answer', filed.id, '1']);
    expect(archivedAnswer.code).toBe(5);
    const other = jsonOf<CardJson>(await shell.run(['decide', 'Rename it?', '-o', 'Yes', '-o', 'No', '--context', LONG_CONTEXT, '--json']));
    await shell.run(['decide', 'cancel', other.id]);
    const withdrawn = await shell.run(['decide', 'wait', other.id, '--json']);
    expect(withdrawn.code).toBe(5);
    expect(jsonOf(withdrawn)).toMatchObject({ id: other.id, state: 'withdrawn' });
  });
});
