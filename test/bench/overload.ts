/**
 * Issue 29 item 7's rows: filings offered at twice the filing ceiling (open loop), by agents
 * that wait out a 503 with Retry-After as Cast's clients do (client/busy-retry.ts: jittered,
 * at most 20 retries and 60 s), to an API with admission control at its default bound, and the
 * same load to an API with admission control off (a bound no load reaches), in the same run.
 * Reported: accepted throughput and the P95 of the accepted requests (target ≤ 250 ms), the
 * refusals and their time to refuse (target P95 ≤ 50 ms), and whether every filing landed
 * exactly once (rows counted in PostgreSQL).
 */
import type { Pool } from 'pg';
import { startApi } from '../../api/server';
import { DEFAULT_MAX_WRITES_IN_FLIGHT } from '../../api/write-admission';
import { BUSY_MAX_RETRIES, busyWaitMs } from '../../client/busy-retry';
import { retryAfterSeconds } from '../../client/retry-after';
import { createMember, createWorkspace, issueToken } from '../../db/tenancy';
import { createLogger } from '../../runtime/logger';
import type { TemporalTarget } from '../../runtime/temporal-connection';
import { httpClient, type HttpClient, type Reply } from './http-client';
import { summarize, type Summary } from './stats';

/** Admission control off: more writes in flight than any load here reaches. */
export const NO_ADMISSION_BOUND = 1_000_000;
const RETRY_BOUND = { maxRetries: BUSY_MAX_RETRIES, maxSeconds: 60 };
const P95_TARGET_MS = 250;
const REFUSE_P95_TARGET_MS = 50;

export type OverloadRun = {
  bound: number;
  offered: number;
  filings: number;
  /** Filings accepted (201), a second, from the first acceptance to the last. */
  acceptedRate: number;
  /** Latency of each accepted request (the try that was accepted, not the waits before it). */
  accepted: Summary;
  /** Tries refused 503 `overloaded`, and how long each took to be refused. */
  refused: number;
  refusal: Summary | null;
  /** Tries that failed otherwise (503 `temporal_unavailable` after its 5 s deadline, …). */
  failedTries: number;
  /** Filings landed after their retries, and the time from first try to landing. */
  landed: number;
  toLand: Summary;
  /** Decisions in the database for this run's filings: equal to `filings` when each landed once. */
  rows: number;
  firstFailure: string | null;
};

type Parts = { pool: Pool; temporal: TemporalTarget };

