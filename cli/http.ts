/**
 * The CLI's adapter over `client/request.ts`: the connection (bearer token, and
 * `X-Cast-Agent: cast-cli` so an agent's reads never count as a person's first view), and
 * the client's two typed errors turned into the CLI's exit codes. Every call names a route
 * from `domain/routes/` and gets back its answer parsed with that route's schema.
 */
import { ProblemError, request as send, UnreachableError } from '../client/request';
import type { Problem } from '../domain/problem';
import type { RouteContract, RouteRequest, RouteResponse } from '../domain/routes/route';
import type { Connection } from './config';
import { CliError, Exit, type ExitCode } from './output';

/** Cast refused: its problem, kept whole (`invalid_order` adds `missing`, `extra`, `repeated`). */
export class ApiError extends CliError {
  constructor(readonly problem: Problem) {
    super(problem.detail, exitCodeOf(problem), { status: problem.status }, problem.code);
  }
}

function exitCodeOf(problem: Problem): ExitCode {
  if (problem.status === 401 || problem.status === 403 || problem.code === 'session_not_found') return Exit.notAllowed;
  if (problem.code === 'decision_archived') return Exit.closed;
  if (problem.status === 409) return Exit.conflict;
  if (problem.status === 400 || problem.status === 422) return Exit.usage;
  return Exit.error;
}

export type Client = {
  /** The route's answer, parsed with its schema. */
  request<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>['body']>;
  /** The same, with the status (filing answers 201 for new, 200 for a rewrite). */
  exchange<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>>;
};

export function client({ url, token }: Connection): Client {
  const connection = { url, token, headers: { 'x-cast-agent': 'cast-cli' } };
  async function exchange<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>> {
    try {
      return await send(connection, route, input, signal ? { signal } : {});
    } catch (error) {
      throw cliErrorOf(error, url);
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
function cliErrorOf(error: unknown, url: string): unknown {
  if (error instanceof UnreachableError) return new CliError(error.message, Exit.error, {}, 'unreachable');
  if (!(error instanceof ProblemError)) return error;
  const { problem } = error;
  return new ApiError(
    problem.status === 401 ? { ...problem, detail: `${problem.detail} Sign in again: cast login --url ${url} --token -` } : problem,
  );
}
