/**
 * One Cast for a test file whose tests open things that must be closed before it stops (MCP
 * clients, a second API replica, a `cast mcp` process). Started before the file's first test
 * and handed to `take`; what the tests push onto the returned list is closed newest first
 * after the last test, each whatever the others did, and then the Cast stops:
 *
 *   let cast: TestCast;
 *   const closers = castForFile((started) => (cast = started));
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestCast, type TestCast } from './test-cast';

export function castForFile(take: (cast: TestCast) => void, options?: Parameters<typeof startTestCast>[0]): Array<() => Promise<unknown>> {
  let cast: TestCast | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    cast = await startTestCast(options);
    take(cast);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await cast?.stop();
  });
  return closers;
}
