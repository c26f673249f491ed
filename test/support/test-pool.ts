import { inject } from 'vitest';
import { createPool, type Pool } from '../../db/pool';

/** A pool on the run's database. */
export function testPool(databaseUrl = inject('databaseUrl'), taskQueue?: string): Pool {
  return createPool(databaseUrl, 10, taskQueue);
}
