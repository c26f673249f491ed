/**
 * `cast hook claude-code` end to end (cast-decide "Permission prompts in the same queue";
 * issue 21 "The Claude Code hook fails safe"): the real executable fed a recorded Claude Code
 * PreToolUse payload, answered in the queue through the API, printing the JSON Claude Code
 * reads — and printing "ask", exit 0, on every path where no person's answer can come.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../client/request';
import type { DecisionView } from '../../domain/decision';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { toolInputText } from '../../cli/hosts/claude-code/payload';
import { ANSWER_WITHIN_SECONDS } from '../../cli/hosts/common/request-deadline';
import { HOST_INPUT_MAX } from '../../domain/limits';
import { freePort } from '../../runtime/free-port';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { decisionBody } from '../support/fixtures';
import { startSecondApi } from '../support/second-api';
import { startSilentServer } from '../support/silent-server';
import { requestOver, startTestCast, type TestCast } from '../support/test-cast';
import { until } from '../support/until';
import { CAST_BIN, castShell, runCast, type CastRun } from './run-cast';
import { RECORDED_PRE_TOOL_USE } from './fixtures/recorded-hook-input';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

/** The recorded payload under a fresh conversation id (a session belongs to the member who first used it). */
function payload(overrides: Record<string, unknown> = {}) {
  return { ...RECORDED_PRE_TOOL_USE, session_id: randomUUID(), tool_use_id: `toolu_${randomUUID().replaceAll('-', '')}`, ...overrides };
}

async function agent() {
  const member = await cast.newMember();
  const me = world(cast, member);
  // The hook runs with the agent's own token (DESIGN §8): it files and waits; the person answers.
  const { token } = await agentTokenOf(cast.pool, member, 'Claude Code');
  // Claude Code gives the hook no CAST_SESSION: the payload's session_id names the session.
  const shell = castShell({ url: cast.url, token });
  const hook = (input: unknown, args: string[] = [], env: Record<string, string | undefined> = { CAST_SESSION: undefined }) => {
    const started = shell.start(['hook', 'claude-code', ...args], {
      input: typeof input === 'string' ? input : JSON.stringify(input),
      env,
    });
    let ended: CastRun | null = null;
    void started.done.then((run) => (ended = run));
    return { ...started, ended: () => ended };
  };
  return { me, hook };
}

/** The session's open permission card, once the hook has filed it (a hook that ended first says why). */
async function openCard(
  me: ReturnType<typeof world>,
  session: string,
  except: string[] = [],
  running?: { ended: () => CastRun | null },
): Promise<DecisionView> {
  let found: DecisionView | undefined;
  await expect
    .poll(async () => {
      const ended = running?.ended();
      if (ended) throw new Error(`the hook ended before its card was open: ${ended.stdout} ${ended.stderr}`);
      const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } }).catch((error: unknown) => {
        // Refused (the session is not registered yet): nothing filed so far.
        if (error instanceof ProblemError) return null;
        throw error;
      });
      found = listed?.decisions
        .map((entry) => entry.decision)
        .find((decision) => decision.status === 'open' && !except.includes(decision.id));
      return found;
    })
    .toBeDefined();
  return found!;
}

function hookOutput(run: CastRun) {
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as {
    hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
  };
}

