/**
 * `cast install claude-code` (issue 31 items 8–10, "each the exact files `cast install`
 * writes"): run for the pinned Claude Code, each way it installs writes exactly the settings its
 * docs page shows — so the host tests that run the documented settings run what install writes.
 * It keeps the rest of the settings file and replaces an earlier Cast hook rather than adding a
 * second one; with no `claude` to ask, it writes the hook event every version has.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, runCast } from '../cli/run-cast';
import { documentedClaudeHookSettings, type DocumentedVariant } from '../support/hosts/documented-settings';
import { hostBinaries } from '../support/hosts/host-binaries';

const roots: string[] = [];
let bin: string;
beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'cast-install-claude-'));
  roots.push(root);
  bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(hostBinaries().claude, join(bin, 'claude'));
});
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-install-project-'));
  roots.push(dir);
  return dir;
}

async function install(dir: string, args: string[], path = `${bin}:${process.env.PATH}`) {
  const run = await runCast(['install', 'claude-code', ...args, '--json'], { cwd: dir, env: { PATH: path, HOME: dir } });
  expect(run.code, run.stderr).toBe(0);
  return { out: jsonOf(run), settings: JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown> };
}

describe('cast install claude-code writes what the docs show', { timeout: 60_000 }, () => {
  it.each<[DocumentedVariant, string[]]>([
    ['permission-request', []],
    ['pre-tool-use', ['--event', 'pre-tool-use']],
    // --door, the old name of --event, still taken (hidden) from scripts written for an older Cast.
    ['pre-tool-use', ['--door', 'pre-tool-use']],
    ['headless', ['--headless']],
  ])('issue 31 item 8: %s — the file is exactly the documented one', async (variant, args) => {
    const { out, settings } = await install(project(), args);
    expect(out).toMatchObject({ claudeVersion: '2.1.332' });
    expect(settings).toEqual(documentedClaudeHookSettings(variant));
  });

  it('keeps the rest of the file and replaces an earlier Cast hook instead of adding one', async () => {
    const dir = project();
    mkdirSync(join(dir, '.claude'));
    const mine = { matcher: 'Bash', hooks: [{ type: 'command', command: 'my-linter' }] };
    writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ model: 'opus', hooks: { PreToolUse: [mine] } }));
    await install(dir, []);
    const { settings } = await install(dir, ['--headless']);
    expect(settings).toEqual({
      model: 'opus',
      hooks: { PreToolUse: [mine, ...documentedClaudeHookSettings('headless').hooks.PreToolUse!] },
    });
  });

  it('with no claude to ask, writes the PreToolUse hook every version has, without onFailure, and says so', async () => {
    const { out, settings } = await install(
      project(),
      [],
      `${process.env.PATH}`
        .split(':')
        .filter((dir) => dir !== bin)
        .join(':'),
    );
    expect(out).toMatchObject({ claudeVersion: null, event: 'PreToolUse', notes: [expect.stringContaining('not found')] });
    const hooks = (settings as { hooks: { PreToolUse: { matcher: string; hooks: Record<string, unknown>[] }[] } }).hooks.PreToolUse;
    expect(hooks[0]).toMatchObject({ matcher: 'Bash|Write|Edit|MultiEdit|NotebookEdit|WebFetch' });
    expect(hooks[0]!.hooks[0]).not.toHaveProperty('onFailure');
  });

  it('refuses an --event it does not know, and an --event the old --door contradicts (exit 2, nothing written)', async () => {
    for (const args of [
      ['--event', 'post-tool-use'],
      ['--event', 'pre-tool-use', '--door', 'permission-request'],
    ]) {
      const dir = project();
      const run = await runCast(['install', 'claude-code', ...args], { cwd: dir, env: { PATH: `${bin}:${process.env.PATH}`, HOME: dir } });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('--event');
      expect(existsSync(join(dir, '.claude', 'settings.json'))).toBe(false);
    }
  });
});
