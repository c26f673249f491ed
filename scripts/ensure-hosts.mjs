#!/usr/bin/env node
// Provides the real agent hosts the host tests drive (issue 31), so `npm test` needs nothing
// installed by hand: the pinned Claude Code and Codex from npm, installed with
// `npm install --prefix .tools/hosts --no-save` (never into the repo's node_modules). Both ship
// their native binary in an optional dependency: Claude Code's postinstall links it to
// `@anthropic-ai/claude-code/bin/claude.exe`; Codex's launcher (bin/codex.js, a Node script)
// starts `@openai/codex-linux-x64/vendor/<triple>/bin/codex`, which the tests run directly.
// Quick when both are there at the pinned versions (they answer `--version`). `--print-paths`
// prints `{"claude": …, "codex": …}` and installs first if needed: test/support/hosts/ asks this
// script, so the paths are known here alone. Plain JS, like ensure-chromium.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLAUDE_CODE_VERSION = '2.1.332';
export const CODEX_VERSION = '0.171.0';
const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.tools', 'hosts');
const MODULES = join(DIR, 'node_modules');

const say = (line) => process.stderr.write(`[hosts] ${line}\n`);

/** Codex's native binary: `vendor/<target triple>/bin/codex` inside its platform package. */
function codexPath() {
  const vendor = join(MODULES, '@openai', `codex-${platform()}-${arch()}`, 'vendor');
  const triple = existsSync(vendor) ? readdirSync(vendor).find((name) => existsSync(join(vendor, name, 'bin', 'codex'))) : undefined;
  return triple ? join(vendor, triple, 'bin', 'codex') : join(vendor, 'missing', 'bin', 'codex');
}

const paths = () => ({ claude: join(MODULES, '@anthropic-ai', 'claude-code', 'bin', 'claude.exe'), codex: codexPath() });

/** `claude --version` prints "2.1.332 (Claude Code)"; `codex --version` prints "codex-cli 0.171.0". */
function reports(binary, version) {
  if (!existsSync(binary)) return false;
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, DISABLE_AUTOUPDATER: '1' } });
  return run.status === 0 && new RegExp(`(^|\\s)${version.replaceAll('.', '\\.')}(\\s|$)`).test(run.stdout.trim());
}

const ready = () => reports(paths().claude, CLAUDE_CODE_VERSION) && reports(paths().codex, CODEX_VERSION);

if (!ready()) install();

function install() {
  // Two test files may ask at once (vitest runs two forks): one installs, the other waits for it.
  const lock = `${DIR}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (ready()) return;
      // A lock older than ten minutes is a crashed install's.
      if (Date.now() > deadline || Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10 * 60_000) {
        rmSync(lock, { recursive: true, force: true });
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
    }
  }
  try {
    if (!ready()) installUnlocked();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (!ready()) {
    say(`the host tests need Claude Code ${CLAUDE_CODE_VERSION} and Codex ${CODEX_VERSION}, and they could not be installed here.`);
    process.exit(1);
  }
}

function installUnlocked() {
  const started = Date.now();
  say(`installing @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} and @openai/codex@${CODEX_VERSION} into .tools/hosts/…`);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        DIR,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '--no-update-notifier',
        `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`,
        `@openai/codex@${CODEX_VERSION}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], cwd: DIR },
    );
  } catch (error) {
    say(`npm install failed: ${error.message.split('\n')[0]}`);
  }
  if (ready()) say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv.includes('--print-paths')) process.stdout.write(`${JSON.stringify(paths())}\n`);
else say(`claude ${paths().claude}\n[hosts] codex ${paths().codex}`);
