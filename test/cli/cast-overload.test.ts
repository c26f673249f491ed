/**
 * Issue 29 item 7: nothing an agent files is lost to overload. Against an API that admits one
 * write at a time, with that slot held, several `cast decide` processes are refused 503
 * `overloaded`; each says on stderr that it waits (stdout stays the card alone), retries within
 * its bound, and lands its decision exactly once when room opens.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionBody } from '../support/fixtures';
import { startTestCast, type TestCast } from '../support/test-cast';
import { until } from '../support/until';
import { castShell, jsonOf, startCast } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ maxWritesInFlight: 1 });
});
afterAll(() => cast?.stop());

describe('cast decide under overload', () => {
  it('refused 503 overloaded, every filing waits on stderr, retries, and lands once', async () => {
    const me = await cast.newMember();
    const shell = castShell({ url: cast.url, token: me.token });
    // The one slot, held by a filing that waits for the stopped worker.
    await cast.stopWorker();
    const held = cast.request(me.token, 'POST', '/api/v1/decisions', { ...decisionBody('Holding?'), session: `conv-${randomUUID()}` });
    await until(
      async () => cast.admission.writesInFlight,
      (inFlight) => inFlight === 1,
    );

    const questions = Array.from({ length: 4 }, (_, index) => `Overloaded ${index}?`);
    const runs = questions.map((question) => {
      const started = startCast(['decide', question, '-o', 'Ship', '-o', 'Hold', '--context', 'Filed while Cast sheds load.', '--json'], {
        cwd: shell.dir,
        env: shell.env,
      });
      let stderr = '';
      started.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      return { ...started, stderr: () => stderr };
    });
    const waiting = await until(
      async () => runs.map((run) => run.stderr()),
      (stderrs) => stderrs.every((text) => text.includes('retrying in')) || runs.some((run) => run.child.exitCode !== null),
      30_000,
    );
    expect(
      waiting.filter((text) => text.includes('Cast is busy with other writes (503 overloaded); retrying in')).length,
    ).toBeGreaterThanOrEqual(1);
    await cast.startWorker();
    await held;

    for (const run of runs) {
      const done = await run.done;
      expect(done.code, done.stderr).toBe(0);
      expect(jsonOf<{ id: string; created: boolean }>(done)).toMatchObject({ id: expect.stringMatching(/^sd-\d+$/), created: true });
      expect(done.stdout).not.toContain('retrying');
    }
    const { rows } = await cast.pool.query<{ question: string; n: number }>(
      'select question, count(*)::int as n from decisions where workspace_id = $1 and question like $2 group by question order by question',
      [me.workspaceId, 'Overloaded %'],
    );
    expect(rows).toEqual(questions.map((question) => ({ question, n: 1 })));
  });
});
