/**
 * The waiters' rows of `npm run bench` (issue 29 item 8): `agents` agents wait at once, four
 * in five on their session's messages (the hook's long-poll) and one in five on a decision
 * (`cast decide wait`), each renewing its 30 s wait as a real agent does. Measured with the
 * change listener (waiters sleep until notified) and, as the baseline, without it (waiters
 * re-read every 100 ms, as before): the statements the API sends and Cast's database's
 * transactions per second while all of them wait and nothing changes, then append → long-poll returned and
 * answer sent → decision wait returned, one change every 50 ms. Each run has an API process
 * of its own, with a pool of its own (the default 10), over the same database and worker.
 */
import pg, { type Pool } from 'pg';
import { startApi } from '../../api/server';
import { createLogger } from '../../runtime/logger';
import type { TemporalTarget } from '../../runtime/temporal-connection';
import { decisionBody } from '../support/fixtures';
import { httpClient, type HttpClient } from './http-client';
import { summarize, timePaced, type Summary } from './stats';

export type IdleRates = { apiQps: number; dbTps: number };
export type WaiterRun = { idle: IdleRates; append: Summary; answer: Summary; late: number };
export type WaiterFigures = { agents: number; idleSeconds: number; floorTps: number; polling: WaiterRun; listening: WaiterRun };

const LONG_POLL_S = 30;
const PACE_MS = 50;

type Deps = { pool: Pool; temporal: TemporalTarget; token: string; agents: number; samples: number; log: (line: string) => void };

export async function waiterFigures(deps: Deps): Promise<WaiterFigures> {
  const idleSeconds = deps.samples >= 100 ? 10 : 5;
  deps.log(`  nobody waiting: ${idleSeconds} s idle…`);
  const floorTps = (await idleRates(deps.pool, { queries: 0 }, idleSeconds)).dbTps;
  const polling = await waiterRun(deps, false, idleSeconds);
  const listening = await waiterRun(deps, true, idleSeconds);
  return { agents: deps.agents, idleSeconds, floorTps, polling, listening };
}

