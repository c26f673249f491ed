/** A second API process over a test Cast's database and Temporal: what another replica sees. */
import { startApi, type RunningApi } from '../../api/server';
import { createLogger } from '../../runtime/logger';
import { UNBOUNDED_WRITES, type TestCast } from './test-cast';
import { plainTarget } from '../../runtime/temporal-connection';

export function startSecondApi(
  cast: TestCast,
  options: Pick<Parameters<typeof startApi>[0], 'rateLimits' | 'maxWritesInFlight'> = {},
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
