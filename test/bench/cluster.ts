/**
 * `npm run bench -- --cluster` (not CI): the filing and answering rows and their ceilings again,
 * on the engine a production user runs — the open-source Temporal server (five processes,
 * PostgreSQL persistence, mTLS and an API key: test/support/temporal-cluster.ts) — with Cast's
 * compiled worker as a process of its own; then answering with 10,000 decisions open as running
 * workflows (filed through the API, not seeded rows) beside the same at 100 open, with the
 * worker's memory at each; and the compiled worker's start against development's tsx.
 * Options: --open N (default 10000), --quick (smaller sizes, for development), --write (the
 * table to bench/results-cluster.md).
 */
import { Client, WithStartWorkflowOperation } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '../../api/server';
import { NO_ADMISSION_BOUND } from './overload';
import { startEmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { migrate } from '../../db/migrate';
import { createPool } from '../../db/pool';
import { createMember, createWorkspace, issueToken } from '../../db/tenancy';
import { loadEnv } from '../../runtime/env';
import { createLogger } from '../../runtime/logger';
import { connectTemporal } from '../../runtime/temporal-connection';
import { installTemporalLogging } from '../../runtime/temporal-runtime';
import { startWorker } from '../../worker';
import { decisionBody } from '../support/fixtures';
import { startProcess, type ProductionCopy } from '../support/production-copy';
import { startTemporalCluster } from '../support/temporal-cluster';
import { noopUpdate, type noopWorkflow } from './bench-workflows';
import { httpClient } from './http-client';
import { summarize, timeEach, timeInterleaved, type Summary } from './stats';
import {
  ANSWERING_TARGET,
  answerOne,
  CEILING_GROWTH,
  CEILING_P95_MS,
  FILING_TARGET,
  fileMany,
  fileOne,
  rampUntilBroken,
  type Ceiling,
  type Step,
} from './sustained';
import { memoryOf, workerStarts } from './worker-start';

export async function clusterBench(options: { open: number; quick: boolean; write: boolean }): Promise<void> {
  const started = performance.now();
  const log = (message: string) => process.stderr.write(`[bench --cluster] ${message}\n`);
  const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const SAMPLES = options.quick ? 60 : 200;
  const STEP_SECONDS = options.quick ? 2 : 5;
  installTemporalLogging('warn', { handleSignals: true });

  log('starting the open-source Temporal cluster and building Cast…');
  const buildDir = join(ROOT, '.tools', 'bench-build');
  const [cluster, postgres] = await Promise.all([
    startTemporalCluster(),
    startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'cast-bench-cluster-pg-')), removeOnStop: true }),
    Promise.resolve(execFileSync(process.execPath, ['scripts/build.mjs', '--out', join(buildDir, 'dist')], { cwd: ROOT, stdio: 'inherit' })),
  ]);
  const pool = createPool(postgres.url, 20);
  await migrate(pool);
  const taskQueue = `bench-cluster-${randomUUID()}`;
  const castEnv = { DATABASE_URL: postgres.url, ...cluster.env(), TEMPORAL_TASK_QUEUE: taskQueue, CAST_RATE_LIMITS: 'off' };
  const target = loadEnv(castEnv).temporal;

  // Cast's worker as production runs it: the compiled build, a process of its own, so its memory is its own.
  const copy: ProductionCopy = { dir: buildDir, remove: () => {} };
  const castWorker = startProcess(copy, 'worker', { ...castEnv, LOG_LEVEL: 'info' });
  // The baselines' no-op workflow, on a queue of its own, in this process.
  const noopQueue = `${taskQueue}-noop`;
  const baselineWorker = await startWorker({
    pool,
    temporal: { ...target, taskQueue: noopQueue },
    workflowsPath: fileURLToPath(new URL('./bench-workflows.ts', import.meta.url)),
    extraActivities: { echo: async (value: number) => value },
    sweepEvery: null,
    rollupEvery: null,
    reconcileEvery: null,
  });
  // Its ceilings are the cluster's own, as run.ts's are the machine's: admission control is off.
  const api = await startApi({
    pool,
    logger: createLogger('silent'),
    host: '127.0.0.1',
    port: 0,
    temporal: target,
    rateLimits: null,
    maxWritesInFlight: NO_ADMISSION_BOUND,
  });
  const workspaceId = await createWorkspace(pool, 'bench-cluster');
  const memberId = await createMember(pool, workspaceId, 'Bench');
  const token = await issueToken(pool, { workspaceId, memberId }, 'bench');
  const http = httpClient(api.url, { authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const connection = await connectTemporal({ ...target, taskQueue: noopQueue });
  const client = new Client({ connection, namespace: target.namespace });
  while (!castWorker.output().includes('worker polling')) await new Promise((resolveWait) => setTimeout(resolveWait, 200));

  log(`filing: ${SAMPLES} through the API in turn with ${SAMPLES} bare update-with-starts…`);
  const filed: string[] = [];
  const fileDecision = async (question: string) => {
    filed.push((await http.json<{ decision: { id: string } }>('POST', '/api/v1/decisions', decisionBody(question))).decision.id);
  };
  const bareFiling = () =>
    client.workflow.executeUpdateWithStart(noopUpdate, {
      args: [0],
      startWorkflowOperation: new WithStartWorkflowOperation<typeof noopWorkflow>('noopWorkflow', {
        workflowId: `bench-noop-${randomUUID()}`,
        taskQueue: noopQueue,
        args: [],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      }),
    });
  await timeEach(20, (index) => fileDecision(`Warm-up ${index}?`));
  await timeEach(20, bareFiling);
  const [filings, bareFilings] = await timeInterleaved(SAMPLES, 50, [(index) => fileDecision(`Bench ${index}?`), bareFiling]);

  log(`answering: ${SAMPLES} through the API in turn with ${SAMPLES} bare no-op Updates…`);
  const answerOnce = (id: string) => http.json('POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
  const noop = new WithStartWorkflowOperation<typeof noopWorkflow>('noopWorkflow', {
    workflowId: `bench-noop-${randomUUID()}`,
    taskQueue: noopQueue,
    args: [],
    workflowIdConflictPolicy: 'FAIL',
  });
  await client.workflow.executeUpdateWithStart(noopUpdate, { args: [0], startWorkflowOperation: noop });
  const noopHandle = await noop.workflowHandle();
  await timeEach(20, (index) => answerOnce(filed[index]!));
  await timeEach(20, (index) => noopHandle.executeUpdate(noopUpdate, { args: [index] }));
  const [answers, bareUpdates] = await timeInterleaved(SAMPLES, 50, [
    (index) => answerOnce(filed[index + 20]!),
    (index) => noopHandle.executeUpdate(noopUpdate, { args: [index] }),
  ]);

  const stepLine = (step: Step) =>
    `${step.offered}/s: ${step.completed} done at ${step.rate.toFixed(1)}/s, P95 ${step.latency.p95.toFixed(0)} ms${step.held ? '' : ` — broke: ${step.why}`}`;
  log('ceiling, filing…');
  const answerable: string[] = [];
  const filingCeiling = await rampUntilBroken({ from: Math.round(FILING_TARGET / 4), seconds: STEP_SECONDS, onStep: (step) => log(`  filing ${stepLine(step)}`) }, (index) =>
    fileOne(http, `Ceiling ${index}?`, answerable),
  );
  await new Promise((resolveWait) => setTimeout(resolveWait, 5000));
  log('ceiling, answering…');
  let used = 0;
  const answeringCeiling = await rampUntilBroken(
    {
      from: Math.round(ANSWERING_TARGET / 4),
      seconds: STEP_SECONDS,
      prepare: async (needed) => {
        const short = used + needed - answerable.length;
        if (short > 0) await fileMany(http, short, answerable, `Ceiling supply ${used}`);
        used += needed;
      },
      onStep: (step) => log(`  answering ${stepLine(step)}`),
    },
    (index) => answerOne(http, answerable[index]!),
  );
  await new Promise((resolveWait) => setTimeout(resolveWait, 5000));

  /** Answers `count` open decisions of `ids`, a call every 50 ms, while `open` stay open. */
  const openFigures = async (open: number) => {
    const ids: string[] = [];
    const fillStarted = performance.now();
    await fileMany(http, open + SAMPLES, ids, `Open ${open}`, 8);
    const fillMs = performance.now() - fillStarted;
    await new Promise((resolveWait) => setTimeout(resolveWait, 3000));
    const before = memoryOf(castWorker.child.pid!);
    const [timed] = await timeInterleaved(SAMPLES, 50, [(index) => answerOnce(ids[index]!)]);
    return { open, fillMs, answer: summarize(timed), memory: before, after: memoryOf(castWorker.child.pid!) };
  };
  log(`answering with 100 open (${SAMPLES} more filed, then answered)…`);
  const small = await openFigures(100);
  log(`answering with ${options.open} open: filing ${options.open + SAMPLES} through the API (minutes)…`);
  const large = await openFigures(options.open);

  // Everything open is in the worker's cache or its history; what the worker holds is the figure.
  log('worker start: the compiled build in turn with tsx, against this cluster…');
  const starts = await workerStarts(join(buildDir, 'dist'), { ...castEnv, TEMPORAL_TASK_QUEUE: `${taskQueue}-start` }, options.quick ? 2 : 5);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const times = (summary: Summary) => `${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.p99)}`;
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const ceilingCell = (ceiling: Ceiling) =>
    ceiling.held
      ? `${ceiling.held.offered}/s held (${ceiling.held.rate.toFixed(1)}/s done, P95 ${ceiling.held.latency.p95.toFixed(0)} ms); ${ceiling.broke ? `${ceiling.broke.offered}/s broke: ${ceiling.broke.why}` : 'never broke'}`
      : `none held; ${ceiling.broke?.why ?? ''}`;
  const file = summarize(filings);
  const bareFile = summarize(bareFilings);
  const answer = summarize(answers);
  const bare = summarize(bareUpdates);
  const table = [
    '| what (open-source Temporal v1.32.2, 5 processes, PostgreSQL, mTLS + API key) | P50 | P95 | P99 | note |',
    '|---|---|---|---|---|',
    `| filing (HTTP → update-with-start → mirror), in turn with the bare one | ${times(file)} | ${(file.p95 / bareFile.p95).toFixed(2)}× bare (DESIGN §7: ≤ 2×) |`,
    `| bare update-with-start of a no-op workflow | ${times(bareFile)} | |`,
    `| answering (HTTP → update → mirror), in turn with the bare one | ${times(answer)} | ${(answer.p95 / bare.p95).toFixed(2)}× bare (≤ 2×) |`,
    `| bare no-op Update | ${times(bare)} | |`,
    `| ceiling, filing (P95 ≤ ${CEILING_P95_MS} ms, no error; ${STEP_SECONDS} s steps ×${CEILING_GROWTH}) | | | | ${ceilingCell(filingCeiling)} |`,
    `| ceiling, answering | | | | ${ceilingCell(answeringCeiling)} |`,
    `| answering with ${small.open} open (a call every 50 ms) | ${times(small.answer)} | worker RSS ${mb(small.memory.rssMb)} (peak ${mb(small.after.peakMb)}) |`,
    `| answering with ${large.open} open as running workflows (filed through the API in ${(large.fillMs / 1000).toFixed(0)} s) | ${times(large.answer)} | worker RSS ${mb(large.memory.rssMb)} (peak ${mb(large.after.peakMb)}) |`,
    `| worker start → polling, compiled (\`node dist/worker.js\`) | ${times(starts.built.ms)} | RSS ${mb(starts.built.rssMb.p50)} polling (P50) |`,
    `| worker start → polling, development (\`tsx bin/worker.ts\`, workflows bundled at start) | ${times(starts.tsx.ms)} | RSS ${mb(starts.tsx.rssMb.p50)} polling (P50) |`,
  ].join('\n');
  const notes = [
    `Ceiling steps, filing: ${filingCeiling.steps.map(stepLine).join('; ')}.`,
    `Ceiling steps, answering: ${answeringCeiling.steps.map(stepLine).join('; ')}.`,
    `The whole run took ${((performance.now() - started) / 1000).toFixed(0)} s${options.quick ? ' (--quick)' : ''}.`,
  ].join('\n\n');
  process.stdout.write(`\n${table}\n\n${notes}\n\n`);
  if (options.write) {
    const where = join(ROOT, 'bench', 'results-cluster.md');
    writeFileSync(where, `# npm run bench -- --cluster — ${new Date().toISOString()}\n\n${table}\n\n${notes}\n`);
    log(`wrote ${where}`);
  }

  await connection.close();
  http.close();
  await noopHandle.terminate('bench finished').catch(() => {});
  await api.stop();
  await baselineWorker.stop();
  await castWorker.stop();
  await pool.end();
  await cluster.stop();
  await postgres.stop();
}
