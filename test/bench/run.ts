/**
 * `npm run bench`: measures the targets of DESIGN §7, each beside its baseline measured in the
 * same run (absolute times vary here; ratios hold):
 *   - queue read (first page) through the API vs the bare SQL of that page, timed in turn, at
 *     --decisions open decisions and again at scale (--scale, a second workspace seeded after
 *     the first row is measured); seeding is bulk SQL and its time is reported,
 *   - filing (HTTP → update-with-start → mirror) vs a bare update-with-start of a no-op
 *     workflow, and answering (HTTP → update → mirror) vs a bare no-op Update, each timed in
 *     turn with its baseline,
 *   - answer → agent delivery (`cast decide wait`), a blocking decision → its Web Push handed
 *     on (test/bench/push-handoff.ts), sustained load, stack deadlines, the
 *     browser's view of opening the queue, answering, and a keystroke to the next card,
 *   - last (it overloads the machine on purpose), the ceiling: filing and answering offered
 *     at a rate grown a quarter every step until a step's P95 passes 250 ms or it has an
 *     error (down a quarter a step when the target itself breaks); the highest rate held is
 *     reported with the step that broke it,
 *   - overload (test/bench/overload.ts): filings at twice that ceiling by agents that retry,
 *     with admission control at its default bound and with it off,
 *   - Temporal's bare ceilings on the same server and steps (test/bench/bare-ceiling.ts), so
 *     Cast's read as a share of what the server itself holds.
 * Options: --decisions N (open decisions seeded, default 10000; 5 asks each); --scale N (the
 * queue read at scale, default 100000; 0 skips it); --quick (small sizes and short steps for
 * development: 1000 and 5000 open, fewer samples; not for --write); --write also writes the
 * table to bench/results.md; --only writes,browser,email,scale,ceiling,rules runs just those
 * parts (filing and answering beside their bare Temporal calls; Chromium's open, answer and
 * keystroke; the ceilings, Cast's and Temporal's; rule evaluation) and prints them;
 * --cluster runs test/bench/cluster.ts instead (the open-source Temporal server; --open N
 * decisions open as running workflows, default 10000).
 */
