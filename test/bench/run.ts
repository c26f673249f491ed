/**
 * `npm run bench`: measures the targets of DESIGN §7 that exist so far, each beside its
 * baseline measured in the same run (absolute times vary here; ratios hold):
 *   - queue read (first page) through the API vs the bare SQL of that page,
 *   - answering an ask (HTTP → update → mirror → response) vs a bare no-op Update.
 *   - filing, answer → agent delivery (`cast decide wait`), sustained load, stack deadlines,
 *     and the browser's view of opening the queue and answering.
 * Options: --decisions N (open decisions seeded, default 10000; 5 asks each); --write also
 * writes the table to bench/results.md.
 */
import { Client, WithStartWorkflowOperation } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startApi } from '../../api/server';
import { startEmbeddedPostgres } from '../../db/embedded-postgres';
import { EMBEDDED_POSTGRES_MAJOR } from '../../db/postgres-binaries';
import { migrate } from '../../db/migrate';
import { createPool } from '../../db/pool';
import { createMember, createWorkspace, issueToken } from '../../db/tenancy';
import { loadEnv } from '../../runtime/env';
import { createLogger } from '../../runtime/logger';
import { provideTemporal } from '../../scripts/provide-temporal';
import { startTemporalDevServer } from '../../scripts/temporal-dev-server';
import { startWorker } from '../../worker';
import { installTemporalLogging } from '../../runtime/temporal-runtime';
import { freePort } from '../../runtime/free-port';
import { choiceDecision, decisionStart } from '../support/fixtures';
import { openDecision } from '../../domain/decision-state';
import { listQueue } from '../../db/decision-queries';
import { noopLocalUpdate, noopUpdate, type noopWorkflow } from './bench-workflows';
import { browserFigures } from './browser-figures';
import { stackDeadlineLags } from './stack-deadlines';
import { summarize, timeEach, timeInterleaved } from './stats';
import { httpClient } from './http-client';
import { ANSWERING_TARGET, FILING_TARGET, offeredFor, sustainedLoad, type Load } from './sustained';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const { values } = parseArgs({ options: { decisions: { type: 'string', default: '10000' }, write: { type: 'boolean', default: false } } });
const DECISIONS = Number(values.decisions);
const READS = 500;
const ANSWERS = 300;
// Answers and bare updates are timed in turn, one call every 50 ms: the ratio compares the two
// paths at the same moments, not how busy the machine is (the sustained rows load it).
const PACE_MS = 50;

const env = loadEnv();
installTemporalLogging('warn', { handleSignals: true });
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const temporalServer = await startTemporalDevServer({ binary: provideTemporal(env), port: await freePort() });
const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'cast-bench-pg-')), removeOnStop: true });
const databaseUrl = env.DATABASE_URL ?? embedded!.url;
const pool = createPool(databaseUrl, 20);
await migrate(pool);

const taskQueue = `bench-${randomUUID()}`;
const temporal = { address: temporalServer.address, namespace: 'default', taskQueue };
const worker = await startWorker({
  pool,
  ...temporal,
  workflowsPath: fileURLToPath(new URL('./bench-workflows.ts', import.meta.url)),
  // Defined beside the bundle's workflows, but never imported by them at runtime.
  extraActivities: { echo: async (value: number) => value },
});
// The benchmark measures throughput, so FR-61's per-member limits are off.
const api = await startApi({ pool, logger: createLogger('silent'), host: '127.0.0.1', port: 0, temporal, rateLimits: null });
const workspaceId = await createWorkspace(pool, 'bench');
const memberId = await createMember(pool, workspaceId, 'Bench');
const token = await issueToken(pool, { workspaceId, memberId }, 'bench');
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const http = httpClient(api.url, headers);

