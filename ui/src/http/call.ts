/**
 * The web UI's way to `/api/v1`: `client/request.ts` over the page's own origin (the
 * session cookie proves who is calling), answering with the route's body parsed by its
 * declared schema. A refusal throws `ProblemError`; no answer at all, `UnreachableError`.
 */
import { z } from 'zod';
import { API_PREFIX, request, type Connection } from '../../../client/request';
import { fillPath, type RouteContract, type RouteRequest, type RouteResponse } from '../../../domain/routes/route';

// The app's Content-Security-Policy forbids eval: zod's compiled fast path would only be refused.
z.config({ jitless: true });

const SAME_ORIGIN: Connection = { url: '' };

/** `signal` cancels the request: a read that a newer one made stale (the next search) is dropped. */
export async function call<C extends RouteContract>(
  route: C,
  input: RouteRequest<C>,
  options: { signal?: AbortSignal } = {},
): Promise<RouteResponse<C>['body']> {
  const { body } = await request(SAME_ORIGIN, route, input, options);
  return body;
}

/** A GET route's address, for what the browser loads itself (an iframe's `src`). */
export function hrefOf(route: RouteContract, params: Record<string, string>): string {
  return `${API_PREFIX}${fillPath(route.path, params)}`;
}
