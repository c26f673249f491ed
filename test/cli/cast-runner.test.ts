/**
 * `cast runner` end to end (docs/api.md "How the answer reaches the agent", step 2): a parked run
 * whose decision is answered is restarted as a ready run; the runner claims it, runs the host
 * command with the session and the answer message, and reports how it ended.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { composeCommand, parseTemplate, shellQuote } from '../../cli/commands/runner/command-template';
import { tierAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const RECORD_ARGS = join(import.meta.dirname, 'fixtures/record-args.mjs');
const CONTEXT = 'Basic updates daily and costs nothing; Pro updates hourly for $240 a month. The report runs once a day.';
/** A reason full of shell: it must reach the command as text, never run. */
const REASON = `It's daily anyway; $(touch PWNED) \`touch PWNED2\` "quoted" > redirected`;

type Pass = {
  runs: Array<{ id: string; sessionId: string; status: string; exitCode: number | null; failureReason: string | null }>;
  skipped: string[];
};

/** A session with a parked run, its decision answered and delivered: a ready restart with the answer as its seed. */
async function readyRestart(me: ReturnType<typeof world>, scope: string | undefined, bot: ReturnType<typeof world>) {
  // The agent works with its own token; the person answers.
  const session = await bot.session();
  if (scope) await bot.send(sessionRoutes.putSession, { params: { id: session }, body: { scope } });
  const parked = await bot.run(session, 'parked');
  const filed = await bot.file({ question: 'Which feed tier?', context: CONTEXT, asks: [tierAsk()], session, run: parked.id });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  const id = filed.body.decision.id;
  await me.answer(id, 1, { kind: 'decision', selected: [1] }, REASON);
  const delivered = await me.delivered(id);
  expect(delivered.delivery).toMatchObject({ kind: 'restarted' });
  const { message } = await me.send(decisionRoutes.waitForDecision, { params: { id }, query: { timeout: 0 } });
  return { session, parked, runId: delivered.delivery!.runId!, message };
}

async function agent() {
  const member = await cast.newMember();
  // The runner runs with the agent's own token (DESIGN §8): it sees and claims its agent's runs.
  const agentMember = await agentTokenOf(cast.pool, member, 'Restarted agent');
  const shell = castShell({ url: cast.url, token: agentMember.token });
  const out = join(shell.dir, 'recorded.json');
  /** The host command: record-args.mjs writes what it got to `out` and exits with `exitCode`. */
  const exec = (exitCode: number) =>
    `${shellQuote(process.execPath)} ${shellQuote(RECORD_ARGS)} ${shellQuote(out)} ${exitCode} {session} {message}`;
  const recorded = () => JSON.parse(readFileSync(out, 'utf8')) as { args: string[]; castSession: string | null };
  return { me: world(cast, member), bot: world(cast, agentMember), shell, exec, recorded };
}

