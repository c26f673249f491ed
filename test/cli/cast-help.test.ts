/**
 * Issue 21, "There is no --version. No help page mentions CAST_URL, CAST_TOKEN, CAST_SESSION,
 * CAST_CONFIG or the exit codes": `cast --version` and `cast --help` as an agent reads them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Exit } from '../../cli/output';
import { runCast } from './run-cast';

const PACKAGE = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };

describe('cast --version and cast --help', () => {
  it('--version and -V print the version of the package.json the CLI ships in, exit 0', async () => {
    const runs = await Promise.all([runCast(['--version']), runCast(['-V'])]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(`${PACKAGE.version}\n`);
    }
  });

  it('--help ends with an Environment section (CAST_URL, CAST_TOKEN, CAST_SESSION, CAST_CONFIG) and an Exit codes section naming every code the CLI uses', async () => {
    const run = await runCast(['--help']);
    expect(run.code, run.stderr).toBe(0);
    const environment = run.stdout.indexOf('\nEnvironment:\n');
    const exitCodes = run.stdout.indexOf('\nExit codes:\n');
    expect(environment).toBeGreaterThan(run.stdout.indexOf('\nCommands:\n'));
    expect(exitCodes).toBeGreaterThan(environment);
    const environmentSection = run.stdout.slice(environment, exitCodes);
    for (const name of ['CAST_URL', 'CAST_TOKEN', 'CAST_SESSION', 'CAST_CONFIG'])
      expect(environmentSection).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    const exitSection = run.stdout.slice(exitCodes);
    const listed = [...exitSection.matchAll(/^ {2}(\d+) +\S/gm)].map((match) => Number(match[1]));
    expect(listed).toEqual(Object.values(Exit).sort((a, b) => a - b));
    expect(exitSection).toMatch(/^ {2}6 +rate-limited/m);
    // The sections are the end of the page.
    expect(exitSection.trimEnd().split('\n').at(-1)).toContain('cast hook claude-code');
  });

  it('a subcommand’s help stays about the command: no environment or exit-code sections', async () => {
    const run = await runCast(['decide', 'ls', '--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('Exit codes:');
  });
});
