/**
 * Every client's one way to call Cast: `request(connection, route, input)` fills the route's
 * path, sends its query and body, parses the answer with the route's declared schema, and
 * turns a refusal into one typed `ProblemError` (a 429 into `RateLimitedError`, waited out once
 * when the caller asks and the wait is short; a 503 with `Retry-After` into `BusyError`, retried
 * within a bound when the caller asks). Used by the CLI, `cast mcp`, the hook, the
 * runner and the web UI; it needs only `fetch`.
 */
import type { Problem } from '../domain/problem';
import { fillPath, successesOf, type RouteContract, type RouteRequest, type RouteResponse } from '../domain/routes/route';
import { problemOf, readBody } from './response-body';
import { BUSY_MAX_RETRIES, busyWaitMs } from './busy-retry';
import { pause, RETRY_AFTER_MAX_SECONDS, retryAfterSeconds, type RetryAfterPolicy } from './retry-after';

export const API_PREFIX = '/api/v1';

/** Where Cast is, and how this client proves who it is. */
export type Connection = {
  /** `http://127.0.0.1:7400`, or '' for the web UI's own origin. */
  url: string;
  /** A bearer token; absent in the browser, which sends its session cookie. */
  token?: string;
  /** Extra headers on every request (the CLI's `X-Cast-Agent`). */
  headers?: Record<string, string>;
};

export class ProblemError extends Error {
  override name = 'ProblemError';
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
  get code(): string {
    return this.problem.code;
  }
  get status(): number {
    return this.problem.status;
  }
}

/** A 429: how long Cast asked to wait (null when it did not say), and whether this was already the retry. */
export class RateLimitedError extends ProblemError {
  override name = 'RateLimitedError';
  constructor(
    problem: Problem,
    readonly retryAfterSeconds: number | null,
    readonly retried: boolean,
  ) {
    super(problem);
  }
}

/**
 * A 503 with `Retry-After` (`overloaded`, or a dependency Cast waits for): retried within the
 * policy's bound (client/busy-retry.ts); thrown with how many retries and how long were spent.
 */
export class BusyError extends ProblemError {
  override name = 'BusyError';
  constructor(
    problem: Problem,
    readonly retryAfterSeconds: number,
    readonly spent: { retries: number; waitedMs: number } = { retries: 0, waitedMs: 0 },
  ) {
    super(problem);
  }
}

/** Cast could not be reached at all (no answer, not a refusal). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type RequestOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Wait out a short `Retry-After` on 429 and retry once, and a 503's within a bound; absent,
   * either is thrown at once (the web UI shows it).
   */
  retryAfter?: RetryAfterPolicy;
};

export async function request<C extends RouteContract>(
  connection: Connection,
  route: C,
  given: RouteRequest<C>,
  options: RequestOptions = {},
): Promise<RouteResponse<C>> {
  const policy = options.retryAfter;
  // One key for every try of this request, so a retry after a 503 that took effect is deduplicated
  // by Cast (an answer's update id, a filing's decision) instead of done twice (issue 38 item 11).
  const input = withIdempotencyKey(route, given, options);
  const bound = { maxRetries: policy?.maxRetries ?? BUSY_MAX_RETRIES, maxSeconds: policy?.maxSeconds ?? RETRY_AFTER_MAX_SECONDS };
  let waitedMs = 0;
  let busyRetries = 0;
  let rateLimitWaited = false;
  for (;;) {
    try {
      return await requestOnce(connection, route, input, options);
    } catch (error) {
      if (!policy) throw error;
      let waitMs: number;
      if (error instanceof RateLimitedError) {
        // A second 429 is not waited out: the limit outlasts a short pause, so the caller decides.
        if (rateLimitWaited) throw new RateLimitedError(error.problem, error.retryAfterSeconds, true);
        const seconds = error.retryAfterSeconds;
        if (seconds === null || seconds > bound.maxSeconds) throw error;
        rateLimitWaited = true;
        waitMs = seconds * 1000;
        policy.onWait?.(seconds, { status: 429, code: error.code, retry: 1, maxRetries: 1 });
      } else if (error instanceof BusyError) {
        const wait = busyWaitMs(error.retryAfterSeconds, busyRetries, waitedMs, bound);
        if (wait === null) throw new BusyError(error.problem, error.retryAfterSeconds, { retries: busyRetries, waitedMs });
        busyRetries += 1;
        waitMs = wait;
        policy.onWait?.(wait / 1000, { status: 503, code: error.code, retry: busyRetries, maxRetries: bound.maxRetries });
      } else {
        throw error;
      }
      await pause(waitMs, options.signal);
      waitedMs += waitMs;
    }
  }
}

/** The input with an `Idempotency-Key` when the route takes one and the caller gave none. */
function withIdempotencyKey<C extends RouteContract>(route: C, input: RouteRequest<C>, options: RequestOptions): RouteRequest<C> {
  const given = input as { headers?: Record<string, string> };
  const takesKey = route.headers !== undefined && 'idempotency-key' in route.headers.shape;
  const has = (headers: Record<string, string> | undefined) =>
    Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
  if (!takesKey || has(given.headers) || has(options.headers)) return input;
  return { ...given, headers: { ...given.headers, 'idempotency-key': randomKey() } } as unknown as RouteRequest<C>;
}

/** 128 random bits in hex (`crypto.randomUUID` exists only in a browser's secure contexts; this in every one). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function requestOnce<C extends RouteContract>(
  connection: Connection,
  route: C,
  input: RouteRequest<C>,
  options: RequestOptions,
): Promise<RouteResponse<C>> {
  const given = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const headers: Record<string, string> = { accept: 'application/json', ...connection.headers, ...given.headers, ...options.headers };
  if (connection.token) headers.authorization = `Bearer ${connection.token}`;
  if (given.body !== undefined) headers['content-type'] = 'application/json';
  const url = `${connection.url}${API_PREFIX}${fillPath(route.path, given.params)}${queryString(given.query)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method.toUpperCase(),
      headers,
      credentials: 'same-origin',
      ...(given.body !== undefined ? { body: JSON.stringify(given.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const cause = (error as Error).cause;
    throw new UnreachableError(
      `Cannot reach Cast at ${connection.url || 'this address'}: ${cause instanceof Error ? cause.message : String(cause ?? (error as Error).message)}`,
      { cause: error },
    );
  }
  const answer = await readBody(response, options.signal);
  if (response.status === 429)
    throw new RateLimitedError(problemOf(response.status, answer), retryAfterSeconds(response.headers.get('retry-after')), false);
  const busyFor = response.status === 503 ? retryAfterSeconds(response.headers.get('retry-after')) : null;
  if (busyFor !== null) throw new BusyError(problemOf(response.status, answer), busyFor);
  if (!response.ok) throw new ProblemError(problemOf(response.status, answer));
  const success = successesOf(route).find((candidate) => candidate.status === response.status);
  if (!success)
    throw new ProblemError({
      status: response.status,
      code: 'unexpected_status',
      detail: `Cast answered ${response.status} to ${route.operationId}, which it does not declare.`,
    });
  if (!success.schema || success.mediaType)
    return { status: response.status, body: success.schema ? answer.text : undefined } as RouteResponse<C>;
  const body = success.schema.safeParse(answer.json);
  if (!body.success) {
    throw new ProblemError({
      status: response.status,
      code: 'unexpected_response',
      detail: `Cast's answer to ${route.operationId} is not what this client expects (${body.error.issues[0]?.path.join('.') || 'body'}: ${body.error.issues[0]?.message}); is the client older than the server?`,
    });
  }
  return { status: response.status, body: body.data } as RouteResponse<C>;
}
