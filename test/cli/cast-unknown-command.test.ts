/**
 * Issue 39 item 11 — an unknown command is a usage error that names itself, as `gh` does: exit
 * 2, `unknown command "lsp" for "cast"` and where the commands are listed, on stderr, at the top
 * level and under a command. Before, `cast lsp --help` printed the top-level help and exited 0.
 */
import { describe, expect, it } from 'vitest';
import { Exit } from '../../cli/output';
import { runCast } from './run-cast';

describe('issue 39 item 11 — an unknown command is a usage error that names itself', () => {
  it.each([
    [['lsp', '--help'], 'lsp', 'cast'],
    [['policy'], 'policy', 'cast'],
    [['lsp'], 'lsp', 'cast'],
    [['stack', 'frob'], 'frob', 'cast stack'],
    [['stack', 'frob', '--help'], 'frob', 'cast stack'],
    [['hook', 'cursor'], 'cursor', 'cast hook'],
    [['install', 'acp', '--help'], 'acp', 'cast install'],
    [['decide', 'frobnicate'], 'frobnicate', 'cast decide'],
  ])('cast %j exits 2 naming "%s" for "%s", on stderr only', async (args, token, parent) => {
    const run = await runCast(args);
    expect(run.code).toBe(Exit.usage);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`cast: unknown command "${token}" for "${parent}"`);
    expect(run.stderr).toContain(`Run '${parent} --help' for its commands.`);
    expect(run.stderr).not.toContain('Usage:');
  });

  it('suggests the close name, and --json gives the code', async () => {
    const run = await runCast(['stak', 'ls', '--json']);
    expect(run.code).toBe(Exit.usage);
    expect(run.stderr).toContain('Did you mean "stack"?');
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'unknown_command' } });
  });

  it('known commands, help and questions still work: --help, help, a question with options', async () => {
    for (const args of [['--help'], ['stack', '--help'], ['help', 'stack'], ['decide', 'ls', '--help']]) {
      const run = await runCast(args);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain('Usage:');
    }
    // One bare word with options is a question (it fails later, for its missing context), not a command.
    const question = await runCast(['decide', 'deploy', '-o', 'Yes', '-o', 'No']);
    expect(question.stderr).not.toContain('unknown command');
  });
});
