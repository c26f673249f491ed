/**
 * Production: the compiled build. `npm run build`, `npm ci --omit=dev` in a copy holding only the
 * artifact, then the README's sequence — migrate, admin init, a worker, an API — each a plain
 * `node dist/….js` configured by the environment alone. Schema and code agree or nothing starts;
 * a setting Cast cannot honour stops the process, naming it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadMigrations } from '../../db/migrate';
import { buildLevel } from '../../db/schema-level';
import { decisionRoutes } from '../../domain/routes/decisions';
import { freePort } from '../../runtime/free-port';
import { decisionBody } from '../support/fixtures';
import { freshDatabase } from '../support/fresh-database';
import { productionCopy, runProcess, startProcess, type CastProcess, type ProductionCopy } from '../support/production-copy';
import { startOtlpReceiver } from '../support/otlp-receiver';
import { typedCallsOver } from '../support/typed-calls';
import { until } from '../support/until';

let copy: ProductionCopy;
let databaseUrl: string;
const running: CastProcess[] = [];
const taskQueue = `production-${randomUUID()}`;
const temporal = () => ({ TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: taskQueue });

beforeAll(async () => {
  [copy, databaseUrl] = await Promise.all([productionCopy(), freshDatabase(inject('databaseUrl'), 'cast_production')]);
}, 600_000);

afterAll(async () => {
  for (const process of running) await process.stop();
  copy?.remove();
});

/** `admin init` for the workspace Acme and its owner Dana, with more flags and environment as given. */
const init = (flags: string[] = [], env: Record<string, string> = {}) =>
  runProcess(copy, 'admin', { DATABASE_URL: databaseUrl, ...env }, ['init', '--workspace', 'Acme', '--owner', 'Dana', ...flags]);

/** The owner's token `admin init` printed, for the tests after it. */
let ownerToken = '';

/** Polls an API's `/healthz` until it answers 200 (its worker polling), or a minute passes. */
const healthy = (url: string) =>
  until(
    () =>
      fetch(`${url}/healthz`).then(
        (response) => response.status,
        () => 0,
      ),
    (status) => status === 200,
    60_000,
  );

function start(name: 'api' | 'worker', env: Record<string, string>): CastProcess {
  const started = startProcess(copy, name, env);
  running.push(started);
  return started;
}