log(`seeding ${DECISIONS} open decisions with ${DECISIONS * 5} asks on ${embedded ? `embedded PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}` : 'DATABASE_URL'}…`);
// Rows as the mirror writes them, seeded in bulk from one template snapshot: the read path is what is measured here.
const { rows } = await pool.query<{ start: number }>(
  `select setval('decision_number_seq', nextval('decision_number_seq') + $1) - $1 + 1 as start`,
  [DECISIONS],
);
const first = rows[0]!.start;
const template = openDecision(
  decisionStart(
    { question: 'Seeded question', context: 'Seeded context', asks: Array.from({ length: 5 }, (_, index) => ({ ...choiceDecision().asks[0]!, prompt: `Seeded ask ${index + 1}` })) },
    { id: 'sd-1', workspaceId, filedBy: memberId },
  ),
  new Date(),
);
await pool.query(
  `insert into decisions (id, number, workspace_id, question, context, status, mode, ask_kinds, asks_total, asks_required,
     asks_answered, filed_by, revision, snapshot, created_at, updated_at)
   select 'sd-' || n, n, $1, 'Seeded question ' || n, 'Seeded context', 'open', 'blocking', '{decision}', 5, 5, 0, $2, 1,
          jsonb_set(jsonb_set(jsonb_set($5::jsonb, '{id}', to_jsonb('sd-' || n)), '{number}', to_jsonb(n)),
                    '{question}', to_jsonb('Seeded question ' || n)),
          now() - (($3 + $4 - n) || ' seconds')::interval, now()
     from generate_series($3::bigint, $3::bigint + $4 - 1) as n`,
  [workspaceId, memberId, first, DECISIONS, JSON.stringify(template)],
);
await pool.query('analyze decisions');

log(`queue read: ${READS} API reads and ${READS} direct reads of the same page (its two SQL statements, no HTTP)…`);
const pageQuery = { tab: 'open' as const, limit: 25, offset: 0 };
await timeEach(50, () => http.json('GET', '/api/v1/decisions'));
const apiReads = await timeEach(READS, () => http.json('GET', '/api/v1/decisions'));
await timeEach(50, () => listQueue(pool, workspaceId, pageQuery));
const sqlReads = await timeEach(READS, () => listQueue(pool, workspaceId, pageQuery));

