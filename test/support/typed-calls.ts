/**
 * The tests' typed door into Cast: client/request.ts's `request` over a route declaration. A
 * test sends what the route declares and reads the answer parsed with the route's schema, so a
 * changed response shape fails the type check and an undeclared one fails the parse. Raw
 * requests (`TestCast.request`) are for the deliberately bad ones.
 */
import { request } from '../../client/request';
import type { RouteContract, RouteRequest, RouteResponse } from '../../domain/routes/route';

/** A route's input, which may be left out when the route takes none. */
export type InputOf<C extends RouteContract> = object extends RouteRequest<C> ? [input?: RouteRequest<C>] : [input: RouteRequest<C>];

/** `token` null sends no credentials. A refusal throws `ProblemError` (test/support/problem.ts's expectProblem reads it). */
export type TypedCalls = {
  /** The answer's parsed body. */
  send<C extends RouteContract>(token: string | null, route: C, ...input: InputOf<C>): Promise<RouteResponse<C>['body']>;
  /** The answer's status and parsed body, for routes that declare more than one status (201 filed, 200 rewritten). */
  reply<C extends RouteContract>(token: string | null, route: C, ...input: InputOf<C>): Promise<RouteResponse<C>>;
};

/** Typed calls to the Cast API at `url`. */
export function typedCallsOver(url: string): TypedCalls {
  const reply = <C extends RouteContract>(token: string | null, route: C, ...[input]: InputOf<C>) =>
    request(token ? { url, token } : { url }, route, input ?? ({} as RouteRequest<C>));
  async function send<C extends RouteContract>(token: string | null, route: C, ...input: InputOf<C>) {
    // RouteResponse is a union over the declared statuses; each member has its body.
    const answer: { body: RouteResponse<C>['body'] } = await reply(token, route, ...input);
    return answer.body;
  }
  return { reply, send };
}