describe('the compiled build', () => {
  it('holds JavaScript alone: no TypeScript source to bundle, and no tsx, vite or esbuild installed', () => {
    // webpack stays installed as a dependency of the Temporal SDK, whose index loads its bundler
    // module; with no workflows/ source here, a worker that tried to bundle would fail to start.
    for (const tool of ['tsx', 'vite', 'esbuild']) expect(existsSync(join(copy.dir, 'node_modules', tool)), tool).toBe(false);
    for (const source of ['workflows', 'bin', 'api', 'worker.ts', 'tsconfig.json'])
      expect(existsSync(join(copy.dir, source)), source).toBe(false);
    const files = [
      'api.js',
      'worker.js',
      'migrate.js',
      'admin.js',
      'workflow-bundle.js',
      'workflow-bundle-traced.js',
      'migrations/0018_deployment.sql',
    ];
    for (const file of files) {
      expect(existsSync(join(copy.dir, 'dist', file)), file).toBe(true);
    }
  });

  it('refuses to start an API or a worker against a database that was never migrated, saying to run migrate', async () => {
    for (const name of ['api', 'worker'] as const) {
      const { code, output } = await runProcess(copy, name, { DATABASE_URL: databaseUrl, ...temporal(), PORT: '0' });
      expect(code, output).toBe(1);
      expect(output).toContain(`The database is at migration 0 and this build needs ${await latestMigration()}: run migrate first`);
    }
  });

  it('migrates, initialises the workspace, runs a worker and an API, and files and answers a decision', { timeout: 180_000 }, async () => {
    const migrated = await runProcess(copy, 'migrate', { DATABASE_URL: databaseUrl });
    expect(migrated.code, migrated.output).toBe(0);

    const initialised = await init(['--json']);
    expect(initialised.code, initialised.output).toBe(0);
    const outcome = JSON.parse(initialised.output) as { token: string; created: boolean };
    expect(outcome).toMatchObject({ created: true, token: expect.stringMatching(/^cast_/) });

    start('worker', { DATABASE_URL: databaseUrl, ...temporal() });
    const port = await freePort();
    const api = start('api', { DATABASE_URL: databaseUrl, ...temporal(), PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    expect(await healthy(url), api.output()).toBe(200);
    ownerToken = outcome.token;

    const compiled = typedCallsOver(url);
    const filed = await compiled.reply(outcome.token, decisionRoutes.fileDecision, { body: decisionBody('Ship the build?') });
    expect(filed.status).toBe(201);
    const answered = await compiled.send(outcome.token, decisionRoutes.answerAsk, {
      params: { id: filed.body.decision.id, ask: 1 },
      body: { answer: { kind: 'decision', selected: [2] } },
    });
    expect(answered.decision.status).toBe('resolved');
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT, an answer is one trace across the API and the worker', { timeout: 180_000 }, async () => {
    const collector = await startOtlpReceiver();
    try {
      const traced = {
        DATABASE_URL: databaseUrl,
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        TEMPORAL_TASK_QUEUE: `traced-${randomUUID()}`,
      };
      start('worker', { ...traced, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
      const port = await freePort();
      const api = start('api', { ...traced, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, PORT: String(port) });
      const url = `http://127.0.0.1:${port}`;
      expect(await healthy(url), api.output()).toBe(200);

      const compiled = typedCallsOver(url);
      const filed = await compiled.send(ownerToken, decisionRoutes.fileDecision, { body: decisionBody('Trace the build?') });
      const answered = await fetch(`${url}/api/v1/decisions/${filed.decision.id}/asks/1/answer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ answer: { kind: 'decision', selected: [2] } }),
      });
      expect(answered.status, await answered.clone().text()).toBe(200);
      const traceId = answered.headers.get('traceparent')?.split('-')[1];
      const inTrace = async () => collector.spans().filter((span) => span.traceId === traceId);
      // Each process's batching exporter sends every 5 s, on its own clock: wait for both.
      const spans = await until(
        inTrace,
        (found) => found.some((span) => span.name.startsWith('RunActivity:')) && found.some((span) => span.service === 'cast-api'),
        30_000,
      );
      const names = spans.map((span) => `${span.service} ${span.name}`);
      expect(names).toEqual(
        expect.arrayContaining([
          'cast-api POST /api/v1/decisions/:id/asks/:ask/answer',
          'cast-api StartWorkflowUpdate:answerAsk',
          'cast-worker HandleUpdate:answerAsk',
          expect.stringMatching(/^cast-worker RunActivity:/),
        ]),
      );
    } finally {
      await collector.stop();
    }
  });

  it('admin init is idempotent, mints a second owner token only with --force, and refuses other names', async () => {
    const again = await init(['--json']);
    expect(again.code, again.output).toBe(0);
    expect(JSON.parse(again.output)).toMatchObject({ created: false, token: null, note: expect.stringContaining('--force') });

    const forced = await init(['--force', '--json']);
    expect(JSON.parse(forced.output)).toMatchObject({ created: false, token: expect.stringMatching(/^cast_/) });

    const other = await runProcess(copy, 'admin', { DATABASE_URL: databaseUrl }, ['init', '--workspace', 'Other', '--owner', 'Eve']);
    expect(other.code).toBe(1);
    expect(other.output).toContain('already initialised: workspace "Acme" with owner Dana');

    const adminToken = `cast_admin_${randomUUID()}`;
    const withEnv = await init([], { CAST_ADMIN_TOKEN: adminToken });
    expect(withEnv.code, withEnv.output).toBe(0);
    expect(withEnv.output).toContain("CAST_ADMIN_TOKEN is the owner's token.");
    expect(withEnv.output).not.toContain(adminToken);
  });

  it('refuses a database newer than the build: "this build is older than the database"', async () => {
    const ahead = await freshDatabase(inject('databaseUrl'), 'cast_ahead');
    expect((await runProcess(copy, 'migrate', { DATABASE_URL: ahead })).code).toBe(0);
    const client = new pg.Client({ connectionString: ahead });
    await client.connect();
    await client.query(`insert into schema_migrations (version, name) values (9001, 'from_a_newer_build')`);
    await client.end();
    for (const name of ['api', 'worker', 'migrate'] as const) {
      const { code, output } = await runProcess(copy, name, { DATABASE_URL: ahead, ...temporal(), PORT: '0' });
      expect(code, output).toBe(1);
      expect(output).toContain(
        `This build is older than the database: it knows migrations up to ${await latestMigration()}, and the database is at 9001`,
      );
    }
  });

  it('stops at a setting it cannot honour, naming it, with exit status 2', async () => {
    const unknown = await runProcess(copy, 'api', { DATABASE_URL: databaseUrl, CAST_PUBLIK_URL: 'https://cast.example' });
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('CAST_PUBLIK_URL: Cast has no such setting');

    const half = await runProcess(copy, 'worker', { DATABASE_URL: databaseUrl, TEMPORAL_TLS_CLIENT_CERT_PATH: '/etc/cast/client.pem' });
    expect(half.code).toBe(2);
    expect(half.output).toContain('set TEMPORAL_TLS_CLIENT_KEY_PATH too');
  });
});

/** The migration this source tree ends at: what the compiled build needs. */
async function latestMigration(): Promise<number> {
  return buildLevel(await loadMigrations());
}
