/**
 * DESIGN §8 — killing the worker, the API, the Temporal server or the PostgreSQL server
 * mid-load loses no answer and delivers none twice. A short `npm run chaos` (about 20 s of
 * load, each of the four SIGKILLed once, on the embedded PostgreSQL) runs with every suite;
 * it fails when an accepted answer is lost, a decision resolves twice, a webhook is missing,
 * or a row differs from its workflow.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('chaos: SIGKILL every process once under load', () => {
  it('loses no accepted answer, resolves none twice, misses no webhook, and leaves rows equal to their workflows', async () => {
    const env = { ...process.env };
    // Cast's own embedded server, which chaos may kill (a DATABASE_URL server is not its to kill).
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/chaos.ts', '--seconds', '20'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const report = output
      .split('\n')
      .filter((line) => line.startsWith('[chaos]'))
      .join('\n');
    expect(code, output).toBe(0);
    for (const victim of ['the worker', 'the API', 'the Temporal server', 'the PostgreSQL server']) {
      expect(report).toContain(`SIGKILL ${victim}`);
      expect(report).toContain(`${victim} restarted`);
    }
    expect(report).toMatch(/answers accepted [1-9]\d*, lost 0/);
    expect(report).toContain('passed: no answer lost');
  }, 300_000);
});
