import { inject } from 'vitest';
import { EMBEDDED_POOL_SIZE } from '../../db/embedded-postgres';
import { createPool, type Pool } from '../../db/pool';

/** A pool on the run's database, sized for it (the embedded one takes one connection). */
export function testPool(databaseUrl = inject('databaseUrl')): Pool {
  return createPool(databaseUrl, inject('databaseKind') === 'embedded' ? EMBEDDED_POOL_SIZE : 10);
}
