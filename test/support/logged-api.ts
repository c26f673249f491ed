/** A second API over a TestCast's database and task queue whose log lines a test can read. */
import { startApi, type RunningApi } from '../../api/server';
import { createLogger } from '../../runtime/logger';
import { plainTarget } from '../../runtime/temporal-connection';
import type { TestCast } from './test-cast';

export async function startLoggedApi(cast: TestCast): Promise<{ api: RunningApi; lines: string[] }> {
  const lines: string[] = [];
  const api = await startApi({
    checkResponses: true,
    pool: cast.pool,
    logger: createLogger('info', 'cast-api', { write: (line: string) => void lines.push(line) }),
    host: '127.0.0.1',
    port: 0,
    temporal: plainTarget(cast.temporalAddress, cast.taskQueue),
    rateLimits: null,
  });
  return { api, lines };
}
