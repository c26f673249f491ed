/**
 * Issue 29 item 4 — metrics. Each kind of Cast process serves Prometheus text on a port of its
 * own: an API replica (bin/api.ts) and a worker replica (bin/worker.ts) as separate processes,
 * and `npm start`'s one process (scripts/start-all.ts), whose one port carries the API's and the
 * worker's metrics. After real work (filings, an answer delivered to its agent's session, a
 * withdrawal, an archive, webhook deliveries that land and that are refused, a rate-limit
 * refusal), every scrape passes `promtool check metrics` and holds the named series with the
 * values the work implies, the Temporal SDK's own worker metrics among them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember, createWorkspace, mintToken } from '../../db/tenancy';
import type { Pool } from '../../db/pool';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { freeFixedPort } from '../../runtime/free-port';
import { decisionBody } from '../support/fixtures';
import { freshDatabase } from '../support/fresh-database';
import { find, promtoolCheck, scrape, value } from '../support/prometheus-text';
import { testPool } from '../support/test-pool';
import { typedCallsOver } from '../support/typed-calls';
import { until } from '../support/until';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const ROOT = join(import.meta.dirname, '../..');

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const running: Started[] = [];

/** `tsx <entry>` as a process of its own, with the run's PostgreSQL and Temporal and `env`. */
function startEntry(entry: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, TEMPORAL_ADDRESS: inject('temporalAddress'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = { child, output: () => output, exited };
  running.push(started);
  return started;
}

/** Waits until `url` answers, failing early with the process's output when it exits. */
async function serving(started: Started, url: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited with ${started.child.exitCode}:\n${started.output()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered:\n${started.output()}`);
}

/**
 * A scrape that Prometheus's own parser accepts, and its linter too, but for prom-client's
 * default gauges named `nodejs_active_*_total` (promtool then exits 3): Cast's own names and
 * the Temporal core's pass clean.
 */
async function checkedScrape(url: string): Promise<string> {
  const text = await scrape(url);
  const checked = await promtoolCheck(text);
  const advice = checked.output.split('\n').filter(Boolean);
  expect(advice.filter((line) => !/^nodejs_active_\w+_total non-counter metrics/.test(line))).toEqual([]);
  expect(checked.status, checked.output).toBe(advice.length ? 3 : 0);
  return text;
}

/** An advisory decision names its default (the recommended option). */
const modeOf = (mode: 'blocking' | 'advisory') => (mode === 'advisory' ? { mode, defaultOption: 2 } : { mode });

afterAll(async () => {
  for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
  await Promise.all(running.map((started) => started.exited));
});

describe('an API and a worker, each its own process, each its own metrics port', () => {
  const taskQueue = `metrics-${randomUUID()}`;
  let pool: Pool;
  let receiver: WebhookReceiver;
  let apiMetrics = '';
  let workerMetrics = '';
  let cast: ReturnType<typeof typedCallsOver>;
  let token = '';
  let apiUrl = '';

  beforeAll(async () => {
    pool = testPool();
    receiver = await startWebhookReceiver((path) => (path === '/gone' ? 410 : 200));
    const [apiPort, apiMetricsPort, workerMetricsPort] = [await freeFixedPort(), await freeFixedPort(), await freeFixedPort()];
    const env = { DATABASE_URL: inject('databaseUrl'), TEMPORAL_TASK_QUEUE: taskQueue };
    const worker = startEntry('bin/worker.ts', { ...env, CAST_METRICS_PORT: String(workerMetricsPort) });
    const api = startEntry('bin/api.ts', { ...env, PORT: String(apiPort), CAST_METRICS_PORT: String(apiMetricsPort) });
    apiUrl = `http://127.0.0.1:${apiPort}`;
    apiMetrics = `http://127.0.0.1:${apiMetricsPort}/metrics`;
    workerMetrics = `http://127.0.0.1:${workerMetricsPort}/metrics`;
    await Promise.all([serving(api, `${apiUrl}/healthz`), serving(api, apiMetrics), serving(worker, workerMetrics)]);
    // The worker polls once its core reports pollers on the queue.
    await until(
      () => scrape(workerMetrics),
      (text) => find(text, 'temporal_num_pollers', { task_queue: taskQueue }).some((sample) => sample.value > 0),
      150_000,
      500,
    );
    const workspaceId = await createWorkspace(pool, `metrics ${randomUUID()}`);
    const memberId = await createMember(pool, workspaceId, 'Operator');
    token = (await mintToken(pool, { workspaceId, memberId }, { kind: 'person', label: 'metrics' })).secret;
    cast = typedCallsOver(apiUrl);
  });

  afterAll(async () => {
    await receiver?.close();
    await pool?.end();
  });

  it(
    'counts the work by route template, decision event, delivery and webhook outcome, and refuses past the rate limit',
    { timeout: 180_000 },
    async () => {
      for (const path of ['/ok', '/gone']) await cast.send(token, webhookRoutes.createWebhook, { body: { url: `${receiver.url}${path}` } });
      const session = `conv-${randomUUID()}`;
      await cast.send(token, sessionRoutes.putSession, { params: { id: session }, body: {} });
      const file = async (mode: 'blocking' | 'advisory') =>
        (
          await cast.send(token, decisionRoutes.fileDecision, {
            body: { ...decisionBody(`Which way, ${randomUUID()}?`), ...modeOf(mode), session },
          })
        ).decision.id;
      const [answered, withdrawn, archived] = [await file('blocking'), await file('advisory'), await file('advisory')];
      await file('blocking');
      await cast.send(token, decisionRoutes.answerAsk, {
        params: { id: answered, ask: 1 },
        body: { answer: { kind: 'decision', selected: [2] } },
      });
      await cast.send(token, decisionRoutes.withdrawDecision, { params: { id: withdrawn }, body: {} });
      await cast.send(token, decisionRoutes.archiveDecision, { params: { id: archived }, body: {} });

      // A page of the web app, and a path nothing serves.
      for (const path of ['/decisions', '/no/such/page']) await fetch(`${apiUrl}${path}`);
      // FR-61: 60 reads a minute; the 61st is refused. Raw ids in the path, never in a label.
      const reads = [];
      for (let n = 0; n < 61; n += 1)
        reads.push(await fetch(`${apiUrl}/api/v1/decisions/${answered}`, { headers: { authorization: `Bearer ${token}` } }));
      expect(reads.map((read) => read.status).filter((status) => status === 429)).toHaveLength(1);

      // The worker counts what its mirror wrote; the delivery and the webhooks finish after the answer returns.
      // Every delivery ends at its first attempt (410 is the receiver's final "no", 200 its yes): once
      // the attempts counted match the requests received, none is in flight.
      const attempts = (text: string, outcome: string) => value(text, 'cast_webhook_attempts_total', { outcome }) ?? 0;
      const settled = await until(
        () => scrape(workerMetrics),
        (text) =>
          value(text, 'cast_answer_delivery_seconds_count') === 1 &&
          attempts(text, 'delivered') >= 1 &&
          attempts(text, 'delivered') === receiver.at('/ok').length &&
          attempts(text, 'failed') === receiver.at('/gone').length &&
          // Both endpoints take every event: each event has reached both.
          attempts(text, 'failed') === attempts(text, 'delivered'),
        30_000,
        300,
      );
      expect(attempts(settled, 'retry')).toBe(0);
      expect(value(settled, 'cast_answer_delivery_seconds_bucket', { le: '+Inf' })).toBe(1);
      const workerText = await checkedScrape(workerMetrics);
      for (const [event, count] of [
        ['filed', 4],
        ['answered', 1],
        ['withdrawn', 1],
        ['archived', 1],
      ] as const) {
        expect(value(workerText, 'cast_decisions_total', { event }), event).toBe(count);
      }
      // The Temporal SDK's own worker metrics, through the core runtime's exporter, on the same port.
      expect(
        find(workerText, 'temporal_worker_task_slots_available', { task_queue: taskQueue, worker_type: 'WorkflowWorker' }),
      ).toHaveLength(1);
      expect(find(workerText, 'temporal_workflow_completed_total', { task_queue: taskQueue }).length).toBeGreaterThan(0);
      expect(value(workerText, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

      const apiText = await checkedScrape(apiMetrics);
      const requests = (method: string, route: string, status: number) =>
        value(apiText, 'cast_http_requests_total', { method, route, status: String(status) });
      expect(requests('POST', '/api/v1/decisions', 201)).toBe(4);
      expect(requests('POST', '/api/v1/decisions/:id/asks/:ask/answer', 200)).toBe(1);
      expect(requests('POST', '/api/v1/decisions/:id/withdraw', 200)).toBe(1);
      expect(requests('POST', '/api/v1/decisions/:id/archive', 200)).toBe(1);
      expect(requests('POST', '/api/v1/webhooks', 201)).toBe(2);
      expect(requests('GET', '/api/v1/decisions/:id', 200)).toBe(60);
      expect(requests('GET', '/api/v1/decisions/:id', 429)).toBe(1);
      expect(requests('GET', '/healthz', 200)).toBeGreaterThan(0);
      expect(find(apiText, 'cast_http_requests_total', { method: 'GET', route: 'web_app' })).toHaveLength(1);
      expect(requests('GET', 'unmatched', 404)).toBe(1);
      expect(
        value(apiText, 'cast_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/decisions', status: '201' }),
      ).toBe(4);
      expect(
        value(apiText, 'cast_http_request_duration_seconds_bucket', {
          method: 'POST',
          route: '/api/v1/decisions',
          status: '201',
          le: '+Inf',
        }),
      ).toBe(4);
      expect(apiText).not.toMatch(/sd-\d+|conv-/);
      expect(value(apiText, 'cast_refusals_total', { reason: 'rate_limited' })).toBe(1);
      expect(value(apiText, 'cast_refusals_total', { reason: 'overloaded' })).toBe(0);
      // The deployment-wide gauges (the run's database is shared with other test files: at least this file's).
      expect(value(apiText, 'cast_decisions_open')).toBeGreaterThanOrEqual(1);
      expect(value(apiText, 'cast_decisions_blocking')).toBeGreaterThanOrEqual(1);
      expect(apiText).not.toMatch(/workspace/);
      // The API's Temporal client, through the same core runtime exporter.
      expect(find(apiText, 'temporal_request_total').length).toBeGreaterThan(0);
      expect(value(apiText, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    },
  );
});

describe('npm start: the API and the worker in one process, on one metrics port', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cast-metrics-start-'));
  let metricsPort = 0;
  let metricsUrl = '';
  let apiUrl = '';
  let token = '';

  beforeAll(async () => {
    const databaseUrl = await freshDatabase(inject('databaseUrl'), 'cast_metrics');
    const apiPort = await freeFixedPort();
    metricsPort = await freeFixedPort();
    const started = startEntry('scripts/start-all.ts', {
      DATABASE_URL: databaseUrl,
      TEMPORAL_TASK_QUEUE: `metrics-start-${randomUUID()}`,
      CAST_DATA_DIR: dataDir,
      PORT: String(apiPort),
      CAST_METRICS_PORT: String(metricsPort),
    });
    apiUrl = `http://127.0.0.1:${apiPort}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    await serving(started, `${apiUrl}/healthz`);
    token = await until(
      async () => /Sign-in token \(workspace \S+\): (\S+)/.exec(started.output())?.[1] ?? '',
      (found) => found !== '',
    );
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    "serves the API's and the worker's metrics, and the deployment's open and blocking decisions, on CAST_METRICS_PORT",
    { timeout: 120_000 },
    async () => {
      const cast = typedCallsOver(apiUrl);
      for (const mode of ['blocking', 'advisory'] as const) {
        await cast.send(token, decisionRoutes.fileDecision, { body: { ...decisionBody(`Which way, ${mode}?`), ...modeOf(mode) } });
      }
      const text = await checkedScrape(metricsUrl);
      // A deployment of its own: the gauges are exact.
      expect(value(text, 'cast_decisions_open')).toBe(2);
      expect(value(text, 'cast_decisions_blocking')).toBe(1);
      expect(value(text, 'cast_http_requests_total', { method: 'POST', route: '/api/v1/decisions', status: '201' })).toBe(2);
      expect(value(text, 'cast_decisions_total', { event: 'filed' })).toBe(2);
      expect(find(text, 'temporal_worker_task_slots_available', { worker_type: 'WorkflowWorker' })).toHaveLength(1);
      expect(find(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
    },
  );

  it('stops a second process that would take the same metrics port, saying which setting to change', { timeout: 60_000 }, async () => {
    const second = startEntry('bin/worker.ts', { DATABASE_URL: inject('databaseUrl'), CAST_METRICS_PORT: String(metricsPort) });
    expect(await second.exited, second.output()).toBe(2);
    expect(second.output()).toContain(`CAST_METRICS_PORT ${metricsPort} on 127.0.0.1 is taken`);
  });
});