import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Pool } from 'pg';
import { startApi } from '../../api/server';
import { startEmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { EMBEDDED_POSTGRES_MAJOR } from '../../runtime/postgres/postgres-binaries';
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
import { decisionBody, decisionStart } from '../support/fixtures';
import { openDecision } from '../../domain/decision-state';
import { listQueue, type QueueReader } from '../../db/decision-queries';
import { browserFigures, browserRows } from './browser-figures';
import { ruleEvaluation, ruleEvaluationRows } from './rule-evaluation';
import { writeRatioRows, writeRatios } from './write-ratios';
import { coldStarts } from './cold-start';
import { fileRealisticQueue, lighthouseFigures, lighthouseRows, medianRun, type LighthouseFigures } from './lighthouse';
import { memberApi } from '../../scripts/showcase-queue';
import { rollUpHealth } from '../../db/health';
import { decisionRoutes } from '../../domain/routes/decisions';
import { typedCallsOver } from '../support/typed-calls';
import { stackDeadlineLags } from './stack-deadlines';
import { pushHandoffs, pushRow } from './push-handoff';
import { startPushService } from '../support/push-service';
import { slackHandoffs } from './slack-handoff';
import { idleNotifier, idleRow } from './notifier-idle';
import { waiterFigures, waiterRows } from './waiters';
import { emailFigures, emailRows, type EmailFigures } from './email-figures';
import { NO_ADMISSION_BOUND, overloadRows } from './overload';
import { summarize, timeEach, timeInterleaved, type Summary } from './stats';
import { httpClient, type HttpClient } from './http-client';
import { bareCeilings, type BareCeilings } from './bare-ceiling';
import { rulesFiling, rulesFilingRows, seedRules, type RulesFiling } from './rules-filing';
import {
  ANSWERING_TARGET,
  answerOne,
  CEILING_GROWTH,
  CEILING_P95_MS,
  FILING_TARGET,
  fileMany,
  fileOne,
  offeredFor,
  rampUntilBroken,
  settleAfterOverload,
  sustainedLoad,
  type Ceiling,
  type Load,
  type Step,
} from './sustained';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { plainTarget } from '../../runtime/temporal-connection';
import { TemporalGateway } from '../../api/temporal-gateway';
import { readDeployment } from '../../db/deployment';

const benchStarted = performance.now();
const { values } = parseArgs({
  options: {
    decisions: { type: 'string' },
    scale: { type: 'string' },
    quick: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    open: { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const QUICK = values.quick;
if (values.cluster) {
  // The production engine's rows (test/bench/cluster.ts), instead of the default install's.
  const { clusterBench } = await import('./cluster');
  await clusterBench({ open: values.open === undefined ? (QUICK ? 500 : 10_000) : Number(values.open), quick: QUICK, write: values.write });
  process.exit(0);
}
const ONLY = values.only === undefined ? null : new Set(values.only.split(','));
const PARTS = ['writes', 'browser', 'email', 'scale', 'ceiling', 'rules'];
if (ONLY && [...ONLY].some((part) => !PARTS.includes(part))) throw new Error(`--only takes ${PARTS.join(', ')} (comma-separated), not ${values.only}`);
if (ONLY && values.write) throw new Error('--only runs part of the bench: bench/results.md holds full runs only (drop --write)');
if (QUICK && values.write) throw new Error('--quick runs are for development: bench/results.md holds full runs only (drop --write)');
const count = (option: string | undefined, fallback: number, name: string) => {
  const value = option === undefined ? fallback : Number(option);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number ≥ 0, not ${option}`);
  return value;
};
const DECISIONS = count(values.decisions, QUICK ? 1000 : 10_000, 'decisions');
const SCALE = count(values.scale, QUICK ? 5000 : 100_000, 'scale');
const READS = QUICK ? 100 : 500;
// Fewer at scale: there a read costs many times as much (it grows with the open rows).
const READS_AT_SCALE = QUICK ? 50 : 200;
const ANSWERS = QUICK ? 60 : 300;
const WAITS = QUICK ? 10 : 50;
const SUSTAINED_SECONDS = QUICK ? 3 : 10;
const STACK_MEMBERS = QUICK ? 20 : 100;
/** Blocking decisions filed one after another, each timed to its push (issue 40 item 2). */
const PUSHES = QUICK ? 20 : 100;
const SLACK_DECISIONS = QUICK ? 20 : 100;
const BROWSER_RUNS = QUICK ? 3 : 10;
const KEYSTROKES = QUICK ? 10 : 30;
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
/** Blocking decisions filed one at a time for the email hand-off row (issue 40 item 3). */
const EMAIL_FILINGS = QUICK ? 20 : 100;
const COLD_STARTS = QUICK ? 10 : 40;
/** Issue 42: evaluations of one host prompt against 1,000 rules, in-process as the filing service calls it. */
const RULE_EVALUATIONS = QUICK ? 500 : 5000;
// Each ceiling step offers its rate for this long; the first steps are DESIGN §7's targets.
const STEP_SECONDS = QUICK ? 2 : 5;
// Filings and answers are each timed in turn with their baselines, one call every 50 ms: a
// ratio compares the paths at the same moments, not how busy the machine is (the sustained
// rows and the ceiling load it).
const PACE_MS = 50;
// Issue 42: measured first, in a quiet process, before the servers this bench runs in-process
// (the API, the worker, Temporal's client) add their own pauses to an in-process call.
const ruleFigures = !ONLY || ONLY.has('rules') ? ruleEvaluation(1000, RULE_EVALUATIONS) : null;

const env = loadEnv();
// The core SDK's own metrics, on a free loopback port: the writes part reads the worker's task
// times from them (test/bench/worker-task-times.ts).
const temporalMetrics = `127.0.0.1:${await freePort()}`;
installTemporalLogging('warn', { handleSignals: true, metricsBindAddress: temporalMetrics });
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const temporalServer = await startTemporalDevServer({ binary: await provideTemporal(env), port: await freePort() });
const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'cast-bench-pg-')), removeOnStop: true });
const databaseUrl = env.DATABASE_URL ?? embedded!.url;
const pool = createPool(databaseUrl, 20);
await migrate(pool);

const taskQueue = `bench-${randomUUID()}`;
const temporal = plainTarget(temporalServer.address, taskQueue);
// Web Push's transport sends to a push service on loopback that trusts its own certificate.
const pushService = await startPushService();
const worker = await startWorker({
  pool,
  temporal,
  pushAgent: pushService.agent,
  // The push service is on loopback, which Cast refuses unless told (CAST_WEBHOOK_ALLOW_PRIVATE).
  allowPrivateWebhooks: true,
  workflowsPath: fileURLToPath(new URL('./bench-workflows.ts', import.meta.url)),
  // Defined beside the bundle's workflows, but never imported by them at runtime.
  extraActivities: { echo: async (value: number) => value },
});
// The benchmark measures throughput, so FR-61's per-member limits are off, and so is admission
// control: the ceiling is the machine's own (test/bench/overload.ts measures admission control).
const api = await startApi({
  pool,
  logger: createLogger('silent'),
  host: '127.0.0.1',
  port: 0,
  temporal,
  rateLimits: null,
  maxWritesInFlight: NO_ADMISSION_BOUND,
  allowPrivateWebhooks: true,
});

/** A workspace with one member and that member's API client. */

async function benchWorkspace(name: string) {
  const workspaceId = await createWorkspace(pool, name);
  const memberId = await createMember(pool, workspaceId, 'Bench');
  const token = await issueToken(pool, { workspaceId, memberId }, name);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return { workspaceId, memberId, token, http: httpClient(api.url, headers) };
}

/**
 * Rows as the mirror writes them, seeded in bulk from one template snapshot (the read path is
 * what is measured here), then vacuumed and analysed, as autovacuum would soon after: left to
 * itself it would run during the reads. Returns the milliseconds it took.
 */
async function seedOpen(db: Pool, workspaceId: string, memberId: string, decisions: number): Promise<number> {
  const started = performance.now();
  const { rows } = await db.query<{ start: number }>(
    `select setval('decision_number_seq', nextval('decision_number_seq') + $1) - $1 + 1 as start`,
    [decisions],
  );
  const first = rows[0]!.start;
  const template = openDecision(
    decisionStart(
      { question: 'Seeded question', context: 'Seeded context', asks: Array.from({ length: 5 }, (_, index) => ({ ...decisionBody().asks[0]!, prompt: `Seeded ask ${index + 1}` })) },
      { id: 'sd-1', workspaceId, filedBy: memberId },
    ),
    new Date(),
  );
  await db.query(
    `insert into decisions (id, number, workspace_id, question, context, status, mode, ask_kinds, asks_total, asks_required,
       asks_answered, filed_by, revision, snapshot, created_at, updated_at)
     select 'sd-' || n, n, $1, 'Seeded question ' || n, 'Seeded context', 'open', 'blocking', '{decision}', 5, 5, 0, $2, 1,
            jsonb_set(jsonb_set(jsonb_set($5::jsonb, '{id}', to_jsonb('sd-' || n)), '{number}', to_jsonb(n)),
                      '{question}', to_jsonb('Seeded question ' || n)),
            now() - (($3 + $4 - n) || ' seconds')::interval, now()
       from generate_series($3::bigint, $3::bigint + $4 - 1) as n`,
    [workspaceId, memberId, first, decisions, JSON.stringify(template)],
  );
  await db.query('vacuum (analyze) decisions');
  return performance.now() - started;
}

/**
 * The first page through the API and the same page's two SQL statements, each after a
 * warm-up, then timed in turn, back to back: whatever else the machine does falls on both
 * alike, so their ratio compares the two paths.
 */
async function queueReads(http: HttpClient, workspaceId: string, reads: number, forMe?: QueueReader) {
  const pageQuery = { tab: 'open' as const, limit: 25, offset: 0, ...(forMe ? { forMe: true } : {}) };
  const viaApi = () => http.json('GET', forMe ? '/api/v1/decisions?for=me' : '/api/v1/decisions');
  const viaSql = () => listQueue(pool, workspaceId, pageQuery, forMe ? { reader: forMe } : {});
  const warmUp = Math.ceil(reads / 10);
  await timeEach(warmUp, viaApi);
  await timeEach(warmUp, viaSql);
  const [apiReads, sqlReads] = await timeInterleaved(reads, 0, [viaApi, viaSql]);
  return { api: summarize(apiReads), sql: summarize(sqlReads) };
}

const TEAMS = 50;

/** Addresses the workspace's open decisions over `teams` teams (one in ten to nobody); the member joins the first. */
async function spreadOverTeams(workspaceId: string, memberId: string, teams: number): Promise<QueueReader> {
  const ids = Array.from({ length: teams }, (_, index) => `tm_bench${String(index).padStart(2, '0')}${workspaceId.slice(-8)}`);
  await pool.query(
    `insert into teams (id, workspace_id, name) select id, $1, 'team-' || ord from unnest($2::text[]) with ordinality as t(id, ord)`,
    [workspaceId, ids],
  );
  await pool.query('insert into team_members (team_id, member_id) values ($1, $2)', [ids[0], memberId]);
  await pool.query(
    `update decisions set assignee_team_id = case when number % 10 = 0 then null else ($2::text[])[1 + number % $3] end
      where workspace_id = $1 and status = 'open'`,
    [workspaceId, ids, teams],
  );
  await pool.query('vacuum (analyze) decisions');
  return { keys: [memberId, ids[0]!, ''], policy: 'anyone', admin: false };
}

type Reads = { api: Summary; sql: Summary };

/** The queue's first page at scale, then the same workspace's "For me" over 50 teams (issue 41 item 1). */
async function scaleRun(): Promise<{ atScale: (Reads & { seededMs: number }) | null; forMeAtScale: Reads | null }> {
  if (SCALE === 0) return { atScale: null, forMeAtScale: null };
  // A workspace of its own, so every other row still runs on the queue of --decisions.
  const scale = await benchWorkspace('bench-scale');
  log(`seeding ${SCALE} open decisions with ${SCALE * 5} asks in a second workspace…`);
  const scaleSeededMs = await seedOpen(pool, scale.workspaceId, scale.memberId, SCALE);
  log(`seeded in ${seconds(scaleSeededMs)}; queue read at scale: ${READS_AT_SCALE} API reads in turn with ${READS_AT_SCALE} direct reads…`);
  const atScale = { ...(await queueReads(scale.http, scale.workspaceId, READS_AT_SCALE)), seededMs: scaleSeededMs };
  // Issue 41 item 1: the same workspace over 50 teams, the member in one; one decision in ten for nobody.
  const reader = await spreadOverTeams(scale.workspaceId, scale.memberId, TEAMS);
  log(`"For me" at scale: ${SCALE} open over ${TEAMS} teams; ${READS_AT_SCALE} API reads in turn with ${READS_AT_SCALE} direct reads…`);
  const forMeAtScale = await queueReads(scale.http, scale.workspaceId, READS_AT_SCALE, reader);
  scale.http.close();
  return { atScale, forMeAtScale };
}

/** The rows of the queue read at scale and of "For me" at scale. */
function scaleRows({ atScale, forMeAtScale }: { atScale: (Reads & { seededMs: number }) | null; forMeAtScale: Reads | null }): string[] {
  return [
    ...(atScale
      ? [
          `| queue read at scale, first page (API, ${SCALE} open / ${SCALE * 5} asks), in turn with the SQL below | ${times(atScale.api)} | P95 ≤ 25 ms | ${met(atScale.api.p95 <= 25)} |`,
          `| the same page at scale straight from SQL (no HTTP) | ${times(atScale.sql)} | | |`,
          `| read ratio at scale (P95 API / P95 SQL) | | ${(atScale.api.p95 / atScale.sql.p95).toFixed(2)}× | | ≤ 3× | ${met(atScale.api.p95 / atScale.sql.p95 <= 3)} |`,
        ]
      : []),
    ...(forMeAtScale
      ? [
          `| "For me" at scale, first page (API, ${SCALE} open over ${TEAMS} teams, the member in one), in turn with the SQL below | ${times(forMeAtScale.api)} | P95 ≤ 25 ms | ${met(forMeAtScale.api.p95 <= 25)} |`,
          `| the same "For me" page straight from SQL (no HTTP) | ${times(forMeAtScale.sql)} | | |`,
          `| "For me" read ratio (P95 API / P95 SQL) | | ${(forMeAtScale.api.p95 / forMeAtScale.sql.p95).toFixed(2)}× | | ≤ 3× | ${met(forMeAtScale.api.p95 / forMeAtScale.sql.p95 <= 3)} |`,
        ]
      : []),
  ];
}

/** Lighthouse on a realistic queue of a workspace of its own (test/bench/lighthouse.ts). */
async function phoneFigures(): Promise<LighthouseFigures> {
  const phone = await benchWorkspace('bench-phone');
  const decisions = await fileRealisticQueue(memberApi(api.url, phone.token));
  // The health line reads the hourly roll-up; take it now, as the schedule would have.
  await rollUpHealth(pool, phone.workspaceId);
  phone.http.close();
  const runs = await lighthouseFigures(api.url, phone.token, LIGHTHOUSE_RUNS, 'test-results');
  return { decisions, runs, median: medianRun(runs) };
}

if (values.lighthouse) {
  log(`lighthouse only: ${LIGHTHOUSE_RUNS} runs of the mobile preset on a realistic queue…`);
  const phone = await phoneFigures();
  for (const run of phone.runs) log(`  run: ${JSON.stringify(run)}`);
  process.stdout.write(`\n| what | P50 | P95 | P99 | target | result |\n|---|---|---|---|---|---|\n${lighthouseRows(phone).join('\n')}\n\n`);
  await api.stop();
  await worker.stop();
  await pool.end();
  await embedded?.stop();
  await temporalServer.stop();
  process.exit(0);
}

const { workspaceId, memberId, token, http } = await benchWorkspace('bench');
const engine = embedded ? `embedded PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}` : 'DATABASE_URL';

log(`seeding ${DECISIONS} open decisions with ${DECISIONS * 5} asks on ${engine}…`);
const seededMs = await seedOpen(pool, workspaceId, memberId, DECISIONS);
// The same transport as the API's gateway (the Rust core's), so each baseline differs from
// Cast's path only in Cast's own work.
const connection = await NativeConnection.connect({ address: temporalServer.address });
const client = new Client({ connection });
// A gateway of the bench's own, as the API makes it: the answer without HTTP (test/bench/write-ratios.ts).
const gateway = TemporalGateway.create(temporal, () => readDeployment(pool));
const ms = (value: number) => `${value.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'missed');
const times = (summary: Summary) => `${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.p99)}`;

/** Issue 40 item 3: email's hand-off and digest rows (test/bench/email-figures.ts), each digest workspace seeded as the queue's. */
function emailRun(): Promise<EmailFigures> {
  log('email: a loopback SMTP server; filing → message accepted, then daily digests built…');
  return emailFigures({
    pool,
    apiUrl: api.url,
    member: { workspaceId, memberId },
    http,
    seededWorkspace: async (open) => {
      const digest = await benchWorkspace('bench-digest');
      digest.http.close();
      await seedOpen(pool, digest.workspaceId, digest.memberId, open);
      return { workspaceId: digest.workspaceId };
    },
    log,
    filings: EMAIL_FILINGS,
  });
}

/** The browser's rows: decisions to answer filed through the API (so they have workflows), then Chromium. */
async function browserRun() {
  const setUp = typedCallsOver(api.url);
  for (let index = 0; index < BROWSER_RUNS; index += 1) {
    await setUp.send(token, decisionRoutes.fileDecision, { body: decisionBody(`Browser answer ${index}?`) });
  }
  return browserFigures(api.url, token, 'Browser answer', BROWSER_RUNS, KEYSTROKES);
}

const stepLine = (step: Step) =>
  `${step.offered}/s: ${step.completed} done at ${step.rate.toFixed(1)}/s, P95 ${step.latency.p95.toFixed(0)} ms${step.held ? '' : ` — broke: ${step.why}`}`;

/** Cast's own ceilings: filing, then answering, offered at rising rates until one breaks. */
async function castCeilings(): Promise<{ filingCeiling: Ceiling; answeringCeiling: Ceiling }> {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));
  log(`ceiling, filing: from ${FILING_TARGET}/s, ${STEP_SECONDS} s a step, ×${CEILING_GROWTH} a step, until P95 > ${CEILING_P95_MS} ms or an error…`);
  const answerable: string[] = [];
  const filingCeiling = await rampUntilBroken({ from: FILING_TARGET, seconds: STEP_SECONDS, onStep: (step) => log(`  filing ${stepLine(step)}`) }, (index) =>
    fileOne(http, `Ceiling ${index}?`, answerable),
  );
  await settle();
  log(`ceiling, answering: from ${ANSWERING_TARGET}/s, the same steps; each step's decisions filed before it, untimed…`);
  let supplied = 0;
  let used = 0;
  const answeringCeiling = await rampUntilBroken(
    {
      from: ANSWERING_TARGET,
      seconds: STEP_SECONDS,
      prepare: async (needed) => {
        const short = used + needed - answerable.length;
        if (short > 0) {
          await fileMany(http, short, answerable, `Ceiling supply ${supplied}`);
          supplied += short;
          await settle();
        }
        used += needed;
      },
      onStep: (step) => log(`  answering ${stepLine(step)}`),
    },
    (index) => answerOne(http, answerable[index]!),
  );
  return { filingCeiling, answeringCeiling };
}

/** Temporal's ceilings on the same server and the same steps (test/bench/bare-ceiling.ts), after everything else. */
async function temporalCeilings(): Promise<BareCeilings> {
  await settleAfterOverload();
  log(`ceiling, bare Temporal: update-with-start from ${FILING_TARGET}/s and Update from ${ANSWERING_TARGET}/s, the same steps…`);
  return bareCeilings(
    { client, taskQueue, seconds: STEP_SECONDS, onStep: (what, step) => log(`  bare ${what} ${stepLine(step)}`) },
    { withStart: FILING_TARGET, update: ANSWERING_TARGET },
  );
}

/** Cast's ceilings, Temporal's bare ones on the same steps, and each of Cast's as a share of its own. */
function ceilingRows(filing: Ceiling, answering: Ceiling, bare: BareCeilings): string[] {
  const ceilingRow = (what: string, ceiling: Ceiling, target: number | null) => {
    const { held, broke } = ceiling;
    const result = held
      ? `${held.offered}/s held (${held.rate.toFixed(1)}/s done)${target === null ? '' : ` ${met(held.offered >= target)}`}; ${
          broke ? `${broke.offered}/s broke it: ${broke.why}` : `never broke in ${ceiling.steps.length} steps`
        }`
      : `none held, down to ${ceiling.steps.at(-1)!.offered}/s${target === null ? '' : ` ${met(false)}`}; ${broke!.offered}/s: ${broke!.why}`;
    const from = ceiling.steps[0]?.offered ?? 0;
    return `| ceiling, ${what}: highest offered rate held (P95 ≤ ${CEILING_P95_MS} ms, no error), ${STEP_SECONDS} s steps from ${from}/s, ×${CEILING_GROWTH} a step; the latency of that step | ${
      held ? times(held.latency) : ' | | '
    } | ${target === null ? 'report' : `report; ≥ ${target}/s`} | ${result} |`;
  };
  const share = (what: string, cast: Ceiling, temporal: Ceiling) =>
    `| ${what}: Cast's ceiling / Temporal's bare ceiling on the same server | | ${
      cast.held && temporal.held ? `${((100 * cast.held.offered) / temporal.held.offered).toFixed(0)} %` : 'n/a'
    } | | report | ${cast.held?.offered ?? 0}/s of ${temporal.held?.offered ?? 0}/s |`;
  return [
    ceilingRow('filing', filing, FILING_TARGET),
    ceilingRow('answering', answering, ANSWERING_TARGET),
    ceilingRow('bare update-with-start of a no-op workflow (filing\'s floor)', bare.withStart, null),
    ceilingRow('bare Update of a running no-op workflow (answering\'s floor)', bare.update, null),
    share('filing', filing, bare.withStart),
    share('answering', answering, bare.update),
  ];
}

const RULES = 1000;

/** Filing beside filing in a workspace with a thousand rules (test/bench/rules-filing.ts). */
async function rulesFilingRun(): Promise<RulesFiling> {
  const none = await benchWorkspace('bench-no-rules');
  const thousand = await benchWorkspace('bench-rules');
  log(`rules: seeding ${RULES} rules, then ${ANSWERS} filings with none in turn with ${ANSWERS} with ${RULES}…`);
  await seedRules(pool, thousand, RULES);
  const figures = await rulesFiling({ none: none.http, thousand: thousand.http }, ANSWERS, PACE_MS, RULES);
  none.http.close();
  thousand.http.close();
  return figures;
}

// --only: just the parts named, on the same seeded queue, printed and not written.
if (ONLY) {
  const rows: string[] = [];
  if (ONLY.has('writes')) {
    const writes = await writeRatios(
  { http, client, taskQueue, log, gateway, member: { workspaceId, memberId }, temporalMetrics: `http://${temporalMetrics}/metrics` },
  ANSWERS,
  PACE_MS,
);
    await writes.stop();
    rows.push(...writeRatioRows(writes, PACE_MS, times));
  }
  if (ONLY.has('browser')) {
    log(`browser: opening /decisions and answering, ${BROWSER_RUNS} times, then ${KEYSTROKES} presses of j, in Chromium…`);
    rows.push(...browserRows(await browserRun(), DECISIONS, KEYSTROKES, times));
  }
  if (ONLY.has('email')) rows.push(...emailRows(await emailRun(), EMAIL_FILINGS, times));
  if (ONLY.has('scale')) rows.push(...scaleRows(await scaleRun()));
  if (ONLY.has('ceiling')) {
    const { filingCeiling, answeringCeiling } = await castCeilings();
    rows.push(...ceilingRows(filingCeiling, answeringCeiling, await temporalCeilings()));
  }
  if (ruleFigures) rows.push(...ruleEvaluationRows(ruleFigures, met));
  if (ONLY.has('rules')) rows.push(...rulesFilingRows(await rulesFilingRun(), times, met));
  process.stdout.write(`\n| what | P50 | P95 | P99 | target | result |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n\n`);
  await gateway.close();
  await connection.close();
  http.close();
  await api.stop();
  await worker.stop();
  await pool.end();
  await embedded?.stop();
  await temporalServer.stop();
  process.exit(0);
}

log(`seeded in ${seconds(seededMs)}; queue read: ${READS} API reads in turn with ${READS} direct reads of the same page (its two SQL statements, no HTTP)…`);
const reads = await queueReads(http, workspaceId, READS);

const { atScale, forMeAtScale } = await scaleRun();

log('notifier idle: a listening notifier, caught up, left alone for 10 s while nothing is written…');
const idle = await idleNotifier(databaseUrl, 10_000);

// Early, while the outbox is short: a new channel's notifier reads it from the beginning.
const email = await emailRun();

const writes = await writeRatios(
  { http, client, taskQueue, log, gateway, member: { workspaceId, memberId }, temporalMetrics: `http://${temporalMetrics}/metrics` },
  ANSWERS,
  PACE_MS,
);
const rulesFiled = await rulesFilingRun();

/** Calls that are not timed go typed; the timed ones above keep the bench's own client. */
const setUp = typedCallsOver(api.url);
const answerOnce = (id: string) => http.json('POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });

log(`answer → agent: ${WAITS} answers given while a \`cast decide wait\` request (the same endpoint) waits…`);
const waits: number[] = [];
for (let index = 0; index < WAITS; index += 1) {
  const { decision } = await setUp.send(token, decisionRoutes.fileDecision, { body: decisionBody(`Wait ${index}?`) });
  const released = http.send('GET', `/api/v1/decisions/${decision.id}/wait?timeout=30`).then(() => performance.now());
  await new Promise((resolve) => setTimeout(resolve, 150));
  const answeredAt = performance.now();
  await answerOnce(decision.id);
  waits.push((await released) - answeredAt);
}

log(`waiters: ${QUICK ? 100 : 500} agents waiting at once, re-reading every 100 ms, then woken by LISTEN/NOTIFY…`);
const waiting = await waiterFigures({ pool, temporal, token, agents: QUICK ? 100 : 500, samples: QUICK ? 20 : 100, log });

log(`cast cold start: ${COLD_STARTS} rounds of \`node -e 0\`, \`cast --help\` and \`cast decide … --json\`, in turn…`);
const cold = await coldStarts(COLD_STARTS, { url: api.url, token });

log(`push: ${PUSHES} blocking decisions filed one at a time, each to its push at a loopback push service…`);
const pushTimes = await pushHandoffs({ url: api.url, token }, pushService, PUSHES);

log(`sustained load: filing at ${offeredFor(FILING_TARGET)}/s for ${SUSTAINED_SECONDS} s, then answering them at ${offeredFor(ANSWERING_TARGET)}/s…`);
const load = await sustainedLoad(http, SUSTAINED_SECONDS);
for (const run of [load.filing, load.answering]) if (run.firstError) log(`first error under load: ${run.firstError}`);
await settleAfterOverload();

log(`stack deadlines: ${STACK_MEMBERS} advisory members answered by their stack's auto-default…`);
const lags = await stackDeadlineLags({ url: api.url, token }, STACK_MEMBERS, 5);

log(`slack: ${SLACK_DECISIONS} decisions filed one at a time, each until its message reaches the Slack stand-in…`);
const slackLags = await slackHandoffs({ pool, http, member: { workspaceId, memberId } }, SLACK_DECISIONS);

log(`browser: opening /decisions and answering, ${BROWSER_RUNS} times, then ${KEYSTROKES} presses of j, in Chromium…`);
const web = await browserRun();

log(`lighthouse: ${LIGHTHOUSE_RUNS} runs of the mobile preset on a realistic queue of a workspace of its own…`);
const phone = await phoneFigures();

// Last: it pushes the machine past what it serves, which nothing measured after it should feel.
const { filingCeiling, answeringCeiling } = await castCeilings();
// Issue 29 item 7: twice the filing ceiling just measured (the issue's 40/s if none held), with admission control and without.
const overload = await overloadRows({ pool, temporal }, filingCeiling.held?.offered ?? 40, QUICK ? 3 : 10, log);
const bare = await temporalCeilings();

const read = reads.api;
const sql = reads.sql;
const wait = summarize(waits);
const bareNode = summarize(cold.node);
const castHelp = summarize(cold.help);
const castDecide = summarize(cold.decide);
const lag = summarize(lags);
const sustainedRow = (what: string, run: Load, target: number) =>
  `| sustained ${what}: ${run.completed} at ${run.offered}/s offered, ${run.errors} errors, latency under load | ${times(run.latency)} | ≥ ${target}/s, no error | ${run.rate.toFixed(1)}/s ${met(run.rate >= target && run.errors === 0)} |`;
const table = [
  '| what | P50 | P95 | P99 | target | result |',
  '|---|---|---|---|---|---|',
  `| queue read, first page (API, ${DECISIONS} open / ${DECISIONS * 5} asks), in turn with the SQL below | ${times(read)} | P95 ≤ 25 ms | ${met(read.p95 <= 25)} |`,
  `| the same page straight from SQL (no HTTP) | ${times(sql)} | | |`,
  `| read ratio (P95 API / P95 SQL) | | ${(read.p95 / sql.p95).toFixed(2)}× | | ≤ 3× | ${met(read.p95 / sql.p95 <= 3)} |`,
  ...scaleRows({ atScale, forMeAtScale }),
  ...writeRatioRows(writes, PACE_MS, times),
  ...ruleEvaluationRows(ruleFigures!, met),
  ...rulesFilingRows(rulesFiled, times, met),
  ...browserRows(web, DECISIONS, KEYSTROKES, times),
  `| answer sent → waiting agent holds it (decision wait) | ${times(wait)} | P95 ≤ 250 ms | ${met(wait.p95 <= 250)} |`,
  ...waiterRows(waiting),
  ...emailRows(email, EMAIL_FILINGS, times),
  ...lighthouseRows(phone),
  `| \`node -e 0\` (a fresh Node process), in turn with the two below | ${times(bareNode)} | | |`,
  `| \`cast --help\` (the compiled CLI, cold process) | ${times(castHelp)} | P50 ≤ 1.5× node -e 0 | ${(castHelp.p50 / bareNode.p50).toFixed(2)}× ${met(castHelp.p50 <= 1.5 * bareNode.p50)} |`,
  `| \`cast decide … --json\` (cold process, files one decision) | ${times(castDecide)} | report | ${(castDecide.p50 / bareNode.p50).toFixed(2)}× node -e 0 |`,
  sustainedRow('filing', load.filing, FILING_TARGET),
  sustainedRow('answering', load.answering, ANSWERING_TARGET),
  pushRow(summarize(pushTimes), pushTimes.length, PUSHES, times, met),
  idleRow(idle, met),
  `| decision filed → Slack message handed to Slack's Web API (a stand-in on loopback; ${SLACK_DECISIONS} decisions, one at a time) | ${times(slackLags)} | P95 ≤ 1 s | ${met(slackLags.p95 <= 1000)} |`,
  `| stack auto-default: deadline → answer recorded (${lags.length} of ${STACK_MEMBERS} members) | ${times(lag)} | within 1 s | ${met(lags.length === STACK_MEMBERS && lag.p99 <= 1000)} |`,
  ...ceilingRows(filingCeiling, answeringCeiling, bare),
  ...overload.rows,
].join('\n');
const notes = [
  `Seeding (bulk SQL, then VACUUM ANALYZE): ${DECISIONS} open decisions in ${seconds(seededMs)}${atScale ? `; ${SCALE} in ${seconds(atScale.seededMs)}` : ''}.`,
  `Ceiling steps, filing: ${filingCeiling.steps.map(stepLine).join('; ')}.`,
  `Ceiling steps, answering: ${answeringCeiling.steps.map(stepLine).join('; ')}.`,
  `Bare ceiling steps, update-with-start: ${bare.withStart.steps.map(stepLine).join('; ')}; Update: ${bare.update.steps.map(stepLine).join('; ')}.`,
  overload.notes,
  `The whole bench took ${seconds(performance.now() - benchStarted)}${QUICK ? ' (--quick: small sizes and short steps)' : ''}.`,
].join('\n\n');
process.stdout.write(`\n${table}\n\n${notes}\n\n`);
if (values.write) {
  const where = fileURLToPath(new URL('../../bench/results.md', import.meta.url));
  mkdirSync(dirname(where), { recursive: true });
  writeFileSync(
    where,
    `# npm run bench — ${new Date().toISOString()}\n\nDatabase: ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} (the default install)`}\n\n${table}\n\n${notes}\n`,
  );
  log(`wrote ${where}`);
}

await gateway.close();
await connection.close();
http.close();
await writes.stop();
await api.stop();
await worker.stop();
await pushService.stop();
await pool.end();
await embedded?.stop();
await temporalServer.stop();