log(`answering: ${ANSWERS} answers through the API and ${ANSWERS} bare no-op Updates…`);
const filed: string[] = [];
const filings = await timeEach(ANSWERS + 20, async (index) => {
  filed.push((await http.json<{ decision: { id: string } }>('POST', '/api/v1/decisions', choiceDecision(`Bench ${index}?`))).decision.id);
});
const answerOnce = (id: string) => http.json('POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
await timeEach(20, (index) => answerOnce(filed[index]!));

// The same transport as the API's gateway (the Rust core's), so the baseline differs from an answer only in Cast's own work.
const connection = await NativeConnection.connect({ address: temporalServer.address });
const client = new Client({ connection });
const noop = new WithStartWorkflowOperation<typeof noopWorkflow>('noopWorkflow', {
  workflowId: `bench-noop-${randomUUID()}`,
  taskQueue,
  args: [],
  workflowIdConflictPolicy: 'FAIL',
});
await client.workflow.executeUpdateWithStart(noopUpdate, { args: [0], startWorkflowOperation: noop });
const noopHandle = await noop.workflowHandle();
await timeEach(20, (index) => noopHandle.executeUpdate(noopUpdate, { args: [index] }));
const [answers, bareUpdates, localUpdates] = await timeInterleaved(ANSWERS, PACE_MS, [
  (index) => answerOnce(filed[index + 20]!),
  (index) => noopHandle.executeUpdate(noopUpdate, { args: [index] }),
  (index) => noopHandle.executeUpdate(noopLocalUpdate, { args: [index] }),
]);

log('answer → agent: 50 answers given while a `cast decide wait` request (the same endpoint) waits…');
const waits: number[] = [];
for (let index = 0; index < 50; index += 1) {
  const { decision } = await http.json<{ decision: { id: string } }>('POST', '/api/v1/decisions', choiceDecision(`Wait ${index}?`));
  const released = http.send('GET', `/api/v1/decisions/${decision.id}/wait?timeout=30`).then(() => performance.now());
  await new Promise((resolve) => setTimeout(resolve, 150));
  const answeredAt = performance.now();
  await answerOnce(decision.id);
  waits.push((await released) - answeredAt);
}

log(`sustained load: filing at ${offeredFor(FILING_TARGET)}/s for 10 s, then answering them at ${offeredFor(ANSWERING_TARGET)}/s…`);
const load = await sustainedLoad(http, 10);
for (const run of [load.filing, load.answering]) if (run.firstError) log(`first error under load: ${run.firstError}`);

log('stack deadlines: 100 advisory members answered by their stack\'s auto-default…');
const lags = await stackDeadlineLags(api.url, headers, 100, 5);

log('browser: opening /decisions and answering, 10 times, in Chromium…');
for (let index = 0; index < 10; index += 1) {
  await http.json('POST', '/api/v1/decisions', choiceDecision(`Browser answer ${index}?`));
}
const web = await browserFigures(api.url, token, 'Browser answer');

const read = summarize(apiReads);
const sql = summarize(sqlReads);
const answer = summarize(answers);
const bare = summarize(bareUpdates);
const local = summarize(localUpdates);
const wait = summarize(waits);
const lag = summarize(lags);
const filing = summarize(filings.slice(20));
const ms = (value: number) => `${value.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'missed');
const sustainedRow = (what: string, run: Load, target: number) =>
  `| sustained ${what}: ${run.completed} at ${run.offered}/s offered, ${run.errors} errors, latency under load | ${ms(run.latency.p50)} | ${ms(run.latency.p95)} | ${ms(run.latency.p99)} | ≥ ${target}/s, no error | ${run.rate.toFixed(1)}/s ${met(run.rate >= target && run.errors === 0)} |`;
const table = [
  '| what | P50 | P95 | P99 | target | result |',
  '|---|---|---|---|---|---|',
  `| queue read, first page (API, ${DECISIONS} open / ${DECISIONS * 5} asks) | ${ms(read.p50)} | ${ms(read.p95)} | ${ms(read.p99)} | P95 ≤ 25 ms | ${met(read.p95 <= 25)} |`,
  `| the same page straight from SQL (no HTTP) | ${ms(sql.p50)} | ${ms(sql.p95)} | ${ms(sql.p99)} | | |`,
  `| read ratio (P95 API / P95 SQL) | | ${(read.p95 / sql.p95).toFixed(2)}× | | ≤ 3× | ${met(read.p95 / sql.p95 <= 3)} |`,
  `| filing a decision (HTTP → update-with-start → mirror) | ${ms(filing.p50)} | ${ms(filing.p95)} | ${ms(filing.p99)} | | |`,
  `| answering an ask (HTTP → update → mirror), in turn with the two below, a call every ${PACE_MS} ms | ${ms(answer.p50)} | ${ms(answer.p95)} | ${ms(answer.p99)} | P95 ≤ 60 ms | ${met(answer.p95 <= 60)} |`,
  `| bare no-op Update round trip | ${ms(bare.p50)} | ${ms(bare.p95)} | ${ms(bare.p99)} | | |`,
  `| the same Update awaiting one no-op local activity | ${ms(local.p50)} | ${ms(local.p95)} | ${ms(local.p99)} | | ${(local.p95 / bare.p95).toFixed(2)}× bare |`,
  `| answer ratio (P95 answer / P95 bare) | | ${(answer.p95 / bare.p95).toFixed(2)}× | | ≤ 2× | ${met(answer.p95 / bare.p95 <= 2)} |`,
  `| browser: open /decisions → first decision answerable (${DECISIONS} open) | ${ms(web.open.p50)} | ${ms(web.open.p95)} | ${ms(web.open.p99)} | | |`,
  `| browser: click Answer → "Answered." shown | ${ms(web.answer.p50)} | ${ms(web.answer.p95)} | ${ms(web.answer.p99)} | | |`,
  `| answer sent → waiting agent holds it (decision wait) | ${ms(wait.p50)} | ${ms(wait.p95)} | ${ms(wait.p99)} | P95 ≤ 250 ms | ${met(wait.p95 <= 250)} |`,
  sustainedRow('filing', load.filing, FILING_TARGET),
  sustainedRow('answering', load.answering, ANSWERING_TARGET),
  `| stack auto-default: deadline → answer recorded (${lags.length} of 100 members) | ${ms(lag.p50)} | ${ms(lag.p95)} | ${ms(lag.p99)} | within 1 s | ${met(lags.length === 100 && lag.p99 <= 1000)} |`,
].join('\n');
process.stdout.write(`\n${table}\n\n`);
if (values.write) {
  const where = fileURLToPath(new URL('../../bench/results.md', import.meta.url));
  mkdirSync(dirname(where), { recursive: true });
  writeFileSync(where, `# npm run bench — ${new Date().toISOString()}\n\nDatabase: ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} (the default install)`}\n\n${table}\n`);
  log(`wrote ${where}`);
}

await connection.close();
http.close();
await noopHandle.terminate('bench finished').catch(() => {});
await api.stop();
await worker.stop();
await pool.end();
await embedded?.stop();
await temporalServer.stop();