async function oneRun(parts: Parts, bound: number, perSecond: number, seconds: number, label: string): Promise<OverloadRun> {
  const api = await startApi({ ...parts, logger: createLogger('silent'), host: '127.0.0.1', port: 0, rateLimits: null, maxWritesInFlight: bound });
  const workspaceId = await createWorkspace(parts.pool, `bench-overload-${label}`);
  const memberId = await createMember(parts.pool, workspaceId, 'Bench');
  const token = await issueToken(parts.pool, { workspaceId, memberId }, `overload-${label}`);
  const http: HttpClient = httpClient(api.url, { authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const acceptedAt: number[] = [];
  const accepted: number[] = [];
  const refusals: number[] = [];
  const toLand: number[] = [];
  let failedTries = 0;
  let firstFailure: string | null = null;

  // One agent's filing: tries until accepted, waiting out each 503 with Retry-After as the clients do.
  const file = async (index: number): Promise<void> => {
    const body = {
      question: `Overload ${label} ${index}?`,
      context: 'Filed at twice the ceiling by an agent that retries.',
      asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold', recommended: true }] }],
      session: `overload-${label}-${index}`,
    };
    const started = performance.now();
    let waitedMs = 0;
    for (let retries = 0; ; retries += 1) {
      const sent = performance.now();
      const reply: Reply = await http.send('POST', '/api/v1/decisions', body).catch((error: unknown) => ({ ok: false, status: 0, text: String(error) }));
      const took = performance.now() - sent;
      if (reply.ok) {
        accepted.push(took);
        acceptedAt.push(performance.now());
        toLand.push(performance.now() - started);
        return;
      }
      const overloaded = reply.status === 503 && reply.text.includes('"overloaded"');
      if (overloaded) refusals.push(took);
      else {
        failedTries += 1;
        firstFailure ??= `${reply.status} ${reply.text.slice(0, 120)}`;
      }
      const asked = reply.status === 503 ? retryAfterSeconds(reply.retryAfter ?? null) : null;
      const wait = asked === null ? null : busyWaitMs(asked, retries, waitedMs, RETRY_BOUND);
      if (wait === null) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      waitedMs += wait;
    }
  };

  const count = Math.round(perSecond * seconds);
  const filings: Array<Promise<void>> = [];
  const begun = performance.now();
  for (let index = 0; index < count; index += 1) {
    const wait = begun + (index * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    filings.push(file(index));
  }
  await Promise.all(filings);
  const { rows } = await parts.pool.query<{ n: number }>('select count(*)::int as n from decisions where workspace_id = $1', [workspaceId]);
  http.close();
  await api.stop();
  const span = (Math.max(...acceptedAt) - Math.min(...acceptedAt)) / 1000;
  return {
    bound,
    offered: perSecond,
    filings: count,
    acceptedRate: acceptedAt.length > 1 ? (acceptedAt.length - 1) / span : 0,
    accepted: summarize(accepted),
    refused: refusals.length,
    refusal: refusals.length ? summarize(refusals) : null,
    failedTries,
    landed: toLand.length,
    toLand: summarize(toLand),
    rows: rows[0]!.n,
    firstFailure,
  };
}

/**
 * Both runs at twice `ceiling` (this run's measured filing ceiling), the one with admission
 * control first; the table's rows and a note of each run.
 */
export async function overloadRows(parts: Parts, ceiling: number, seconds: number, log: (message: string) => void) {
  const offered = ceiling * 2;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
  log(`overload: filing at ${offered}/s (2× the ${ceiling}/s ceiling) for ${seconds} s by retrying agents, admission bound ${DEFAULT_MAX_WRITES_IN_FLIGHT}…`);
  const shed = await oneRun(parts, DEFAULT_MAX_WRITES_IN_FLIGHT, offered, seconds, 'shed');
  await settle();
  log(`overload baseline: the same load with admission control off…`);
  const queued = await oneRun(parts, NO_ADMISSION_BOUND, offered, seconds, 'queued');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const times = (summary: Summary | null) => (summary ? `${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.p99)}` : '– | – | –');
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  const everyLanded = (run: OverloadRun) => `${run.landed} of ${run.filings} landed, ${run.rows} rows`;
  const what = (run: OverloadRun) =>
    run.bound === NO_ADMISSION_BOUND ? 'admission control off (baseline)' : `admission control on, bound ${run.bound}`;
  const rows = [
    `| overload, ${what(shed)}: ${shed.offered}/s filings offered (2× ceiling) for ${seconds} s; accepted requests' latency | ${times(shed.accepted)} | P95 ≤ ${P95_TARGET_MS} ms | ${shed.acceptedRate.toFixed(1)}/s accepted, ${met(shed.accepted.p95 <= P95_TARGET_MS)} |`,
    `| overload, ${what(shed)}: time to refuse (${shed.refused} tries refused 503 overloaded) | ${times(shed.refusal)} | P95 ≤ ${REFUSE_P95_TARGET_MS} ms | ${shed.refusal ? met(shed.refusal.p95 <= REFUSE_P95_TARGET_MS) : 'none refused'} |`,
    `| overload, ${what(shed)}: first try → landed, every filing retried until it lands | ${times(shed.toLand)} | every filing lands once | ${everyLanded(shed)}, ${met(shed.landed === shed.filings && shed.rows === shed.filings)} |`,
    `| overload, ${what(queued)}: the same load; accepted requests' latency | ${times(queued.accepted)} | | ${queued.acceptedRate.toFixed(1)}/s accepted, ${queued.failedTries} tries failed |`,
    `| overload, ${what(queued)}: first try → landed | ${times(queued.toLand)} | | ${everyLanded(queued)} |`,
  ];
  const note = (run: OverloadRun) =>
    `${what(run)}: ${run.filings} filings at ${run.offered}/s; ${run.accepted.p95.toFixed(0)} ms P95 accepted at ${run.acceptedRate.toFixed(1)}/s; ` +
    `${run.refused} refusals${run.refusal ? ` (P95 ${run.refusal.p95.toFixed(1)} ms)` : ''}; ${run.failedTries} other failed tries` +
    `${run.firstFailure ? ` (first: ${run.firstFailure})` : ''}; ${run.landed} landed, ${run.rows} rows`;
  return { rows, notes: `Overload at 2× the filing ceiling — ${note(shed)}. ${note(queued)}.`, shed, queued };
}
