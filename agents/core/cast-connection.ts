/**
 * Where Cast is and who asks, as a framework's program gives it: the API's URL and an agent's
 * token (`cast token create --agent NAME`). Every call goes through the one typed request
 * function (client/request.ts), with the route declared in domain/routes/.
 */
import type { CastApi } from '../../client/host-core/cast-api';
import { request, type Connection } from '../../client/request';
import { CHANNEL_HEADER } from '../../domain/provenance';

export type CastOptions = {
  /** `http://127.0.0.1:7400`: where Cast's API is. */
  url: string;
  /** An agent's token: the cards are that agent's. */
  token: string;
  /**
   * The conversation the cards belong to, as the program names it (a chat's id, a run's id);
   * filing registers it in Cast. None: one made up for this process.
   */
  session?: string;
  /** The project the conversation works in (a repository, a service), shown on its cards. */
  scope?: string;
};

/** The typed calls a framework adapter makes, each parsed with its route's schema: the host core's client. */
export type CastCalls = CastApi;

/** `.body` of a response whose route is still generic (TypeScript cannot index the unresolved union directly). */
const bodyOf = <R extends { body: unknown }>(response: R): R['body'] => response.body;

export function castCalls(options: Pick<CastOptions, 'url' | 'token'>): CastCalls {
  const connection: Connection = {
    url: options.url.replace(/\/+$/, ''),
    token: options.token,
    // An agent's own reads never count as a person's first view; the channel says which client it is.
    headers: { 'x-cast-agent': 'cast-agents', [CHANNEL_HEADER]: 'api' },
  };
  return {
    async request(route, input, signal) {
      // A short 429 or a busy 503 is waited out within the client's bound, as the CLI does.
      return bodyOf(await request(connection, route, input, { retryAfter: {}, ...(signal ? { signal } : {}) }));
    },
  };
}
