/**
 * Cast's metrics: one registry per process, whatever runs in it (the API, the worker, or both
 * under `npm start`), served by runtime/metrics-server.ts. Each counter is incremented where its
 * event is definitive, once per event however many processes run: the HTTP layer for requests
 * and refusals, the worker's mirror write (guarded by the decision's revision) for decision
 * events and deliveries, the webhook attempt once its outcome is logged.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

/** Latencies from a cached read (a few ms) to a long-poll's end (tens of seconds). */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequests = new Counter({
  name: 'cast_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'cast_http_request_duration_seconds',
  help: 'Time from a request arriving to its response ending, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** Why a request was refused before any work: a member over FR-61's limit, or Cast over its admission bound. */
export const REFUSAL_REASONS = ['rate_limited', 'overloaded'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const refusals = new Counter({
  name: 'cast_refusals_total',
  help: 'Requests refused before any work: rate_limited (429, FR-61) or overloaded (503, admission control).',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

/** Counts a refusal when `code` (a problem code) is one; any other code is not a refusal. */
export function countRefusal(code: string): void {
  if ((REFUSAL_REASONS as readonly string[]).includes(code)) refusals.inc({ reason: code });
}

/** The activity entries of a decision's mirror that the counter names, and the word for each. */
const DECISION_EVENTS = { opened: 'filed', resolved: 'answered', withdrawn: 'withdrawn', archived: 'archived' } as const;

export const decisionEvents = new Counter({
  name: 'cast_decisions_total',
  help: 'Decisions filed, answered (resolved: every required ask answered), withdrawn and archived.',
  labelNames: ['event'] as const,
  registers: [metricsRegistry],
});

/** Counts the events of a mirror write that applied (a stale one was counted by the write that won). */
export function countDecisionEvents(events: ReadonlyArray<{ kind: string }>): void {
  for (const { kind } of events) {
    const event = DECISION_EVENTS[kind as keyof typeof DECISION_EVENTS];
    if (event) decisionEvents.inc({ event });
  }
}

export const answerDelivery = new Histogram({
  name: 'cast_answer_delivery_seconds',
  help: "Time from a decision's resolving answer being recorded to the answer landing in its agent's session.",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

export const WEBHOOK_OUTCOMES = ['delivered', 'retry', 'failed'] as const;

export const webhookAttempts = new Counter({
  name: 'cast_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome: delivered and failed end a delivery (each ends in exactly one), retry is tried again.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

// Every labelled series from the start, at 0: a rate over a series that appears only with its first event misses that event.
for (const reason of REFUSAL_REASONS) refusals.inc({ reason }, 0);
for (const event of Object.values(DECISION_EVENTS)) decisionEvents.inc({ event }, 0);
for (const outcome of WEBHOOK_OUTCOMES) webhookAttempts.inc({ outcome }, 0);

let processMetrics = false;

/** Node's own metrics (process_*, nodejs_*), once per process: they start timers and observers. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
