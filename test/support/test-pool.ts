import { inject } from 'vitest';
import { createEmbeddedPool } from '../../db/embedded-postgres';
import { createPool, type Pool } from '../../db/pool';

/** A pool on the run's database, sized for it (the embedded one takes one connection). */
export function testPool(databaseUrl = inject('databaseUrl')): Pool {
  return inject('databaseKind') === 'embedded' ? createEmbeddedPool(databaseUrl) : createPool(databaseUrl, 10);
}
