/**
 * Every request a host's ask makes gets its own deadline beside the caller's signal (a hook's
 * --timeout, a cancel): the time it asks Cast to hold it (a long-poll's `timeout`) plus
 * ANSWER_WITHIN_SECONDS. A Cast that takes the connection and sends nothing back would otherwise
 * hold the ask until its signal fires (a hook's 10 minutes by default, an ACP prompt's never) or
 * undici's own 300 s headers timeout (issue 38 item 8); past the deadline the ask fails as it does
 * when Cast is unreachable — Claude Code asks in the terminal, Codex's hook denies — and withdraws
 * a card it may have filed.
 */
import type { Client } from '../../http';
import { CliError, Exit } from '../../output';

/** How long Cast may take to answer beyond what a request asks it to hold: a filing on a busy Cast, with its 503 retries. */
export const ANSWER_WITHIN_SECONDS = 20;

/** The seconds a request asks Cast to hold it before answering: a long-poll's `timeout`, else none. */
function heldSeconds(input: unknown): number {
  const held = Number((input as { query?: { timeout?: unknown } } | undefined)?.query?.timeout ?? 0);
  return Number.isFinite(held) && held > 0 ? held : 0;
}

/** The same client, each request cut off at its deadline (or by its `signal` first). */
export function withDeadlines(api: Client, answerWithin = ANSWER_WITHIN_SECONDS): Client {
  async function bounded<R>(input: unknown, signal: AbortSignal | undefined, send: (signal: AbortSignal) => Promise<R>): Promise<R> {
    const seconds = heldSeconds(input) + answerWithin;
    const deadline = AbortSignal.timeout(seconds * 1000);
    try {
      return await send(signal ? AbortSignal.any([signal, deadline]) : deadline);
    } catch (error) {
      if (!deadline.aborted || signal?.aborted) throw error;
      throw new CliError(
        `Cast did not answer within ${seconds} s: it took the request and sent nothing back.`,
        Exit.error,
        {},
        'unreachable',
      );
    }
  }
  return {
    request: (route, input, signal) => bounded(input, signal, (both) => api.request(route, input, both)),
    exchange: (route, input, signal) => bounded(input, signal, (both) => api.exchange(route, input, both)),
  };
}