describe('cast runner (with an agent token)', () => {
  it('runs a restarted run with its session and the answer message, shell-quoted, and reports it completed', async () => {
    const { me, bot, shell, exec, recorded } = await agent();
    const { session, runId, message } = await readyRestart(me, undefined, bot);
    expect(message).toMatch(/^Decision: Basic\nReason: It's daily anyway; \$\(touch PWNED\)/);
    const ready = await me.send(runRoutes.listRuns, { query: { status: 'ready' } });
    expect(ready.runs).toEqual([expect.objectContaining({ id: runId, sessionId: session, seedMessage: message })]);

    const run = await shell.run(['runner', '--once', '--exec', exec(0), '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<Pass>(run)).toEqual({
      runs: [{ id: runId, sessionId: session, status: 'completed', exitCode: 0, failureReason: null }],
      skipped: [],
    });
    expect(recorded()).toEqual({ args: [session, message], castSession: session });
    expect(existsSync(join(shell.dir, 'PWNED'))).toBe(false);
    expect(existsSync(join(shell.dir, 'PWNED2'))).toBe(false);
    expect((await me.send(runRoutes.getRun, { params: { id: runId } })).run).toMatchObject({
      status: 'completed',
      endedAt: expect.any(String),
    });

    // Claimed once: the next pass finds nothing to run.
    const again = await shell.run(['runner', '--once', '--exec', exec(0), '--json']);
    expect(jsonOf<Pass>(again)).toEqual({ runs: [], skipped: [] });
  });

  it('reports a command that exits non-zero as failed, with the exit code and the end of its stderr', async () => {
    const { me, bot, shell, exec, recorded } = await agent();
    const { session, runId, message } = await readyRestart(me, undefined, bot);
    const run = await shell.run(['runner', '--once', '--exec', exec(3)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${runId} (session ${session}): failed — The command ended with exit code 3: resume failed: no API key\n`);
    expect(run.stderr).toContain('resume failed: no API key');
    expect(recorded().args).toEqual([session, message]);
    expect((await me.send(runRoutes.getRun, { params: { id: runId } })).run).toMatchObject({
      status: 'failed',
      failureReason: 'The command ended with exit code 3: resume failed: no API key',
    });
  });

  it('two runners at once never run the same restart twice: one claims it, the other skips it', async () => {
    const { me, bot, shell } = await agent();
    const restarts = [await readyRestart(me, undefined, bot), await readyRestart(me, undefined, bot)];
    // Each command takes a moment, so the two runners' passes overlap.
    const slow = `${shellQuote(process.execPath)} -e "setTimeout(() => {}, 1500)" {run}`;
    const [a, b] = await Promise.all([0, 1].map(() => shell.run(['runner', '--once', '--exec', slow, '--json'])));
    const passes = [jsonOf<Pass>(a!), jsonOf<Pass>(b!)];
    const ran = passes.flatMap((pass) => pass.runs.map((run) => run.id)).sort();
    expect(ran).toEqual(restarts.map((restart) => restart.runId).sort());
    for (const pass of passes) expect(pass.runs.every((run) => run.status === 'completed')).toBe(true);
    // Whatever one runner skipped, the other ran.
    for (const skipped of passes.flatMap((pass) => pass.skipped)) expect(ran).toContain(skipped);
  });

  it('--scope takes only runs whose session is in that project and --session only that session’s; the rest stay ready for another runner', async () => {
    const { me, bot, shell, exec } = await agent();
    const alpha = await readyRestart(me, 'alpha', bot);
    const beta = await readyRestart(me, 'beta', bot);
    const ready = async () => (await me.send(runRoutes.listRuns, { query: { status: 'ready' } })).runs.map((run) => run.id).sort();
    expect(await ready()).toEqual([alpha.runId, beta.runId].sort());

    const nobody = await shell.run(['runner', '--once', '--scope', 'gamma', '--exec', exec(0)]);
    expect(nobody.code, nobody.stderr).toBe(0);
    expect(nobody.stderr).toContain('cast runner: no ready runs in scope gamma.');
    expect(await ready()).toEqual([alpha.runId, beta.runId].sort());

    const byScope = await shell.run(['runner', '--once', '--scope', 'alpha', '--exec', exec(0), '--json']);
    expect(byScope.code, byScope.stderr).toBe(0);
    expect(jsonOf<Pass>(byScope)).toEqual({
      runs: [{ id: alpha.runId, sessionId: alpha.session, status: 'completed', exitCode: 0, failureReason: null }],
      skipped: [],
    });
    expect(await ready()).toEqual([beta.runId]);

    const bySession = await shell.run(['runner', '--once', '--session', beta.session, '--exec', exec(0), '--json']);
    expect(jsonOf<Pass>(bySession).runs.map((run) => run.id)).toEqual([beta.runId]);
    expect(await ready()).toEqual([]);
  });

  it('two filtered runners at once split the work by scope: each runs only its project’s restart', async () => {
    const { me, bot, shell } = await agent();
    const alpha = await readyRestart(me, 'alpha', bot);
    const beta = await readyRestart(me, 'beta', bot);
    const slow = `${shellQuote(process.execPath)} -e "setTimeout(() => {}, 1000)" {run}`;
    const [a, b] = await Promise.all(
      ['alpha', 'beta'].map((scope) => shell.run(['runner', '--once', '--scope', scope, '--exec', slow, '--json'])),
    );
    expect(jsonOf<Pass>(a!)).toMatchObject({ runs: [{ id: alpha.runId, status: 'completed' }], skipped: [] });
    expect(jsonOf<Pass>(b!)).toMatchObject({ runs: [{ id: beta.runId, status: 'completed' }], skipped: [] });
  });

  it('refuses an empty --session or --scope before asking Cast (exit 2)', async () => {
    const { shell, exec } = await agent();
    const runs = await Promise.all(
      ['--session', '--scope'].map((flag) =>
        shell.run(['runner', '--once', flag, ' ', '--exec', exec(0)], { env: { CAST_URL: 'http://127.0.0.1:9' } }),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/--(session|scope) " ": give a (session|scope) of 1–200 characters\./);
    }
  });

  it('refuses a template that would let the shell re-read a value, before asking Cast (exit 2)', async () => {
    const { shell } = await agent();
    const cases: Array<[string, RegExp]> = [
      ['claude --resume {session} -p "{message}"', /write \{message\} outside quotes/],
      ["claude -p '{message}'", /write \{message\} outside quotes/],
      ['claude --resume ${session}', /write \{session\}, not \$\{session\}/],
      ['claude -p {message} "unclosed', /a " quote is never closed/],
      ['  ', /--exec needs a command/],
    ];
    const runs = await Promise.all(
      cases.map(([template]) => shell.run(['runner', '--once', '--exec', template], { env: { CAST_URL: 'http://127.0.0.1:9' } })),
    );
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(cases[index]![1]);
    });
  });

  it('composes placeholders as single-quoted words that sh hands over unchanged', () => {
    const template = parseTemplate(`printf '%s\\n' {session} {message} "literal {x}" --run={run}`);
    const nasty = `it's "$(id)" \`id\` $HOME \\ \n second line`;
    const command = composeCommand(template, { session: 'conv 1', message: nasty, run: 'run_1' });
    const printed = execFileSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
    expect(printed).toBe(`conv 1\n${nasty}\nliteral {x}\n--run=run_1\n`);
  });
});
