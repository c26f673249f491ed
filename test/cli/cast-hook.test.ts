/**
 * `cast hook claude-code` end to end (cast-decide "Permission prompts in the same queue"): the
 * real executable fed a recorded Claude Code PreToolUse payload, answered in the queue through
 * the API, printing the JSON Claude Code reads.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { summarizeToolInput } from '../../cli/commands/hook/pre-tool-use';
import { world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, type CastRun } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/claude-code-pre-tool-use.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** The recorded payload under a fresh conversation id (a session belongs to the member who first used it). */
function payload(overrides: Record<string, unknown> = {}) {
  return { ...RECORDED, session_id: randomUUID(), tool_use_id: `toolu_${randomUUID().replaceAll('-', '')}`, ...overrides };
}

async function agent() {
  const member = await cast.newMember();
  const me = world(cast, member);
  // Claude Code gives the hook no CAST_SESSION: the payload's session_id names the session.
  const shell = castShell({ url: cast.url, token: member.token });
  const hook = (input: unknown, args: string[] = [], env: Record<string, string | undefined> = { CAST_SESSION: undefined }) =>
    shell.start(['hook', 'claude-code', ...args], { input: typeof input === 'string' ? input : JSON.stringify(input), env });
  return { me, hook };
}

/** The session's open permission card, once the hook has filed it. */
async function openCard(me: ReturnType<typeof world>, session: string, except: string[] = []): Promise<DecisionView> {
  let found: DecisionView | undefined;
  await expect
    .poll(async () => {
      const reply = await me.call<{ decisions: Array<{ decision: DecisionView }> }>(
        'GET',
        `/api/v1/sessions/${encodeURIComponent(session)}/decisions`,
      );
      found =
        reply.status === 200
          ? reply.body.decisions
              .map((entry) => entry.decision)
              .find((decision) => decision.status === 'open' && !except.includes(decision.id))
          : undefined;
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

describe('cast hook claude-code', () => {
  it("files the Bash call as a blocking permission decision in the hook's session, and prints allow once it is approved in the queue", async () => {
    const { me, hook } = await agent();
    const input = payload();
    const running = hook(input);
    const card = await openCard(me, input.session_id);
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
    expect((await me.ok<{ session: { scope: string } }>('GET', `/api/v1/sessions/${input.session_id}`)).session.scope).toBe('notes');

    await me.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await running.done;
    expect(hookOutput(run)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: `Approved in Cast (${card.id}).`,
      },
    });
    expect(run.stderr).toContain(`${card.id} "Allow Bash?" is in the Cast queue`);
  });

  it("a second request in the same session gets its own card; rejected with a reason, the hook prints deny with the person's reason", async () => {
    const { me, hook } = await agent();
    const first = payload();
    const firstRun = hook(first);
    const firstCard = await openCard(me, first.session_id);
    await me.answer(firstCard.id, 1, { kind: 'approval', decision: 'approve' });
    expect(hookOutput(await firstRun.done).hookSpecificOutput.permissionDecision).toBe('allow');

    const second = payload({
      session_id: first.session_id,
      tool_input: { command: 'git push --force origin main', description: 'Force-push' },
    });
    const secondRun = hook(second);
    const secondCard = await openCard(me, first.session_id, [firstCard.id]);
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
    });
    expect((await me.decision(firstCard.id)).status).toBe('resolved');
  });

  it("with no answer by --timeout it withdraws the card and prints ask, so Claude Code asks in the terminal; CAST_SESSION overrides the hook's session", async () => {
    const { me, hook } = await agent();
    const input = payload({ tool_name: 'Write', tool_input: { file_path: '/home/dev/notes/.env', content: 'TOKEN=…' } });
    const override = `conv-${randomUUID()}`;
    const run = await hook(input, ['--timeout', '1s'], { CAST_SESSION: override }).done;
    const output = hookOutput(run);
    expect(output.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
    expect(output.hookSpecificOutput.permissionDecisionReason).toMatch(
      /^No answer in Cast after 1s; sd-\d+ was withdrawn\. Asking in the terminal instead\.$/,
    );

    const listed = await me.ok<{ decisions: Array<{ decision: DecisionView }> }>('GET', `/api/v1/sessions/${override}/decisions`);
    expect(listed.decisions.map(({ decision }) => [decision.question, decision.context, decision.status])).toEqual([
      ['Allow Write?', '/home/dev/notes/.env', 'withdrawn'],
    ]);
    expect((await me.call('GET', `/api/v1/sessions/${input.session_id}`)).status).toBe(404);
  });

  it('killed while waiting (Claude Code cancelling the hook), it withdraws the card and exits 130', async () => {
    const { me, hook } = await agent();
    const input = payload();
    const running = hook(input);
    const card = await openCard(me, input.session_id);
    running.child.kill('SIGTERM');
    const run = await running.done;
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${card.id} was withdrawn`);
    expect((await me.decision(card.id)).status).toBe('withdrawn');
  });

  it('exits 1 with nothing on stdout when it cannot decide — never 2, which Claude Code reads as "block the tool"', async () => {
    const { hook } = await agent();
    const cases: Array<[unknown, RegExp]> = [
      ['not json', /was not JSON/],
      [payload({ hook_event_name: 'PostToolUse' }), /answers PreToolUse only; it was run for PostToolUse/],
      [payload({ tool_name: undefined }), /lacks or mangles tool_name/],
    ];
    const runs = await Promise.all(cases.map(([input]) => hook(input).done));
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(cases[index]![1]);
    });
    const badTimeout = await hook(payload(), ['--timeout', 'soon']).done;
    expect(badTimeout.code).toBe(1);
    const unreachable = await hook(payload(), [], { CAST_SESSION: undefined, CAST_URL: 'http://127.0.0.1:9' }).done;
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('Cannot reach Cast');
  });

  it('summarises a tool call in one line: the command, the path, the pattern and where, else the input as JSON', () => {
    expect(summarizeToolInput({ command: 'npm test \\\n  -- --watch=false', description: 'Run tests' })).toBe(
      'npm test \\ -- --watch=false',
    );
    expect(summarizeToolInput({ file_path: '/repo/src/app.ts', old_string: 'a', new_string: 'b' })).toBe('/repo/src/app.ts');
    expect(summarizeToolInput({ pattern: 'TODO', path: 'src' })).toBe('TODO in src');
    expect(summarizeToolInput({ url: 'https://example.com/docs', prompt: 'Summarise' })).toBe('https://example.com/docs');
    expect(summarizeToolInput({ owner: 'acme', title: 'Fix' })).toBe('{"owner":"acme","title":"Fix"}');
    expect(summarizeToolInput({})).toBeUndefined();
    expect(summarizeToolInput({ command: 'x'.repeat(5000) })).toHaveLength(1000);
  });
});
