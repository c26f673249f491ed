/**
 * Issue 31 item 12, Codex's hook from a shell: `cast install codex` writes Codex's hooks.json
 * (kept whole, Cast's entry once), and `cast hook codex` denies — in the shape of the event it
 * was run for — whenever no person's answer can be had, never printing nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_RUN, codexHookCommand } from '../../cli/hosts/codex/install-hooks';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { CAST_BIN, jsonOf, runCast, startCast } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const payload = (event: string) =>
  JSON.stringify({
    session_id: 'thread-1',
    hook_event_name: event,
    tool_name: 'Bash',
    tool_input: { command: 'echo hi > out.txt' },
    cwd: tmpdir(),
  });
const unreachable = { CAST_URL: 'http://127.0.0.1:9', CAST_TOKEN: 'cast_unused', CAST_CONFIG: join(tmpdir(), 'cast-codex-none.json') };

describe('issue 31 item 12: cast install codex', () => {
  it("writes cast hook codex as Codex's PermissionRequest hook, keeps the file's other hooks, and a second run changes nothing", async () => {
    const codexHome = mkdtempSync(join(tmpdir(), 'cast-codex-home-'));
    const other = { hooks: [{ type: 'command', command: 'lint-on-stop' }] };
    const older = { hooks: [{ type: 'command', command: 'cast hook codex --timeout 1m', timeout: 90 }] };
    writeFileSync(join(codexHome, 'hooks.json'), JSON.stringify({ hooks: { Stop: [other], PermissionRequest: [older] } }));

    const first = await runCast(['install', 'codex'], { env: { CODEX_HOME: codexHome } });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('(updated)');
    expect(first.stdout).toContain('/hooks');
    expect(first.stdout).toContain('--approve-for-me');
    expect(JSON.parse(readFileSync(join(codexHome, 'hooks.json'), 'utf8'))).toEqual({
      hooks: {
        Stop: [other],
        // This cast by absolute path (the node and the script that ran the install), inside a line that fails closed.
        PermissionRequest: [{ hooks: [{ type: 'command', command: codexHookCommand([process.execPath, CAST_BIN]), timeout: 660 }] }],
      },
    });
    const again = await runCast(['install', 'codex', '--json'], { env: { CODEX_HOME: codexHome } });
    expect(jsonOf(again)).toMatchObject({ file: join(codexHome, 'hooks.json'), outcome: 'unchanged' });
  });

  it('writes exactly the hooks.json docs/hosts/codex.md shows', async () => {
    const codexHome = mkdtempSync(join(tmpdir(), 'cast-codex-home-'));
    const run = await runCast(['install', 'codex'], { env: { CODEX_HOME: codexHome } });
    expect(run.code, run.stderr).toBe(0);
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/hosts/codex.md'), 'utf8');
    const shown = /```json\n(\{\n {2}"hooks"[\s\S]*?\n\})\n```/.exec(doc)?.[1];
    // The page shows an install's paths as a global npm install puts them.
    const written = readFileSync(join(codexHome, 'hooks.json'), 'utf8')
      .replaceAll(process.execPath, '/usr/local/bin/node')
      .replaceAll(CAST_BIN, '/usr/local/lib/node_modules/@cast/cli/dist/cast.cjs');
    expect(`${shown}\n`).toBe(written);
  });

  it('issue 38 item 8: the installed command answers deny when the cast it runs cannot run, and passes on its verdict when it can', () => {
    const hookInput = payload('PermissionRequest');
    const run = (command: string, env: Record<string, string>) => {
      const result = spawnSync('sh', ['-c', command], { input: hookInput, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', ...env } });
      // A command that fails before reading its input closes the pipe while the payload is still
      // being written: that EPIPE is the very case under test, not a fault of the run.
      if (result.error && (result.error as NodeJS.ErrnoException).code !== 'EPIPE') throw result.error;
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    // No cast, no node on this PATH: the absolute paths still run it (here it reaches no Cast, so its own deny).
    const ran = run(codexHookCommand([process.execPath, CAST_BIN]), unreachable);
    expect(ran.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(ran)).toMatchObject({
      hookSpecificOutput: { decision: { behavior: 'deny', message: expect.stringContaining('Cannot reach Cast') } },
    });
    // The script it was installed from is gone (moved, uninstalled): the line itself denies, saying why.
    const gone = run(codexHookCommand([process.execPath, join(tmpdir(), 'cast-moved-away', 'cast.cjs')]), unreachable);
    expect(gone).toBe(`${CANNOT_RUN}\n`);
    expect(JSON.parse(gone)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: {
          behavior: 'deny',
          message:
            'cast hook codex could not run (its command is missing, or it failed before answering); run cast install codex again where cast is installed. Nobody approved this call in Cast, so Codex does not run it.',
        },
      },
    });
    // So is the node it was installed with.
    expect(run(codexHookCommand(['/nonexistent/node', CAST_BIN]), unreachable)).toBe(`${CANNOT_RUN}\n`);
  });

  it("with --project, writes the repository's .codex/hooks.json; a hooks.json that is not JSON is left alone", async () => {
    const project = mkdtempSync(join(tmpdir(), 'cast-codex-project-'));
    const run = await runCast(['install', 'codex', '--project', '--json'], { cwd: project, env: { CODEX_HOME: join(project, 'unused') } });
    expect(jsonOf(run)).toMatchObject({ file: join(project, '.codex', 'hooks.json'), outcome: 'added' });
    writeFileSync(join(project, '.codex', 'hooks.json'), '{ not json');
    const broken = await runCast(['install', 'codex', '--project'], { cwd: project });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not a JSON object');
    expect(readFileSync(join(project, '.codex', 'hooks.json'), 'utf8')).toBe('{ not json');
  });
});

describe('issue 31 item 12: cast hook codex denies whenever no person answered', () => {
  const reply = (stdout: string) => JSON.parse(stdout) as { hookSpecificOutput: Record<string, unknown> };

  it('Cast unreachable: a PermissionRequest deny with the reason, exit 0', async () => {
    const run = await runCast(['hook', 'codex'], { input: payload('PermissionRequest'), env: unreachable });
    expect(run.code).toBe(0);
    expect(reply(run.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PermissionRequest',
      decision: {
        behavior: 'deny',
        message: expect.stringMatching(/^Cannot reach Cast at .*Nobody approved this call in Cast, so Codex does not run it\.$/),
      },
    });
  });

  it('stdin not JSON, or a malformed command line: deny, never nothing', async () => {
    for (const [args, input] of [
      [['hook', 'codex'], 'not json'],
      [['hook', 'codex', '--timeout'], payload('PermissionRequest')],
      [['hook', 'codex', '--timeout', 'soon'], payload('PermissionRequest')],
    ] as const) {
      const run = await runCast([...args], { input, env: unreachable });
      expect(run.code, args.join(' ')).toBe(0);
      expect(reply(run.stdout).hookSpecificOutput, args.join(' ')).toMatchObject({ decision: { behavior: 'deny' } });
    }
  });

  it('run as a PreToolUse hook, it denies in PreToolUse shape (the one answer Codex honours there) and says where it belongs', async () => {
    const run = await runCast(['hook', 'codex'], { input: payload('PreToolUse'), env: unreachable });
    expect(run.code).toBe(0);
    expect(reply(run.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringContaining('Put it under [[hooks.PermissionRequest]] (cast install codex).'),
    });
  });

  it("SIGTERM while the card waits (Codex cancelling the hook): the card is withdrawn and the call denied, in the thread's session", async () => {
    const member = await cast.newMember();
    const person = world(cast, member);
    const { token } = await agentTokenOf(cast.pool, member, 'Codex');
    const thread = `thread-${Date.now()}`;
    const input = JSON.parse(payload('PermissionRequest')) as Record<string, unknown>;
    const running = startCast(['hook', 'codex'], {
      input: JSON.stringify({ ...input, session_id: thread }),
      env: { CAST_URL: cast.url, CAST_TOKEN: token, CAST_CONFIG: join(tmpdir(), 'cast-codex-none.json') },
    });
    let cardId: string | undefined;
    await expect
      .poll(
        async () => {
          const listed = await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: thread } }).catch(() => null);
          cardId = listed?.decisions.find((entry) => entry.decision.status === 'open')?.decision.id;
          return cardId;
        },
        { timeout: 20_000 },
      )
      .toBeDefined();
    running.child.kill('SIGTERM');
    const run = await running.done;
    expect(run.code).toBe(0);
    expect(reply(run.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PermissionRequest',
      decision: {
        behavior: 'deny',
        message: `Stopped by SIGTERM; ${cardId} was withdrawn. Nobody approved this call in Cast, so Codex does not run it.`,
      },
    });
    expect((await person.decision(cardId!)).status).toBe('withdrawn');
  });
});
