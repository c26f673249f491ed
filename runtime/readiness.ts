/**
 * What `/readyz` answers, for the API and for the worker alike: one line per dependency, each
 * with its cause when it fails, every check under its own deadline so a hung dependency makes
 * the probe say so rather than hang it.
 */
import type { Pool } from '../db/pool';

export type Check = { ok: true } | { ok: false; cause: string };
export type Readiness<Checks extends Record<string, Check>> = { ready: boolean; checks: Checks; cause?: string };

/** Kubernetes' default probe timeout is 1 s; the checks run side by side well inside an operator's longer one. */
export const CHECK_DEADLINE_MS = 2000;

/** `work`'s answer, or a failed check naming what did not answer in time. */
export async function withinDeadline(what: string, work: () => Promise<Check>, ms = CHECK_DEADLINE_MS): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, cause: `${what} did not answer within ${ms} ms.` }), ms);
  });
  try {
    return await Promise.race([work().catch((error: unknown) => failed(error)), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function failed(error: unknown): Check {
  return { ok: false, cause: causeOf(error) };
}

/** Enough of an error to say what failed, short enough for a log line and a probe body. */
export function causeOf(error: unknown): string {
  // A refused connection to several addresses is an AggregateError with no message of its own: say its code.
  const message = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
  return message.slice(0, 300);
}

/** PostgreSQL answers a statement. */
export function databaseCheck(pool: Pool): Promise<Check> {
  return withinDeadline('PostgreSQL', async () => {
    await pool.query('select 1');
    return { ok: true };
  });
}

/** Ready when nothing is draining and every check passed; the body names each check either way. */
export function readiness<Checks extends Record<string, Check>>(checks: Checks, draining: boolean): Readiness<Checks> {
  const ready = !draining && Object.values(checks).every((check) => check.ok);
  // Draining comes first: the process is leaving, whatever its dependencies say.
  return { ready, ...(draining ? { cause: 'draining' } : {}), checks };
}

/**
 * `answer`, shared by every caller for `ms` after it settles (and while it runs), so a storm of
 * probes from many kubelets and load balancers asks the dependency once.
 */
export function sharedFor<T>(ms: number, answer: () => Promise<T>): () => Promise<T> {
  let last: { value: Promise<T>; settledAt: number | null } | null = null;
  return () => {
    if (last && (last.settledAt === null || Date.now() - last.settledAt < ms)) return last.value;
    const entry: { value: Promise<T>; settledAt: number | null } = { value: answer(), settledAt: null };
    last = entry;
    const settle = () => void (entry.settledAt = Date.now());
    entry.value.then(settle, settle);
    return entry.value;
  };
}
