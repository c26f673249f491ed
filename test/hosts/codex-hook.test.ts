/**
 * `cast hook claude-code` under the real Codex 0.171.0 (issue 31 item 12, "Codex"): the pinned
 * `codex exec`, against a scripted Responses API on loopback, with the documented hook as a
 * Codex PreToolUse hook in `$CODEX_HOME/config.toml` (the same matcher, command and timeout as
 * docs/cli.md's Claude Code settings). `codex exec` silently skips a hook nobody trusted, so each
 * run first trusts it as Codex's /hooks review does (trust-codex-hooks.ts, through Codex's own
 * app-server); the sandbox is workspace-write, where Codex's own policy lets the write run unasked.
 *
 * What Codex does with the hook's answers today: `deny` blocks the call and its reason reaches
 * the model; `allow` and `ask` are "unsupported permissionDecision" to Codex — the hook shows as
 * Failed and the call runs under Codex's own policy. So an approval runs the call, and so does
 * no answer at all: the last test records that Cast's Claude Code door fails open under Codex.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { world } from '../support/agent-world';
import { castOnPath } from '../support/hosts/cast-on-path';
import { documentedClaudeHookSettings } from '../support/hosts/documented-settings';
import { hostBinaries } from '../support/hosts/host-binaries';
import { openCardOf } from '../support/hosts/open-card';
import { callOutputText, startOpenAiStandIn, type OpenAiStandIn } from '../support/hosts/openai-stand-in';
import { startRefusingProxy, type RefusingProxy } from '../support/hosts/refusing-proxy';
import { startCodex } from '../support/hosts/run-codex';
import type { HostRun, RunningHost } from '../support/hosts/run-host';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let proxy: RefusingProxy;
const models: OpenAiStandIn[] = [];
/** Each test's temporary HOME, project and host state, removed at the end. */
const roots: string[] = [];
beforeAll(async () => {
  hostBinaries(); // installs the pinned hosts if this run has none yet
  [cast, proxy] = await Promise.all([startTestCast(), startRefusingProxy()]);
});
/** Hosts still running when a test ends (it failed midway) are killed, not left waiting on a hook. */
const hosts: RunningHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) if (!host.ended()) host.child.kill('SIGKILL');
  await Promise.all(models.splice(0).map((model) => model.stop()));
});
afterAll(async () => {
  await cast?.stop();
  await proxy?.stop();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** docs/cli.md's PreToolUse hook, in Codex's config.toml shape. */
function documentedHookAsCodexToml(): string {
  const [group] = documentedClaudeHookSettings().hooks.PreToolUse!;
  const [hook] = group!.hooks;
  return [
    '[[hooks.PreToolUse]]',
    `matcher = ${JSON.stringify(group!.matcher)}`,
    '[[hooks.PreToolUse.hooks]]',
    'type = "command"',
    `command = ${JSON.stringify(hook!.command)}`,
    `timeout = ${hook!.timeout}`,
  ].join('\n');
}

async function codexInProject(castUrl = cast.url) {
  const member = await cast.newMember();
  const person = world(cast, member);
  const { token } = await agentTokenOf(cast.pool, member, 'Codex');
  const root = mkdtempSync(join(tmpdir(), 'cast-host-codex-'));
  roots.push(root);
  const project = join(root, 'notes');
  mkdirSync(join(root, 'home'), { recursive: true });
  mkdirSync(project, { recursive: true });
  const model = await startOpenAiStandIn([
    { functionCall: { name: 'exec_command', arguments: { cmd: 'echo hi > out.txt' } } },
    { text: 'Done writing.' },
  ]);
  models.push(model);
  const running = await startCodex({
    cwd: project,
    home: join(root, 'home'),
    codexHome: join(root, 'codex-home'),
    configToml: documentedHookAsCodexToml(),
    trustHooks: true,
    args: ['exec', '--json', '--skip-git-repo-check', '-s', 'workspace-write', 'Write hi to out.txt'],
    modelUrl: model.url,
    proxyUrl: proxy.url,
    timeoutMs: 120_000,
    env: {
      PATH: `${castOnPath(root)}:${process.env.PATH}`,
      CAST_URL: castUrl,
      CAST_TOKEN: token,
      CAST_CONFIG: join(root, 'cast-config.json'),
    },
  });
  hosts.push(running);
  /** Codex's thread id, which its hooks get as session_id: the first JSONL event says it. */
  const thread = () => /"type":"thread\.started","thread_id":"([^"]+)"/.exec(running.stdout())?.[1] ?? null;
  return { person, project, model, thread, done: running.done, ended: running.ended };
}

function commandRan(run: HostRun): boolean {
  return run.stdout.split('\n').some((line) => line.includes('"type":"item.completed"') && line.includes('"type":"command_execution"'));
}

describe('cast hook claude-code, run by the real Codex (codex exec)', { timeout: 120_000 }, () => {
  it("files the shell call in the queue under Codex's thread id; approved there, the call runs", async () => {
    const codex = await codexInProject();
    const card = await openCardOf(codex.person, codex.thread, codex.ended);
    expect(card).toMatchObject({ question: 'Allow Bash?', mode: 'blocking', context: 'echo hi > out.txt' });
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);

    await codex.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    // Codex calls the hook's allow "unsupported" (the hook shows as Failed) and goes on under its
    // own policy, which lets the write run.
    expect(commandRan(run)).toBe(true);
    expect(readFileSync(join(codex.project, 'out.txt'), 'utf8')).toBe('hi\n');
  });

  it('rejected in the queue with a reason, the call is blocked and the reason reaches the model', async () => {
    const codex = await codexInProject();
    const card = await openCardOf(codex.person, codex.thread, codex.ended);
    await codex.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this folder; use scratch/.');
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
    expect(codex.model.callOutputs().map(callOutputText)).toEqual([
      `Command blocked by PreToolUse hook: Denied in Cast (${card.id}): Not in this folder; use scratch/.. Command: echo hi > out.txt`,
    ]);
  });

  // Issue 31 item 12: with Cast unreachable the hook prints "ask", which Codex does not support,
  // and the write runs with nobody asked. Marked as failing until Codex has a door that denies.
  it.fails('with Cast unreachable, Codex never runs the call (today it does: the Claude Code door fails open under Codex)', async () => {
    const codex = await codexInProject(`http://127.0.0.1:9/${randomUUID()}`);
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
  });
});
