/**
 * Issue 31, "Yes in the terminal": `cast hook claude-code` run for PostToolUse or
 * PostToolUseFailure (Claude Code runs them after a call) tells a PermissionRequest hook still
 * waiting for that call — the person answered Claude Code's own prompt instead of the card —
 * and that hook withdraws its card and ends, printing nothing. Run after a call no hook waits
 * for, it prints nothing, exits 0 at once and asks Cast nothing — whether Cast is there or not.
 * The real executable, recorded payloads, a real Cast; the host itself is in
 * test/hosts/claude-code-terminal-yes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../client/request';
import type { DecisionView } from '../../domain/decision';
import { activityRoutes } from '../../domain/routes/activity';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { freePort } from '../../runtime/free-port';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startSilentServer } from '../support/silent-server';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, type CastRun } from './run-cast';
import { RECORDED_PRE_TOOL_USE } from './fixtures/recorded-hook-input';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

/** What Claude Code 2.1.332 sent the two hooks for `echo hi > out.txt` in manual mode (test/hosts/claude-code-terminal-yes.test.ts). */
const TOOL_INPUT = { command: 'echo hi > out.txt', description: 'Write hi to out.txt' };
function permissionRequest(session: string, toolInput: Record<string, unknown> = TOOL_INPUT) {
  const { tool_use_id: _none, ...common } = RECORDED_PRE_TOOL_USE;
  return {
    ...common,
    session_id: session,
    hook_event_name: 'PermissionRequest',
    tool_name: 'Bash',
    tool_input: toolInput,
    permission_suggestions: [{ type: 'addDirectories', directories: ['/home/dev/notes'], destination: 'session' }],
  };
}
function afterTheCall(event: 'PostToolUse' | 'PostToolUseFailure', session: string, toolInput: Record<string, unknown> = TOOL_INPUT) {
  return {
    ...RECORDED_PRE_TOOL_USE,
    session_id: session,
    hook_event_name: event,
    tool_name: 'Bash',
    tool_input: toolInput,
    tool_use_id: `toolu_${randomUUID().replaceAll('-', '')}`,
    ...(event === 'PostToolUse'
      ? { tool_response: { stdout: '', stderr: '', interrupted: false, isImage: false, noOutputExpected: false } }
      : { error: 'Exit code 3', is_interrupt: false }),
    duration_ms: 178,
  };
}

async function agent() {
  const member = await cast.newMember();
  const me = world(cast, member);
  const { token } = await agentTokenOf(cast.pool, member, 'Claude Code');
  const shell = castShell({ url: cast.url, token });
  const hook = (input: unknown, env: Record<string, string | undefined> = {}) => {
    const started = shell.start(['hook', 'claude-code'], { input: JSON.stringify(input), env: { CAST_SESSION: undefined, ...env } });
    let ended: CastRun | null = null;
    void started.done.then((run) => (ended = run));
    return { ...started, ended: () => ended };
  };
  /** The session's cards; none while the session is not registered (nothing was ever filed in it). */
  const cards = async (session: string): Promise<DecisionView[]> => {
    try {
      return (await me.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions.map(
        ({ decision }) => decision,
      );
    } catch (error) {
      if (error instanceof ProblemError && error.problem.code === 'session_not_found') return [];
      throw error;
    }
  };
  return { me, hook, cards };
}

async function openCard(cards: (session: string) => Promise<DecisionView[]>, session: string, running: { ended: () => CastRun | null }) {
  let found: DecisionView | undefined;
  await expect
    .poll(async () => {
      const ended = running.ended();
      if (ended) throw new Error(`the hook ended before its card was open: ${ended.stdout} ${ended.stderr}`);
      found = (await cards(session)).find((decision) => decision.status === 'open');
      return found;
    })
    .toBeDefined();
  return found!;
}

describe('issue 31: Yes in the terminal — cast hook claude-code after the call', () => {
  it.each(['PostToolUse', 'PostToolUseFailure'] as const)(
    'issue 31: %s for the call a PermissionRequest hook waits on → its card is withdrawn, the waiting hook ends printing nothing; a late approve reaches no one',
    async (event) => {
      const { me, hook, cards } = await agent();
      const session = randomUUID();
      const waiting = hook(permissionRequest(session));
      const card = await openCard(cards, session, waiting);

      // Claude Code's own order of the input's keys need not be the card's.
      const after = await hook(afterTheCall(event, session, { description: TOOL_INPUT.description, command: TOOL_INPUT.command })).done;
      expect(after).toEqual({ code: 0, stdout: '', stderr: '' });

      // Its --timeout is far past this test's own: only the note it was left can end it in time.
      const run = await waiting.done;
      expect(run.code, run.stderr).toBe(0);
      // Claude Code has already run the call; a verdict now would be read by no one.
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`cast: Answered in the terminal; ${card.id} was withdrawn.`);
      expect((await me.decision(card.id)).status).toBe('withdrawn');
      // Issue 38 item 10: the record says the call was settled in the host's own terminal.
      const trail = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: card.id } });
      expect(trail.activity.find((entry) => entry.kind === 'withdrawn')?.detail).toMatchObject({ channel: 'host-terminal' });
      await expectProblem(me.answer(card.id, 1, { kind: 'approval', decision: 'approve' }), 409, 'nobody_waiting');
      expect((await me.decision(card.id)).asks[0]?.answer).toBeNull();
    },
  );

  it('issue 31: a call other than the waiting one (another command, another session) leaves its card open', async () => {
    const { me, hook, cards } = await agent();
    const session = randomUUID();
    const waiting = hook(permissionRequest(session));
    const card = await openCard(cards, session, waiting);

    const others = [
      afterTheCall('PostToolUse', session, { ...TOOL_INPUT, command: 'echo hi > other.txt' }),
      afterTheCall('PostToolUse', randomUUID()),
      { ...afterTheCall('PostToolUse', session), tool_name: 'Write' },
    ];
    for (const other of others) expect(await hook(other).done).toEqual({ code: 0, stdout: '', stderr: '' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(waiting.ended()).toBeNull();
    expect((await me.decision(card.id)).status).toBe('open');

    await me.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await waiting.done;
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { decision: { behavior: 'allow' } } });
  });

  it('issue 31: after a call no card waits for → exit 0, prints nothing, and asks Cast nothing', async () => {
    const { hook, cards } = await agent();
    const silent = await startSilentServer();
    try {
      const session = randomUUID();
      for (const event of ['PostToolUse', 'PostToolUseFailure'] as const) {
        // Pointed at a Cast that never answers: a request would hang there (and show in its count).
        const run = await hook(afterTheCall(event, session), { CAST_URL: silent.url }).done;
        expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
      }
      expect(silent.connections()).toBe(0);
      // Nothing filed, no session registered.
      expect(await cards(session)).toEqual([]);
    } finally {
      await silent.close();
    }
  });

  it('issue 31: after a call, Cast unreachable or not signed in, or a payload it cannot read → exit 0, prints nothing', async () => {
    const { hook } = await agent();
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    const runs: Array<[unknown, Record<string, string | undefined>]> = [
      [afterTheCall('PostToolUse', randomUUID()), { CAST_URL: unreachable }],
      [afterTheCall('PostToolUseFailure', randomUUID()), { CAST_URL: unreachable }],
      [afterTheCall('PostToolUse', randomUUID()), { CAST_URL: undefined, CAST_TOKEN: undefined }],
      [{ ...afterTheCall('PostToolUse', randomUUID()), tool_name: undefined }, {}],
    ];
    for (const [input, env] of runs) {
      const run = await hook(input, env).done;
      expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    }
  });
});
