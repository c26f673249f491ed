/**
 * `node dist/migrate.js` (or `npx tsx bin/migrate.ts`): a release's migrations, once, before its
 * processes start. Safe to run from several places at once; the first creates the deployment.
 */
import { loadMigrations, migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { buildLevel, databaseLevel, refuseNewerDatabase } from '../db/schema-level';
import { databaseUrlOf, processEnv, stop } from '../runtime/process-start';

const { env, logger } = processEnv('cast-migrate');
let url: string;
try {
  url = databaseUrlOf(env);
} catch (error) {
  stop(logger, error);
}
const pool = createPool(url, 1);
try {
  const migrations = await loadMigrations();
  const level = await databaseLevel(pool);
  const newest = buildLevel(migrations);
  refuseNewerDatabase(level, newest);
  const applied = await migrate(pool, migrations);
  logger.info({ applied, level: Math.max(level, newest) }, applied.length ? 'migrations applied' : 'database already up to date');
} catch (error) {
  stop(logger, error);
} finally {
  await pool.end();
}
