/** A second API process over a test Cast's database and Temporal: what another replica sees. */
import { startApi, type RunningApi } from '../../api/server';
import { createLogger } from '../../runtime/logger';
import { UNBOUNDED_WRITES, type TestCast } from './test-cast';
import { plainTarget } from '../../runtime/temporal-connection';
import { testPool } from './test-pool';

export function startSecondApi(
  cast: TestCast,
  options: Pick<Parameters<typeof startApi>[0], 'rateLimits' | 'waitFallbackMs' | 'maxWritesInFlight' | 'oidc' | 'publicUrl'> = {},
): Promise<RunningApi> {
  return startApi({
    checkResponses: true,
    pool: cast.pool,
    logger: createLogger('silent'),
    host: '127.0.0.1',
    port: 0,
    temporal: plainTarget(cast.temporalAddress, cast.taskQueue),
    maxWritesInFlight: UNBOUNDED_WRITES,
    ...options,
  });
}

/**
 * An API over the database and the Temporal server given (a dead port for one that is away),
 * with a pool of its own that `stop` ends too: what a replica sees when a dependency is down.
 */
export async function startApiOver(databaseUrl: string, temporalAddress: string, taskQueue: string): Promise<RunningApi> {
  const pool = testPool(databaseUrl, taskQueue);
  const api = await startApi({
    checkResponses: true,
    pool,
    logger: createLogger('silent'),
    host: '127.0.0.1',
    port: 0,
    temporal: plainTarget(temporalAddress, taskQueue),
  });
  return {
    ...api,
    async stop(boundMs?: number) {
      const drained = await api.stop(boundMs);
      await pool.end();
      return drained;
    },
  };
}
