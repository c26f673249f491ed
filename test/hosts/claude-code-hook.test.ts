/**
 * `cast hook claude-code` under the real Claude Code (issue 31 "Tested with the real hosts";
 * cast-decide "Permission prompts in the same queue"): the pinned `claude` binary, run headless
 * (`claude -p`) against a scripted model on loopback, with the hook settings written exactly as
 * docs/cli.md shows them and the real `cast` on its PATH. The model asks for a Bash call that
 * writes a file; a person answers the card in the queue; the call runs or not, and what the
 * model is told next is read from its next request.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { world } from '../support/agent-world';
import { startAnthropicStandIn, toolResultText, type AnthropicStandIn } from '../support/hosts/anthropic-stand-in';
import { castOnPath } from '../support/hosts/cast-on-path';
import { openCardOf } from '../support/hosts/open-card';
import { documentedClaudeHookSettings } from '../support/hosts/documented-settings';
import { hostBinaries } from '../support/hosts/host-binaries';
import { startRefusingProxy, type RefusingProxy } from '../support/hosts/refusing-proxy';
import { startClaude } from '../support/hosts/run-claude';
import type { HostRun, RunningHost } from '../support/hosts/run-host';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let proxy: RefusingProxy;
const models: AnthropicStandIn[] = [];
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

const WRITE_HI = { toolUse: { name: 'Bash', input: { command: 'echo hi > out.txt', description: 'Write hi to out.txt' } } };

/** A person, their agent's token, and a project directory with the documented hook settings (the hook command adjusted by `command`). */
async function claudeInProject(options: { castUrl?: string; command?: (documented: string) => string } = {}) {
  const member = await cast.newMember();
  const person = world(cast, member);
  const { token } = await agentTokenOf(cast.pool, member, 'Claude Code');
  const root = mkdtempSync(join(tmpdir(), 'cast-host-claude-'));
  roots.push(root);
  const home = join(root, 'home');
  const project = join(root, 'notes');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  const settings = documentedClaudeHookSettings();
  for (const group of settings.hooks.PreToolUse!)
    for (const hook of group.hooks) hook.command = options.command?.(hook.command) ?? hook.command;
  writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
  const model = await startAnthropicStandIn([WRITE_HI, { text: 'Done writing.' }]);
  models.push(model);
  const session = randomUUID();
  const running = startClaude({
    cwd: project,
    home,
    args: ['-p', 'Write hi to out.txt', '--output-format', 'json', '--session-id', session],
    modelUrl: model.url,
    proxyUrl: proxy.url,
    timeoutMs: 120_000,
    env: {
      PATH: `${castOnPath(root)}:${process.env.PATH}`,
      CAST_URL: options.castUrl ?? cast.url,
      CAST_TOKEN: token,
      CAST_CONFIG: join(root, 'cast-config.json'),
    },
  });
  hosts.push(running);
  return { person, project, model, session, done: running.done, ended: running.ended };
}

function result(run: HostRun) {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { session_id: string; stop_reason: string; result: string; is_error: boolean };
}

describe('cast hook claude-code, run by the real Claude Code (claude -p)', { timeout: 120_000 }, () => {
  it('files the Bash call in the queue under Claude’s session; approved there, the call runs and the model reads its result', async () => {
    const claude = await claudeInProject();
    const card = await openCardOf(claude.person, () => claude.session, claude.ended);
    expect(card).toMatchObject({ question: 'Allow Bash?', mode: 'blocking', context: 'echo hi > out.txt' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);

    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await claude.done;
    expect(result(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn', result: 'Done writing.', is_error: false });
    expect(readFileSync(join(claude.project, 'out.txt'), 'utf8')).toBe('hi\n');
    expect(claude.model.toolResults()).toEqual([expect.objectContaining({ is_error: false })]);
    expect(toolResultText(claude.model.toolResults()[0]!)).toBe('(Bash completed with no output)');
    expect(proxy.connections()).toBe(0);
  });

  it('rejected in the queue with a reason, the call does not run and the model’s next request carries the reason', async () => {
    const claude = await claudeInProject();
    const card = await openCardOf(claude.person, () => claude.session, claude.ended);
    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this folder; use scratch/.');
    const run = await claude.done;
    expect(result(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn', is_error: false });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [denied] = claude.model.toolResults();
    expect(denied).toMatchObject({ is_error: true });
    expect(toolResultText(denied!)).toBe(`PreToolUse:Bash hook error: Denied in Cast (${card.id}): Not in this folder; use scratch/.`);
    expect(proxy.connections()).toBe(0);
  });

  it('issue 31 item 7: Cast unreachable, the call does not run and the model is told so, never promised a terminal claude -p has not got', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const claude = await claudeInProject({ castUrl: url });
    const run = await claude.done;
    expect(result(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [blocked] = claude.model.toolResults();
    expect(blocked).toMatchObject({ is_error: true });
    const told = toolResultText(blocked!);
    expect(told).toMatch(
      new RegExp(`^Cannot reach Cast at ${url}: .*ECONNREFUSED.*The call did not run: this run has no terminal to ask in\\.$`),
    );
    expect(told).not.toMatch(/terminal instead/);
  });

  it('issue 31 item 7: Cast silent past --timeout, the call does not run and the model reads why', async () => {
    const silent = await silentServer();
    try {
      const claude = await claudeInProject({
        castUrl: silent.url,
        command: (documented) => documented.replace('--timeout 10m', '--timeout 3s'),
      });
      const run = await claude.done;
      expect(result(run)).toMatchObject({ stop_reason: 'end_turn' });
      expect(run.ms).toBeLessThan(60_000);
      expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
      const [blocked] = claude.model.toolResults();
      expect(toolResultText(blocked!)).toBe('Cast did not answer within 3s. The call did not run: this run has no terminal to ask in.');
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A "Cast" that accepts connections and never answers a byte. */
async function silentServer() {
  const sockets = new Set<Socket>();
  let seen = 0;
  const server = createTcpServer((socket) => {
    seen += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