describe('cast hook claude-code (with an agent token)', () => {
  it("files the Bash call as a blocking permission decision in the hook's session, and prints allow once it is approved in the queue", async () => {
    const { me, hook } = await agent();
    const input = payload();
    const running = hook(input);
    const card = await openCard(me, input.session_id, [], running);
    expect(card).toMatchObject({
      question: 'Allow Bash?',
      mode: 'blocking',
      context: 'rm -rf build/ && npm run build',
      links: { sessionId: input.session_id },
      source: { kind: 'permission', id: input.tool_use_id, tool: 'Bash' },
    });
    expect(card.asks[0]).toMatchObject({
      kind: 'approval',
      prompt: 'Allow Bash?',
      action: { kind: 'other', summary: 'rm -rf build/ && npm run build' },
    });
    // The session is registered with its project: the last part of Claude Code's cwd.
    expect((await me.send(sessionRoutes.getSession, { params: { id: input.session_id } })).session.scope).toBe('notes');

    await me.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await running.done;
    expect(hookOutput(run)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: `Approved in Cast (${card.id}).`,
      },
      // Shown under the call in the terminal (issue 31 item 7).
      systemMessage: `Approved in Cast (${card.id}).`,
    });
    expect(run.stderr).toContain(`${card.id} "Allow Bash?" is in the Cast queue`);
  });

  it("a second request in the same session gets its own card; rejected with a reason, the hook prints deny with the person's reason", async () => {
    const { me, hook } = await agent();
    const first = payload();
    const firstRun = hook(first);
    const firstCard = await openCard(me, first.session_id, [], firstRun);
    await me.answer(firstCard.id, 1, { kind: 'approval', decision: 'approve' });
    expect(hookOutput(await firstRun.done).hookSpecificOutput.permissionDecision).toBe('allow');

    const second = payload({
      session_id: first.session_id,
      tool_input: { command: 'git push --force origin main', description: 'Force-push' },
    });
    const secondRun = hook(second);
    const secondCard = await openCard(me, first.session_id, [firstCard.id], secondRun);
    expect(secondCard.id).not.toBe(firstCard.id);
    expect(secondCard).toMatchObject({
      question: 'Allow Bash?',
      context: 'git push --force origin main',
      source: { id: second.tool_use_id },
    });
    await me.answer(secondCard.id, 1, { kind: 'approval', decision: 'reject' }, 'Never force-push main; open a PR.');
    expect(hookOutput(await secondRun.done)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: `Denied in Cast (${secondCard.id}): Never force-push main; open a PR.`,
      },
      systemMessage: `Denied in Cast (${secondCard.id}): Never force-push main; open a PR.`,
    });
    expect((await me.decision(firstCard.id)).status).toBe('resolved');
  });

  it("with no answer by --timeout it withdraws the card and prints ask, so Claude Code asks in the terminal; CAST_SESSION overrides the hook's session", async () => {
    const { me, hook } = await agent();
    const input = payload({ tool_name: 'Write', tool_input: { file_path: '/home/dev/notes/.env', content: 'TOKEN=…' } });
    const override = `conv-${randomUUID()}`;
    const run = await hook(input, ['--timeout', '3s'], { CAST_SESSION: override }).done;
    const output = hookOutput(run);
    expect(output.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
    // On a loaded machine the filing itself may outlast the bound; the card is withdrawn all the same, and said so.
    expect(output.hookSpecificOutput.permissionDecisionReason).toMatch(
      /^(Nobody answered in Cast in time \(3s\)|Cast did not answer within 3s); sd-\d+ was withdrawn\. Asking in the terminal instead\.$/,
    );

    const listed = await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: override } });
    expect(listed.decisions.map(({ decision }) => [decision.question, decision.context, decision.status])).toEqual([
      ['Allow Write?', '/home/dev/notes/.env', 'withdrawn'],
    ]);
    await expectProblem(me.send(sessionRoutes.getSession, { params: { id: input.session_id } }), 404, 'session_not_found');
  });

  // The hook gives the withdraw 600 ms of its one second; on a machine loaded by the rest of the
  // suite the update can take longer, and the hook then says it could not withdraw the card, so a
  // miss is tried again. Issue 31 gives a card its waiter's lease, so a missed withdraw is no harm.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'hook: %s while waiting → withdraws the card first, prints ask, exit 0',
    { retry: 2 },
    async (signal) => {
      const { me, hook } = await agent();
      const input = payload();
      const running = hook(input);
      const card = await openCard(me, input.session_id, [], running);
      running.child.kill(signal);
      const run = await running.done;
      expect(hookOutput(run).hookSpecificOutput).toEqual({
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: `Stopped by ${signal}; ${card.id} was withdrawn. Asking in the terminal instead.`,
      });
      expect((await me.decision(card.id)).status).toBe('withdrawn');
    },
  );

  it('hook: a Cast that accepts the connection and never answers → ask by --timeout, not after undici’s 300 s', async () => {
    const silent = await startSilentServer();
    try {
      const { hook } = await agent();
      const started = Date.now();
      const run = await hook(payload(), ['--timeout', '2s'], { CAST_SESSION: undefined, CAST_URL: silent.url }).done;
      const took = Date.now() - started;
      expect(silent.connections()).toBeGreaterThan(0);
      expect(hookOutput(run).hookSpecificOutput).toMatchObject({
        permissionDecision: 'ask',
        permissionDecisionReason: 'Cast did not answer within 2s. Asking in the terminal instead.',
      });
      // It held for its --timeout (a lower bound, which load only lengthens); the words say --timeout
      // ended it, where undici's 300 s would outlast this test's own timeout.
      expect(took).toBeGreaterThanOrEqual(2000);
    } finally {
      await silent.close();
    }
  });

  it('issue 38 item 8: with a long --timeout, a Cast that takes the request and never answers ends the hook at the request’s own deadline', async () => {
    const silent = await startSilentServer();
    try {
      const { hook } = await agent();
      // --timeout 10m: only the filing's own deadline (ANSWER_WITHIN_SECONDS) can end this run within the test's time.
      const run = await hook(payload(), ['--timeout', '10m'], { CAST_SESSION: undefined, CAST_URL: silent.url }).done;
      expect(silent.connections()).toBeGreaterThan(0);
      expect(hookOutput(run).hookSpecificOutput).toMatchObject({
        permissionDecision: 'ask',
        permissionDecisionReason: `Cast did not answer within ${ANSWER_WITHIN_SECONDS} s: it took the request and sent nothing back. Asking in the terminal instead.`,
      });
    } finally {
      await silent.close();
    }
  });

  it('hook: SIGTERM while a silent Cast holds the connection → ask, without waiting out --timeout', async () => {
    const silent = await startSilentServer();
    try {
      const { hook } = await agent();
      const running = hook(payload(), ['--timeout', '10m'], { CAST_SESSION: undefined, CAST_URL: silent.url });
      await expect.poll(() => silent.connections()).toBeGreaterThan(0);
      running.child.kill('SIGTERM');
      // --timeout is 10 minutes, far past this test's own timeout: only the signal can end it in time.
      const run = await running.done;
      expect(hookOutput(run).hookSpecificOutput.permissionDecisionReason).toBe('Stopped by SIGTERM. Asking in the terminal instead.');
    } finally {
      await silent.close();
    }
  });

  it('hook: unreachable Cast → ask, exit 0', async () => {
    const { hook } = await agent();
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await hook(payload(), [], { CAST_SESSION: undefined, CAST_URL: url }).done;
    const reason = hookOutput(run).hookSpecificOutput.permissionDecisionReason;
    expect(reason).toMatch(new RegExp(`^Cannot reach Cast at ${url}: .*ECONNREFUSED.*Asking in the terminal instead\\.$`));
  });

  it('hook: token refused (401) → ask naming it, exit 0', async () => {
    const { hook } = await agent();
    const run = await hook(payload(), [], { CAST_SESSION: undefined, CAST_TOKEN: 'cast_not-a-real-token' }).done;
    expect(hookOutput(run).hookSpecificOutput).toMatchObject({
      permissionDecision: 'ask',
      permissionDecisionReason: expect.stringMatching(/^Cast refused the token \(401 \w+\): .* Asking in the terminal instead\.$/),
    });
  });

  it('hook: input refused (a NUL in the Bash command) → ask naming it, exit 0, nothing filed', async () => {
    const { me, hook } = await agent();
    const input = payload({ tool_input: { command: 'echo a\u0000b' } });
    const run = await hook(input).done;
    expect(hookOutput(run).hookSpecificOutput).toMatchObject({
      permissionDecision: 'ask',
      permissionDecisionReason: expect.stringMatching(
        /^Cast refused this tool call \(400 invalid_request\): .*NUL character.* Asking in the terminal instead\.$/,
      ),
    });
    // The filing registers the session (issue 31 item 1): refused, it left not even that.
    await expectProblem(
      me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: input.session_id } }),
      404,
      'session_not_found',
    );
  });

  it('hook: refused 503 overloaded (issue 29), it waits on stderr, retries, and its card lands and is answered', async () => {
    // An API that admits one write at a time, its slot held by a filing that waits for the stopped worker.
    const busy = await startSecondApi(cast, { maxWritesInFlight: 1 });
    try {
      const { me, hook } = await agent();
      const holder = await cast.newMember();
      await cast.stopWorker();
      const held = requestOver(busy.url)(holder.token, 'POST', '/api/v1/decisions', decisionBody('Holding the slot?'));
      const input = payload();
      await until(
        async () => busy.admission.writesInFlight,
        (inFlight) => inFlight === 1,
      );
      const running = hook(input, ['--timeout', '60'], { CAST_SESSION: undefined, CAST_URL: busy.url });
      let stderr = '';
      running.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await until(
        async () => stderr,
        (text) => text.includes('503 overloaded') || running.ended() !== null,
        30_000,
      );
      expect(stderr).toContain('Cast is busy with other writes (503 overloaded); retrying in');
      await cast.startWorker();
      await held;
      const card = await openCard(me, input.session_id, [], running);
      await me.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
      expect(hookOutput(await running.done).hookSpecificOutput.permissionDecision).toBe('allow');
    } finally {
      await cast.startWorker();
      await busy.stop();
    }
  });

  it('hook: server 5xx → ask naming it, exit 0', async () => {
    const failing = createHttpServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: '/problems/internal',
          title: 'Internal error.',
          status: 500,
          code: 'internal',
          detail: 'The disk is full.',
        }),
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const { hook } = await agent();
      const url = `http://127.0.0.1:${(failing.address() as { port: number }).port}`;
      const run = await hook(payload(), [], { CAST_SESSION: undefined, CAST_URL: url }).done;
      expect(hookOutput(run).hookSpecificOutput).toMatchObject({
        permissionDecision: 'ask',
        permissionDecisionReason: 'Cast failed (500 internal): The disk is full. Asking in the terminal instead.',
      });
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('hook: bad payload, wrong event, bad --timeout, unknown option, not signed in → ask, exit 0 (never 1 with nothing on stdout, never 2)', async () => {
    const { hook } = await agent();
    const cases: Array<[unknown, string[], Record<string, string | undefined>, RegExp]> = [
      ['not json', [], {}, /that was not JSON\. Asking in the terminal instead\.$/],
      [payload({ hook_event_name: 'Stop' }), [], {}, /answers PreToolUse and PermissionRequest only .*; it was run for Stop\./],
      [payload({ tool_name: undefined }), [], {}, /lacks or mangles tool_name/],
      [payload(), ['--timeout', 'soon'], {}, /--timeout soon: write a duration such as 30s, 5m or 1h\. Asking in the terminal instead\.$/],
      [payload(), ['--wait', '5m'], {}, /could not read its command line: unknown option '--wait'\. Asking in the terminal instead\.$/],
      [payload(), [], { CAST_URL: undefined, CAST_TOKEN: undefined }, /^Not signed in: run cast login/],
    ];
    const runs = await Promise.all(cases.map(([input, args, env]) => hook(input, args, { CAST_SESSION: undefined, ...env }).done));
    runs.forEach((run, index) => {
      const output = hookOutput(run).hookSpecificOutput;
      expect(output.permissionDecision).toBe('ask');
      expect(output.permissionDecisionReason).toMatch(cases[index]![3]);
    });
  });

  it('hook: an install missing its implementation module → ask naming it, exit 0 (not 1 with nothing on stdout)', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'cast-broken-install-'));
    cpSync(dirname(CAST_BIN), copy, { recursive: true });
    rmSync(join(copy, 'actions/hook/claude-code-action.mjs'));
    const run = await runCast([join(copy, basename(CAST_BIN)), 'hook', 'claude-code'], {
      bin: process.execPath,
      input: JSON.stringify(payload()),
      env: { CAST_URL: cast.url, CAST_TOKEN: 'unused' },
    });
    const output = hookOutput(run).hookSpecificOutput;
    expect(output.permissionDecision).toBe('ask');
    expect(output.permissionDecisionReason).toMatch(
      /^cast hook claude-code could not load its implementation \(.*claude-code-action\.mjs.*\)\. Asking in the terminal instead\.$/,
    );
  });

  it('hook: a 3,000-character command arrives whole in the decision’s context; the card’s summary is its start, on one line', async () => {
    const { me, hook } = await agent();
    const lines = Array.from({ length: 60 }, (_, index) => `echo "step ${String(index).padStart(2, '0')}" ${'x'.repeat(30)}`);
    const command = lines.join(' && \\\n  ').padEnd(3000, ' #').slice(0, 3000);
    expect(command).toHaveLength(3000);
    const input = payload({ tool_input: { command, description: 'A long script' } });
    const running = hook(input);
    const card = await openCard(me, input.session_id, [], running);
    expect(card.context).toBe(command);
    const ask = card.asks[0];
    assert(ask?.kind === 'approval');
    const summary = ask.action.summary;
    expect(summary.length).toBeLessThanOrEqual(1000);
    expect(summary).not.toContain('\n');
    expect(command.replace(/\s+/g, ' ').startsWith(summary.replace(/…$/, ''))).toBe(true);
    await me.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    expect(hookOutput(await running.done).hookSpecificOutput.permissionDecision).toBe('allow');
  });

  it('hook: an input over what a card holds (HOST_INPUT_MAX, 200,000 characters as JSON) is never cut: ask, nothing filed', async () => {
    const { me, hook } = await agent();
    const input = payload({ tool_input: { command: `echo ${'y'.repeat(HOST_INPUT_MAX)}` } });
    const run = await hook(input).done;
    expect(hookOutput(run).hookSpecificOutput).toMatchObject({
      permissionDecision: 'ask',
      permissionDecisionReason: expect.stringMatching(/^Cast refused this tool call \(4\d\d \w+\): .* Asking in the terminal instead\.$/),
    });
    // The filing registers the session (issue 31 item 1): refused, it left not even that.
    await expectProblem(
      me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: input.session_id } }),
      404,
      'session_not_found',
    );
  });

  it('hook: --help documents its options, what it prints in each failure case, and its environment', async () => {
    const run = await runCast(['hook', 'claude-code', '--help']);
    expect(run.code).toBe(0);
    for (const text of [
      '--timeout <duration>',
      'exits 0, whatever happens',
      'allow',
      'deny',
      'SIGINT or SIGTERM',
      'Cast unreachable',
      'the token refused (401)',
      'the input refused (4xx',
      'Cast failing (5xx)',
      'never exits 2',
      'Environment:',
      'CAST_URL',
      'CAST_TOKEN',
      'CAST_SESSION',
      'CAST_CONFIG',
    ])
      expect(run.stdout).toContain(text);
  });

  it('sends the whole tool input: the command, the path, the pattern and where, else the input as JSON — nothing cut or folded', () => {
    expect(toolInputText({ command: 'npm test \\\n  -- --watch=false', description: 'Run tests' })).toBe('npm test \\\n  -- --watch=false');
    expect(toolInputText({ file_path: '/repo/src/app.ts', old_string: 'a', new_string: 'b' })).toBe('/repo/src/app.ts');
    expect(toolInputText({ pattern: 'TODO', path: 'src' })).toBe('TODO in src');
    expect(toolInputText({ url: 'https://example.com/docs', prompt: 'Summarise' })).toBe('https://example.com/docs');
    expect(toolInputText({ owner: 'acme', title: 'Fix' })).toBe('{"owner":"acme","title":"Fix"}');
    expect(toolInputText({})).toBeUndefined();
    expect(toolInputText({ command: 'x'.repeat(5000) })).toHaveLength(5000);
  });
});
