/**
 * What the host core needs of a client to Cast: one typed request per route, parsed with the
 * route's schema, that a signal cuts off. The CLI's client (cli/http.ts, with its exit codes and
 * deadlines) and a framework's (agents/, straight over client/request.ts) both are one.
 */
import type { Problem } from '../../domain/problem';
import type { RouteContract, RouteRequest, RouteResponse } from '../../domain/routes/route';

export type CastApi = {
  request<C extends RouteContract>(route: C, input: RouteRequest<C>, signal?: AbortSignal): Promise<RouteResponse<C>['body']>;
};

/**
 * Cast's refusal in whichever error its client raised it (client/request.ts's `ProblemError`, the
 * CLI's `ApiError`: both keep the problem whole), or null for anything else — no answer at all,
 * an abort — after which Cast may still have done what was asked.
 */
export function refusalOf(error: unknown): Problem | null {
  if (!(error instanceof Error) || !('problem' in error)) return null;
  const problem = (error as { problem: unknown }).problem;
  return typeof problem === 'object' && problem !== null && 'code' in problem ? (problem as Problem) : null;
}
