/**
 * Sustained load (DESIGN §7: ≥ 50 decisions filed/s and ≥ 100 answers/s on one 2-core
 * machine, with no error): requests are started on a fixed schedule (open loop), whatever
 * the earlier ones are doing. The achieved rate is the completions per second between the
 * first completion and the last: a machine that keeps up completes at the offered rate; one
 * that falls behind completes at the rate it can serve, and its latency grows as the backlog
 * does (so the P95 under load is reported beside it).
 *
 * The ceiling ramps the same open loop: steps of a few seconds each, the offered rate grown
 * by a quarter a step, until a step's P95 passes 250 ms or a step has an error.
 */
import type { HttpClient, Reply } from './http-client';
import { summarize, type Summary } from './stats';

export type Load = { offered: number; completed: number; errors: number; rate: number; latency: Summary; firstError: string | null };

export async function openLoop(perSecond: number, count: number, send: (index: number) => Promise<Reply>): Promise<Load> {
  const started = performance.now();
  const finished: number[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const fail = (what: string) => {
    errors += 1;
    firstError ??= what;
  };
  const inFlight: Array<Promise<void>> = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    inFlight.push(
      send(index).then(
        (reply) => {
          if (!reply.ok) return fail(`${reply.status} ${reply.text}`);
          const at = performance.now();
          finished.push(at);
          latencies.push(at - sent);
        },
        (error: unknown) => fail(String(error)),
      ),
    );
  }
  await Promise.all(inFlight);
  const span = (Math.max(...finished) - Math.min(...finished)) / 1000;
  return {
    offered: perSecond,
    completed: finished.length,
    errors,
    rate: finished.length > 1 ? (finished.length - 1) / span : 0,
    latency: summarize(latencies),
    firstError,
  };
}

/** The targets of DESIGN §7; each is offered a tenth above its target, so meeting it is shown, not assumed. */
export const FILING_TARGET = 50;
export const ANSWERING_TARGET = 100;
export const offeredFor = (target: number) => Math.round(target * 1.1);

/** Files one single-ask decision; the id of a filed one is pushed onto `ids`. */
export function fileOne(http: HttpClient, question: string, ids: string[]): Promise<Reply> {
  return http
    .send('POST', '/api/v1/decisions', {
      question,
      context: 'Load test: a decision filed at a steady rate alongside many others.',
      asks: [{ kind: 'decision', prompt: 'Which?', options: [{ label: 'Ship' }, { label: 'Hold', recommended: true }] }],
    })
    .then((reply) => {
      if (reply.ok) ids.push((JSON.parse(reply.text) as { decision: { id: string } }).decision.id);
      return reply;
    });
}

/** Answers the only ask of a decision filed by `fileOne` (which resolves it). */
export function answerOne(http: HttpClient, id: string): Promise<Reply> {
  return http.send('POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
}

export async function sustainedLoad(http: HttpClient, seconds = 10) {
  const ids: string[] = [];
  const filingRate = offeredFor(FILING_TARGET);
  const filing = await openLoop(filingRate, filingRate * seconds, (index) => fileOne(http, `Sustained ${index}?`, ids));
  const answering = await openLoop(offeredFor(ANSWERING_TARGET), ids.length, (index) => answerOne(http, ids[index]!));
  return { filing, answering };
}

/** The ceiling's limits (DESIGN §7): a step holds when its P95 is at most this and it had no error. */
export const CEILING_P95_MS = 250;
export const CEILING_GROWTH = 1.25;
const SETTLE_MS = 3000;

/** Lets requests the API gave up on under overload be worked off before anything else is measured. */
export const settleAfterOverload = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

export type Step = Load & { seconds: number; held: boolean; why: string | null };
export type Ceiling = { steps: Step[]; held: Step | null; broke: Step | null };

/**
 * Offers `from`/s for `seconds`, then a quarter more each step, until a step's P95 passes
 * 250 ms or it has an error; the highest held step is the ceiling, `broke` the step above it.
 * When the first step already breaks, the ramp goes down a quarter at a time instead (to a
 * quarter of `from`), so a machine below the target still reports what it holds. Each step
 * drains (every request answered) before the next begins; `prepare` runs untimed before each
 * step, with the number of requests the step will send (answering uses it to file the
 * decisions it answers). `send` gets an index running across all the steps.
 */
export async function rampUntilBroken(
  options: { from: number; seconds: number; maxSteps?: number; prepare?: (count: number) => Promise<void>; onStep?: (step: Step) => void },
  send: (index: number) => Promise<Reply>,
): Promise<Ceiling> {
  const steps: Step[] = [];
  let held: Step | null = null;
  let broke: Step | null = null;
  let sent = 0;
  let rate = options.from;
  let down = false;
  while (steps.length < (options.maxSteps ?? 20)) {
    const count = Math.round(rate * options.seconds);
    await options.prepare?.(count);
    const offset = sent;
    const load = await openLoop(rate, count, (index) => send(offset + index));
    sent += count;
    const why =
      load.errors > 0
        ? `${load.errors} of ${count} failed, first: ${load.firstError!.slice(0, 120)}`
        : load.latency.p95 > CEILING_P95_MS
          ? `P95 ${load.latency.p95.toFixed(0)} ms > ${CEILING_P95_MS} ms`
          : null;
    const step: Step = { ...load, seconds: options.seconds, held: why === null, why };
    steps.push(step);
    options.onStep?.(step);
    if (step.held) {
      held = step;
      if (down) break;
      rate = Math.round(rate * CEILING_GROWTH);
    } else {
      broke = step;
      if (held) break;
      down = true;
      rate = Math.round(rate / CEILING_GROWTH);
      if (rate < options.from / 4) break;
      // Requests the API gave up on may still be worked off: let them, before the next step.
      await settleAfterOverload();
    }
  }
  return { steps, held, broke };
}

/**
 * Files `count` decisions as fast as `concurrency` requests in flight allow (untimed: the
 * answering ramp's supply); a failed filing is retried once, then throws.
 */
export async function fileMany(http: HttpClient, count: number, ids: string[], prefix: string, concurrency = 8): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      const reply = await fileOne(http, `${prefix} ${index}?`, ids);
      if (!reply.ok) {
        const again = await fileOne(http, `${prefix} ${index} again?`, ids);
        if (!again.ok) throw new Error(`filing the answering ramp's decisions failed: ${again.status} ${again.text}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}