async function waiterRun(deps: Deps, listen: boolean, idleSeconds: number): Promise<WaiterRun> {
  const { pool, sent } = countingPool(deps.pool.options.connectionString!);
  const api = await startApi({ pool, logger: createLogger('silent'), host: '127.0.0.1', port: 0, temporal: deps.temporal, rateLimits: null, listen });
  const headers = { authorization: `Bearer ${deps.token}`, 'content-type': 'application/json' };
  const setUp = httpClient(api.url, headers);
  const agentsHttp = httpClient(api.url, headers);
  const label = listen ? 'listening' : 'polling every 100 ms';
  try {
    const deciders = Math.max(1, Math.round(deps.agents / 5));
    const sessions = await Promise.all(Array.from({ length: deps.agents - deciders }, () => newSession(setUp)));
    const decisions: string[] = [];
    for (let index = 0; index < deciders; index += 1) {
      decisions.push((await setUp.json<{ decision: { id: string } }>('POST', '/api/v1/decisions', decisionBody(`Waiter ${index}?`))).decision.id);
    }
    if (listen) while (!api.changes.connected) await pause(50);
    const arrived = new Map<string, number>();
    const running = { on: true };
    const agents = [
      ...sessions.map((session) => sessionAgent(agentsHttp, session, arrived, running)),
      ...decisions.map((id) => decisionAgent(agentsHttp, id, arrived, running)),
    ];
    while (api.changes.waiters < deps.agents) await pause(50);
    deps.log(`  ${label}: ${deps.agents} waiting; ${idleSeconds} s idle…`);
    const idle = await idleRates(deps.pool, sent, idleSeconds);

    const appends = sessions.slice(0, deps.samples);
    deps.log(`  ${label}: ${appends.length} appends, then ${Math.min(deps.samples, decisions.length)} answers, one every ${PACE_MS} ms…`);
    const appendSent = new Map<string, number>();
    await timePaced(appends.length, PACE_MS, async (index) => {
      appendSent.set(`append-${index}`, performance.now());
      await setUp.json('POST', `/api/v1/sessions/${appends[index]}/messages`, { role: 'user', body: `append-${index}` });
    });
    const answerSent = new Map<string, number>();
    const answered = decisions.slice(0, deps.samples);
    await timePaced(answered.length, PACE_MS, async (index) => {
      answerSent.set(answered[index]!, performance.now());
      await setUp.json('POST', `/api/v1/decisions/${answered[index]}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
    });
    const expected = [...appendSent.keys(), ...answerSent.keys()];
    const deadline = performance.now() + (LONG_POLL_S + 5) * 1000;
    while (expected.some((key) => !arrived.has(key)) && performance.now() < deadline) await pause(50);
    running.on = false;
    agentsHttp.close();
    await Promise.allSettled(agents);
    const latencies = (sent: Map<string, number>) => [...sent].filter(([key]) => arrived.has(key)).map(([key, at]) => arrived.get(key)! - at);
    return {
      idle,
      append: summarize(latencies(appendSent)),
      answer: summarize(latencies(answerSent)),
      late: expected.filter((key) => !arrived.has(key)).length,
    };
  } finally {
    agentsHttp.close();
    setUp.close();
    await api.stop();
    await pool.end();
  }
}

/** Backends report their transaction counts when idle, up to 10 s late: a window starts after that. */
const STATS_SETTLE_MS = 11_000;

/**
 * Over `seconds`: the statements the API process sent (`sent`, counted as its pool's clients
 * send them: exact, and the API's alone) and Cast's database's transactions per second
 * (pg_stat_database, less the one that reads the count: every process's, autovacuum's too).
 */
async function idleRates(pool: Pool, sent: { queries: number }, seconds: number): Promise<IdleRates> {
  await pause(STATS_SETTLE_MS);
  const queries = sent.queries;
  const transactionsBefore = await transactions(pool);
  const started = performance.now();
  await pause(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  return { apiQps: (sent.queries - queries) / elapsed, dbTps: ((await transactions(pool)) - transactionsBefore - 1) / elapsed };
}

/** The API's pool (the default 10 connections), counting every statement its clients send. */
function countingPool(connectionString: string) {
  const sent = { queries: 0 };
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      sent.queries += 1;
      return query(...args);
    }) as typeof client.query;
  });
  return { pool, sent };
}

/** Committed and rolled-back transactions of Cast's database so far: every statement outside a transaction is one. */
async function transactions(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(rows[0]!.n);
}

async function newSession(http: HttpClient): Promise<string> {
  const id = `waiter-${crypto.randomUUID()}`;
  await http.json('PUT', `/api/v1/sessions/${id}`, {});
  return id;
}

/** A hook waiting on its session: long-polls after the last message it saw, again and again. */
async function sessionAgent(http: HttpClient, session: string, arrived: Map<string, number>, running: { on: boolean }) {
  let after = 0;
  while (running.on) {
    const reply = await http.send('GET', `/api/v1/sessions/${session}/messages?after=${after}&wait=${LONG_POLL_S}`).catch(() => null);
    if (!reply?.ok) return;
    const page = JSON.parse(reply.text) as { messages: { body: string }[]; nextAfter: number };
    for (const message of page.messages) arrived.set(message.body, performance.now());
    after = page.nextAfter;
  }
}

/** `cast decide wait`: waits on the decision until it settles. */
async function decisionAgent(http: HttpClient, id: string, arrived: Map<string, number>, running: { on: boolean }) {
  while (running.on) {
    const reply = await http.send('GET', `/api/v1/decisions/${id}/wait?timeout=${LONG_POLL_S}`).catch(() => null);
    if (!reply?.ok) return;
    if ((JSON.parse(reply.text) as { settled: boolean }).settled) {
      arrived.set(id, performance.now());
      return;
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The table's rows: each figure with the listener beside its baseline. */
export function waiterRows(figures: WaiterFigures): string[] {
  const { polling, listening, agents } = figures;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const times = (summary: Summary) => `${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.p99)}`;
  const late = (run: WaiterRun) => (run.late ? `, ${run.late} not back within the wait` : '');
  const rates = (run: WaiterRun) => `${run.idle.apiQps.toFixed(0)} statements/s from the API; ${run.idle.dbTps.toFixed(0)} transactions/s in the database`;
  const fewer = polling.idle.apiQps / Math.max(listening.idle.apiQps, 0.1);
  return [
    `| nobody waiting: Cast's database, transactions/s (pg_stat_database, ${figures.idleSeconds} s) | ${Math.max(0, figures.floorTps).toFixed(0)}/s | | | report | |`,
    `| ${agents} agents waiting at once, nothing changing, re-reading every 100 ms (before) | ${rates(polling)} | | | report | |`,
    `| the same, woken by LISTEN/NOTIFY (after) | ${rates(listening)} | | | fewer | ${fewer.toFixed(0)}× fewer statements |`,
    `| ${agents} waiting: append → that session's long-poll returns, re-reading every 100 ms (before) | ${times(polling.append)} | report | ${late(polling)} |`,
    `| the same, woken by LISTEN/NOTIFY (after) | ${times(listening.append)} | P95 ≤ 250 ms | ${listening.append.p95 <= 250 ? 'met' : 'missed'}${late(listening)} |`,
    `| ${agents} waiting: answer sent → that decision's wait returns, re-reading every 100 ms (before) | ${times(polling.answer)} | report | |`,
    `| the same, woken by LISTEN/NOTIFY (after) | ${times(listening.answer)} | P95 ≤ 250 ms | ${listening.answer.p95 <= 250 ? 'met' : 'missed'} |`,
  ];
}
