/**
 * `npm run chaos`: files and answers decisions under load while it kills, in turn, the
 * worker, the API, the Temporal server and the PostgreSQL server with SIGKILL, and restarts
 * each. Afterwards it
 * checks that no answer the API accepted was lost, no decision resolved twice, every
 * webhook event arrived at least once and exactly once after dedupe by event id, and the
 * Postgres rows equal the workflows' state (the reconciler finds nothing to repair).
 *
 * The worker and the API are separate processes on the embedded PostgreSQL server (in a
 * temporary directory), or on the server DATABASE_URL names — which is then not killed, as it
 * is not Cast's to kill. Options: --seconds N (load, default 60). Exits 1 when a check fails.
 */
import { Client, Connection } from '@temporalio/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { reconcileDecisions } from '../activities/reconcile';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../runtime/postgres/embedded-postgres';
import { readDeployment } from '../db/deployment';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { createMember, createWorkspace, issueToken } from '../db/tenancy';
import { loadEnv } from '../runtime/env';
import { freePort } from '../runtime/free-port';
import { provideTemporal } from './provide-temporal';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const SECONDS = Number(values.seconds);
const env = loadEnv();
const log = (message: string) => process.stderr.write(`[chaos] ${message}\n`);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Node itself with tsx's loader, so the process SIGKILL hits is the one doing the work (the
// `tsx` command would leave its child running).

// --- the system under test ------------------------------------------------------------
// The embedded server keeps its port across the kill, so the processes' DATABASE_URL stays right.
const pgDir = mkdtempSync(join(tmpdir(), 'cast-chaos-pg-'));
const pgPort = await freePort();
const startPostgres = () => startEmbeddedPostgres({ dir: pgDir, port: pgPort, removeOnStop: true });
let postgres: EmbeddedPostgres | null = env.DATABASE_URL ? null : await startPostgres();
const databaseUrl = env.DATABASE_URL ?? postgres!.url;
const pool = createPool(databaseUrl, 5);
await migrate(pool);
const temporalPort = await freePort();
const temporalBinary = await provideTemporal(env);
const temporalDb = join(mkdtempSync(join(tmpdir(), 'cast-chaos-')), 'temporal.sqlite');
const startTemporal = () => startTemporalDevServer({ binary: temporalBinary, port: temporalPort, dbFile: temporalDb });
let temporal: TemporalDevServer = await startTemporal();
const taskQueue = `chaos-${randomUUID()}`;
const apiPort = await freePort();
const childEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  TEMPORAL_ADDRESS: temporal.address,
  TEMPORAL_TASK_QUEUE: taskQueue,
  PORT: String(apiPort),
  CAST_RATE_LIMITS: 'off',
  // The receiver listens on loopback.
  CAST_WEBHOOK_ALLOW_PRIVATE: 'on',
  // The worker and the API on one machine: each its own free metrics port, not both 9464.
  CAST_METRICS_PORT: '0',
  LOG_LEVEL: 'warn',
};
function launch(entry: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry)], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}
let worker = launch('bin/worker.ts');
let api = launch('bin/api.ts');
const apiUrl = `http://127.0.0.1:${apiPort}`;

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}
await until('the API', async () => (await fetch(`${apiUrl}/healthz`)).ok);

// --- a member, and a webhook receiver that counts deliveries by event id ---------------
const workspaceId = await createWorkspace(pool, 'chaos');
const memberId = await createMember(pool, workspaceId, 'Chaos');
const token = await issueToken(pool, { workspaceId, memberId }, 'chaos');
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const received = new Map<string, { type: string; decision: string; count: number }>();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    const event = JSON.parse(body) as { type: string; data: { decision?: { id: string } } };
    const seen = received.get(id);
    if (seen) seen.count += 1;
    else received.set(id, { type: event.type, decision: event.data.decision?.id ?? '', count: 1 });
    res.writeHead(200).end();
  });
});
const receiverPort = await freePort();
await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
await fetch(`${apiUrl}/api/v1/webhooks`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/hook`, events: ['decision.resolved'] }),
});

// --- load: file and answer; a refused or failed request is retried with the same key ---
const accepted = new Map<string, number>(); // decision → the option the API accepted
const filed: string[] = [];
let failures = 0;
async function post(path: string, body: unknown, key?: string): Promise<Response | null> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    try {
      const response = await fetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
      if (response.status < 500) return response;
    } catch {
      // The API is down: it is being restarted.
    }
    failures += 1;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}
let stopping = false;
async function client(lane: number): Promise<void> {
  for (let index = 0; !stopping; index += 1) {
    const filing = await post('/api/v1/decisions', {
      question: `Chaos ${lane}.${index}?`,
      context: 'A decision filed and answered while processes are killed around it.',
      asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
    });
    if (!filing?.ok) continue;
    const { decision } = (await filing.json()) as { decision: { id: string } };
    filed.push(decision.id);
    const option = 1 + (index % 2);
    const answer = await post(
      `/api/v1/decisions/${decision.id}/asks/1/answer`,
      { answer: { kind: 'decision', selected: [option] }, reason: option === 1 ? 'Chaos says ship.' : undefined },
      randomUUID(),
    );
    if (answer?.ok) accepted.set(decision.id, option);
  }
}

const kill = async (name: string, restart: () => Promise<void> | void, target: () => ChildProcess | number) => {
  log(`SIGKILL ${name}`);
  const victim = target();
  if (typeof victim === 'number') process.kill(victim, 'SIGKILL');
  else victim.kill('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await restart();
  log(`${name} restarted`);
};
const lanes = Array.from({ length: 4 }, (_, lane) => client(lane));
const step = (SECONDS * 1000) / (postgres ? 5 : 4);
await new Promise((resolve) => setTimeout(resolve, step));
await kill(
  'the worker',
  () => void (worker = launch('bin/worker.ts')),
  () => worker,
);
await new Promise((resolve) => setTimeout(resolve, step));
await kill(
  'the API',
  async () => {
    api = launch('bin/api.ts');
    await until('the API', async () => (await fetch(`${apiUrl}/healthz`)).ok);
  },
  () => api,
);
await new Promise((resolve) => setTimeout(resolve, step));
await kill(
  'the Temporal server',
  async () => {
    temporal = await startTemporal();
  },
  () => temporal.process,
);
await new Promise((resolve) => setTimeout(resolve, step));
if (postgres) {
  // The next start finds the dead server's postmaster.pid and recovers from its WAL.
  await kill(
    'the PostgreSQL server',
    async () => {
      postgres = await startPostgres();
    },
    () => postgres!.pid,
  );
  await new Promise((resolve) => setTimeout(resolve, step));
}
stopping = true;
await Promise.all(lanes);
log(`load done: ${filed.length} filed, ${accepted.size} answers accepted, ${failures} retried requests`);

// --- checks -----------------------------------------------------------------------------
const problems: string[] = [];
await until(
  'every accepted answer resolved and delivered',
  async () => {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from decisions where id = any($1) and status = 'resolved' and snapshot -> 'delivery' <> 'null'::jsonb`,
      [[...accepted.keys()]],
    );
    return rows[0]!.n === accepted.size;
  },
  120_000,
).catch((error: Error) => problems.push(error.message));

