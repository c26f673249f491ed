/**
 * The CLI's adapter over `client/request.ts`: the connection (bearer token, and
 * `X-Cast-Agent: cast-cli` so an agent's reads never count as a person's first view, and
 * `Cast-Channel`: `cli`, `mcp` or `host-terminal`, which client it is), and
 * the client's two typed errors turned into the CLI's exit codes. Every call names a route
 * from `domain/routes/` and gets back its answer parsed with that route's schema.
 */
import { BusyError, ProblemError, RateLimitedError, request, UnreachableError } from '../client/request';
import type { RetryAfterPolicy, WaitReason } from '../client/retry-after';
import type { RouteContract, RouteRequest, RouteResponse } from '../domain/routes/route';
import { CHANNEL_HEADER, type Channel } from '../domain/provenance';
import { ApiError } from './api-error';
import type { Connection } from './config';
import { CliError, Exit, hint } from './output';
import { RETRY_AFTER_MAX_SECONDS } from './retry-after-limit';

// A refusal is raised as an ApiError; whoever holds a client catches it from here too.
export { ApiError };

export type Client = {
  /** The route's answer, parsed with its schema. */
  request<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>['body']>;
  /** The same, with the status (filing answers 201 for new, 200 for a rewrite). */
  exchange<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>>;
};

/**
 * A short 429 Retry-After is waited out once, a 503's within the bound; each wait is said on
 * stderr (never on stdout: `cast mcp` speaks the protocol there).
 */
function retryAfter(maxSeconds: number): RetryAfterPolicy {
  return { maxSeconds, onWait: (seconds, reason) => hint(waitNote(seconds, reason)) };
}

function waitNote(seconds: number, { status, code, retry, maxRetries }: WaitReason): string {
  if (status === 429) return `cast: Cast is rate-limiting this token; retrying in ${seconds} s.`;
  const why = code === 'overloaded' ? 'Cast is busy with other writes (503 overloaded)' : `Cast is unavailable for now (503 ${code})`;
  return `cast: ${why}; retrying in ${seconds.toFixed(1)} s (retry ${retry} of ${maxRetries}).`;
}

export function client({ url, token }: Connection, options: { retryAfterMaxSeconds?: number; channel?: Channel } = {}): Client {
  // The channel it says it is (issue 38 item 10): what a person does through it is recorded so.
  const connection = { url, token, headers: { 'x-cast-agent': 'cast-cli', [CHANNEL_HEADER]: options.channel ?? 'cli' } };
  const maxWait = options.retryAfterMaxSeconds ?? RETRY_AFTER_MAX_SECONDS;
  async function exchange<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>> {
    try {
      return await request(connection, route, input, { retryAfter: retryAfter(maxWait), ...(signal ? { signal } : {}) });
    } catch (error) {
      throw cliErrorOf(error, url, maxWait);
    }
  }
  return {
    exchange,
    async request(route, input, signal) {
      return bodyOf(await exchange(route, input, signal));
    },
  };
}

/** `.body` of a response whose route is still generic (TypeScript cannot index the unresolved union directly). */
const bodyOf = <R extends { body: unknown }>(response: R): R['body'] => response.body;

/** A refusal keeps its problem (a 401 says how to sign in again); no answer at all is exit 1. Anything else (an abort) passes. */
function cliErrorOf(error: unknown, url: string, maxWait: number): unknown {
  if (error instanceof UnreachableError) return new CliError(error.message, Exit.error, {}, 'unreachable');
  if (error instanceof RateLimitedError) return new ApiError({ ...error.problem, detail: rateLimitedDetail(error, maxWait) });
  if (error instanceof BusyError && error.spent.retries > 0) {
    const { retries, waitedMs } = error.spent;
    const why = `Cast still answered 503 ${error.code} after ${retries} ${retries === 1 ? 'retry' : 'retries'} over ${Math.round(waitedMs / 1000)} s.`;
    return new ApiError({ ...error.problem, detail: `${why} ${error.problem.detail}` });
  }
  if (!(error instanceof ProblemError)) return error;
  const { problem } = error;
  return new ApiError(
    problem.status === 401 ? { ...problem, detail: `${problem.detail} Sign in again: cast login --url ${url} --token -` } : problem,
  );
}

/** Why the CLI gave up on a 429 (exit 6); Cast's own detail says when to try again. */
function rateLimitedDetail(error: RateLimitedError, maxWait: number): string {
  const wait = error.retryAfterSeconds;
  const why = error.retried
    ? 'Cast is still rate-limiting this token after one wait'
    : wait === null
      ? 'Cast is rate-limiting this token and did not say for how long'
      : `Cast is rate-limiting this token for ${wait} s, longer than the CLI waits (${maxWait} s)`;
  return `${why}. ${error.problem.detail}`;
}
