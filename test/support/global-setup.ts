/**
 * Starts what the whole test run shares: a real Temporal dev server (in memory, on a free
 * port) and the database — the one DATABASE_URL names, else Cast's embedded PostgreSQL in a
 * temporary directory — with
 * migrations applied, and the workflow bundle built once.
 */
import { bundleWorkflowCode } from '@temporalio/worker';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { migrate } from '../../db/migrate';
import { createPool } from '../../db/pool';
import { loadEnv } from '../../runtime/env';
import { provideTemporal } from '../../scripts/provide-temporal';
import { startTemporalDevServer } from '../../scripts/temporal-dev-server';
import { WORKFLOWS_PATH } from '../../worker';
import { freePort } from '../../runtime/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    databaseUrl: string;
    workflowBundlePath: string;
  }
}

export default async function setup(project: TestProject) {
  // The CLI tests run the compiled `cast`, as an agent host installs it: rebuilt when its sources changed.
  execFileSync(process.execPath, ['scripts/ensure-cli.mjs'], { stdio: 'inherit', cwd: join(import.meta.dirname, '../..') });
  const env = loadEnv();
  const [temporal, embedded, bundle] = await Promise.all([
    startTemporalDevServer({ binary: await provideTemporal(env), port: await freePort() }),
    env.DATABASE_URL
      ? Promise.resolve(null)
      : startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'cast-test-pg-')), removeOnStop: true, skipFsync: true }),
    bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietBundlerLogger }),
  ]);
  const databaseUrl = env.DATABASE_URL ?? embedded!.url;
  const pool = createPool(databaseUrl);
  await migrate(pool);
  await pool.end();

  const bundleDir = mkdtempSync(join(tmpdir(), 'cast-test-bundle-'));
  const workflowBundlePath = join(bundleDir, 'workflows.js');
  writeFileSync(workflowBundlePath, bundle.code);

  project.provide('temporalAddress', temporal.address);
  project.provide('databaseUrl', databaseUrl);
  project.provide('workflowBundlePath', workflowBundlePath);

  return async () => {
    await temporal.stop();
    await embedded?.stop();
    rmSync(bundleDir, { recursive: true, force: true });
  };
}

const quiet = () => {};
export const quietBundlerLogger = { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: console.error };