const { rows: recorded } = await pool.query<{ id: string; selected: number[] }>(
  `select id, (snapshot -> 'asks' -> 0 -> 'answer' -> 'value' -> 'selected')::jsonb as selected from decisions where id = any($1)`,
  [[...accepted.keys()]],
);
const byId = new Map(recorded.map((row) => [row.id, row.selected?.[0]]));
const lost = [...accepted].filter(([id, option]) => byId.get(id) !== option);
if (lost.length)
  problems.push(
    `${lost.length} accepted answers lost or changed: ${lost
      .slice(0, 5)
      .map(([id]) => id)
      .join(', ')}`,
  );

const { rows: twice } = await pool.query<{ subject_id: string; n: number }>(
  `select subject_id, count(*)::int as n from activity where workspace_id = $1 and subject_kind = 'decision' and kind in ('resolved', 'delivered')
    group by subject_id, kind having count(*) > 1`,
  [workspaceId],
);
if (twice.length)
  problems.push(
    `${twice.length} decisions resolved or delivered twice: ${twice
      .slice(0, 5)
      .map((row) => row.subject_id)
      .join(', ')}`,
  );
const { rows: messages } = await pool.query<{ decision_id: string; n: number }>(
  `select decision_id, count(*)::int as n from session_messages where workspace_id = $1 and kind = 'decision_answer' group by decision_id having count(*) > 1`,
  [workspaceId],
);
if (messages.length) problems.push(`${messages.length} decisions sent their answer twice`);

await until(
  'every decision.resolved webhook',
  async () => {
    const decisions = new Set([...received.values()].filter((event) => event.type === 'decision.resolved').map((event) => event.decision));
    return [...accepted.keys()].every((id) => decisions.has(id));
  },
  120_000,
).catch((error: Error) => problems.push(error.message));
const perDecision = new Map<string, number>();
for (const event of received.values())
  if (event.type === 'decision.resolved') perDecision.set(event.decision, (perDecision.get(event.decision) ?? 0) + 1);
const doubled = [...perDecision].filter(([, count]) => count !== 1);
if (doubled.length) problems.push(`${doubled.length} decisions announced under more than one event id`);
const redelivered = [...received.values()].filter((event) => event.count > 1).length;

const connection = await Connection.connect({ address: temporal.address });
const report = await reconcileDecisions(pool, new Client({ connection }), {
  taskQueue,
  workspaceId,
  deployment: await readDeployment(pool),
});
await connection.close();
if (report.repaired.length || report.unexplained.length) {
  const why = [
    ...report.repaired.map((row) => `${row.id} repaired ${row.from} → ${row.to}`),
    ...report.unexplained.map((row) => `${row.id}: ${row.why}`),
  ];
  problems.push(
    `rows differ from their workflows: ${report.repaired.length} repaired, ${report.unexplained.length} unexplained (${why.join('; ')})`,
  );
}

log(
  `filed ${filed.length}, answers accepted ${accepted.size}, lost ${lost.length}; webhook events ${received.size} ` +
    `(${redelivered} delivered more than once, deduped by event id); reconciler checked ${report.checked}`,
);
worker.kill('SIGTERM');
api.kill('SIGTERM');
await temporal.stop();
receiver.close();
await pool.end();
await postgres?.stop();
if (problems.length) {
  log(`FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
log('passed: no answer lost, none resolved twice, every webhook once after dedupe, rows equal the workflows');
