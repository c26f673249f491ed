/**
 * What a held request does when its process starts draining: a long-poll answers as if its
 * wait had elapsed (the "not yet" every client already polls again on), an event stream gets
 * a last `retry:` and ends. `Connection: close` sends the client's next request down a new
 * connection, which a load balancer gives to a replica that stays.
 */
import type { Response } from 'express';
import type { Lifecycle } from './lifecycle';

/** How long an EventSource cut off by a drain waits before it reconnects (elsewhere). */
export const DRAIN_RECONNECT_MS = 500;

/**
 * Aborts when the client leaves, the response is sent, or the process starts draining. Not
 * `AbortSignal.any`: on Node 20 every signal it makes stays in the long-lived drain signal's
 * list, one per request for the life of the process; this listener is removed with the response.
 */
export function holdSignal(res: Response, lifecycle: Lifecycle): AbortSignal {
  const held = new AbortController();
  const release = () => held.abort();
  if (lifecycle.signal.aborted) release();
  else lifecycle.signal.addEventListener('abort', release, { once: true });
  res.once('close', () => {
    lifecycle.signal.removeEventListener('abort', release);
    release();
  });
  return held.signal;
}

/** A long-poll the drain cut short: ask the client to poll again at once, on a new connection. */
export function markDrainCut(res: Response, lifecycle: Lifecycle): void {
  if (!lifecycle.draining || res.headersSent) return;
  res.set({ connection: 'close', 'retry-after': '0' });
}

/** An event stream the drain ends: its last line tells EventSource when to reconnect. */
export function endStreamForDrain(res: Response, lifecycle: Lifecycle): void {
  if (lifecycle.draining && !res.writableEnded) res.write(`retry: ${DRAIN_RECONNECT_MS}\n\n`);
}
