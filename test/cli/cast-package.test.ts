/**
 * The `cast` package as an agent host gets it (issue 21): `npm pack` of the cli workspace,
 * installed into an empty prefix with nothing else of Cast around it, puts `cast` on PATH;
 * it depends on nothing (no Temporal, Postgres, React or tsx: the build bundles what it
 * needs), and the installed `cast` files a decision and waits for a person's answer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { jsonOf, runCast } from './run-cast';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let cast: TestCast;
let prefix: string;
let installed: string;
beforeAll(async () => {
  cast = await startTestCast();
  const packed = mkdtempSync(join(tmpdir(), 'cast-pack-'));
  const { stdout } = await run('npm', ['pack', '--workspace', 'cli', '--pack-destination', packed, '--json'], { cwd: ROOT });
  const [tarball] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = tarball!.files.map((file) => file.path);
  prefix = mkdtempSync(join(tmpdir(), 'cast-prefix-'));
  // Offline and from an empty directory: the package needs nothing from a registry or from this repository.
  await run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(packed, tarball!.filename)], {
    cwd: mkdtempSync(join(tmpdir(), 'cast-elsewhere-')),
  });
  installed = join(prefix, 'bin', 'cast');
}, 180_000);
afterAll(() => cast?.stop());

let packedFiles: string[] = [];

/** What the installed `cast` sees: PATH with only the prefix and node, no repository around it. */
function onlyTheInstall(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}`, HOME: mkdtempSync(join(tmpdir(), 'cast-home-')), ...extra };
}

describe('the cast package', () => {
  it('packs only its compiled build, with no dependencies and no import of anything but Node itself', () => {
    expect(packedFiles.sort()).toEqual(expect.arrayContaining(['package.json', 'dist/cast.cjs']));
    expect(packedFiles.filter((file) => !file.startsWith('dist/') && file !== 'package.json' && file !== 'README.md')).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'cli/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.bin).toEqual({ cast: 'dist/cast.cjs' });

    const dist = join(prefix, 'lib/node_modules/@cast/cli/dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const outside: string[] = [];
    for (const file of files) {
      // ajv keeps, as text, the require() a standalone validator would emit ('require("ajv/dist/runtime/equal")', also in
      // template literals); it never runs them. Drop that text; the MCP round trip below proves the SDK's validation runs.
      const code = readFileSync(join(dist, file), 'utf8').replace(/['`]require\("ajv[^"]*"\)/g, '');
      for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*)["']([^"']+)["']/g)) {
        if (!specifier!.startsWith('.') && !builtins.has(specifier!)) outside.push(`${file}: ${specifier}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('installs into an empty prefix and puts cast on PATH: --version', async () => {
    const { stdout } = await run('cast', ['--version'], { env: onlyTheInstall(), cwd: tmpdir() });
    const manifest = JSON.parse(readFileSync(join(ROOT, 'cli/package.json'), 'utf8')) as { version: string };
    expect(stdout.trim()).toBe(manifest.version);
  });

  it('the installed cast mcp serves its tools to the MCP SDK’s own client', async () => {
    const transport = new StdioClientTransport({
      command: installed,
      args: ['mcp'],
      env: onlyTheInstall({ CAST_URL: cast.url, CAST_TOKEN: 'unused' }),
    });
    const client = new Client({ name: 'cast-package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['decide', 'list_decisions', 'resolve_escalation', 'wait_for_decision']);
    } finally {
      await client.close();
    }
  });

  it('the installed cast files a decision with an agent token and waits for the person’s answer', async () => {
    const owner = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, owner, 'Installed agent');
    const env = onlyTheInstall({ CAST_URL: cast.url, CAST_TOKEN: agent.token, CAST_SESSION: 'installed-session', NO_COLOR: '1' });
    const filed = await runCast(['decide', 'Which tier?', '-o', 'Basic', '-o', 'Pro', '--context', 'Pro costs $240 a month.', '--json'], {
      env,
      bin: installed,
    });
    expect(filed.code, filed.stderr).toBe(0);
    const { id } = jsonOf<{ id: string }>(filed);
    const waiting = runCast(['decide', 'wait', id, '--timeout', '30s', '--json'], { env, bin: installed });
    await new Promise((settle) => setTimeout(settle, 500));
    await world(cast, owner).answer(id, 1, { kind: 'decision', selected: [2] });
    const waited = await waiting;
    expect(waited.code, waited.stderr).toBe(0);
    expect(jsonOf<{ message: string }>(waited).message).toMatch(/^Decision: Pro\n/);
  });
});
