/**
 * Delivering a session's messages to a waiting host: long-poll and server-sent events. Both
 * re-read Postgres every 100 ms instead of listening in memory, so an append made through any
 * API process reaches a reader held by any other; both stop as soon as the client goes away.
 */
import type { Response } from 'express';
import type { SessionMessage } from '../domain/session-message';
import type { Pool } from '../db/pool';
import { listMessages } from '../db/session-messages';

export const POLL_INTERVAL_MS = 100;
/** A comment line this often keeps proxies and clients from timing out an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;
const SSE_BATCH = 100;

type Feed = { pool: Pool; workspaceId: string; sessionId: string };

/** Aborts when the response closes: the client disconnected, or the response was sent. */
export function closedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  return controller.signal;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Re-reads every 100 ms until `done` holds, `waitMs` passes or the client leaves, and
 * returns the last read. The one long-poll loop behind every waiting endpoint.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, waitMs: number, signal: AbortSignal): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    const left = deadline - Date.now();
    if (done(value) || left <= 0 || signal.aborted) return value;
    await sleep(Math.min(POLL_INTERVAL_MS, left), signal);
  }
}

/** Messages after `after`; when there are none, waits up to `waitMs` for one to arrive. */
export function waitForMessages(
  feed: Feed,
  query: { after: number; limit: number; waitMs: number },
  signal: AbortSignal,
): Promise<SessionMessage[]> {
  return pollUntil(
    () => listMessages(feed.pool, feed.workspaceId, feed.sessionId, query),
    (messages) => messages.length > 0,
    query.waitMs,
    signal,
  );
}

/** Streams every message after `after` as `event: message` with `id: seq`, until the client leaves. */
export async function streamMessages(feed: Feed, res: Response, after: number, signal: AbortSignal): Promise<void> {
  res.status(200).set({
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  res.write(`retry: 1000\n\n`);
  let cursor = after;
  let lastWrite = Date.now();
  while (!signal.aborted) {
    const messages = await listMessages(feed.pool, feed.workspaceId, feed.sessionId, { after: cursor, limit: SSE_BATCH });
    for (const message of messages) {
      res.write(`id: ${message.seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
      cursor = message.seq;
      lastWrite = Date.now();
    }
    if (Date.now() - lastWrite >= SSE_HEARTBEAT_MS) {
      res.write(`: heartbeat\n\n`);
      lastWrite = Date.now();
    }
    // A full batch means more may be waiting: read again at once.
    if (messages.length < SSE_BATCH) await sleep(POLL_INTERVAL_MS, signal);
  }
}
