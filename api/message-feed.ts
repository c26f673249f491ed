/**
 * Delivering a session's messages to a waiting host: long-poll and server-sent events, and
 * the one waiting loop behind every waiting endpoint. A waiter reads Postgres, then sleeps
 * until the change listener (db/change-listener.ts) rings its key, so an append or an answer
 * made through any API process, or by a workflow, reaches a reader held by any other. The
 * ring is a hint: the waiter reads again, and the rows decide. Without a listener a waiter
 * re-reads every 100 ms. Every wait stops as soon as the client goes away.
 */
import type { Response } from 'express';
import type { SessionMessage } from '../domain/session-message';
import { CHANNELS, POLL_INTERVAL_MS, type ChangeListener, type WakeSource } from '../db/change-listener';
import type { Pool } from '../db/pool';
import { listMessages } from '../db/session-messages';
import { WakeBell } from './wake-bell';

export { POLL_INTERVAL_MS };
/** A comment line this often keeps proxies and clients from timing out an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;
const SSE_BATCH = 100;

type Feed = { pool: Pool; workspaceId: string; sessionId: string; changes?: ChangeListener };

/** Aborts when the response closes: the client disconnected, or the response was sent. */
export function closedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  return controller.signal;
}

/**
 * Reads until `done` holds, `waitMs` passes or the client leaves, and returns the last read.
 * Between reads it sleeps until `wake` rings (or its fallback interval passes); without
 * `wake`, for 100 ms. It subscribes before the first read, so a change that lands while it
 * reads is never missed.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  waitMs: number,
  signal: AbortSignal,
  wake?: WakeSource,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  const bell = new WakeBell(signal);
  const unsubscribe = wake?.subscribe(() => bell.ring());
  try {
    for (;;) {
      bell.reset();
      const value = await read();
      const left = deadline - Date.now();
      if (done(value) || left <= 0 || signal.aborted) return value;
      await bell.sleep(Math.min(wake?.sleepMs() ?? POLL_INTERVAL_MS, left));
    }
  } finally {
    unsubscribe?.();
  }
}

/** What rings when `feed`'s session gets a message. */
function sessionWake(feed: Feed): WakeSource | undefined {
  return feed.changes?.topic(CHANNELS.sessionMessages, `${feed.workspaceId}:${feed.sessionId}`);
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
    sessionWake(feed),
  );
}

/**
 * Streams every message after `after` as `event: message` with `id: seq`, until the client
 * leaves or `signal` aborts. `admit` is asked before each batch is written: when it says no
 * (the credential ended), the batch is not sent and the stream stops.
 */
export async function streamMessages(
  feed: Feed,
  res: Response,
  after: number,
  signal: AbortSignal,
  admit: () => Promise<boolean> = async () => true,
): Promise<void> {
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
  const bell = new WakeBell(signal);
  const wake = sessionWake(feed);
  const unsubscribe = wake?.subscribe(() => bell.ring());
  try {
    while (!signal.aborted) {
      bell.reset();
      const messages = await listMessages(feed.pool, feed.workspaceId, feed.sessionId, { after: cursor, limit: SSE_BATCH });
      if (messages.length > 0 && !(await admit())) return;
      for (const message of messages) {
        res.write(`id: ${message.seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
        cursor = message.seq;
        lastWrite = Date.now();
      }
      if (Date.now() - lastWrite >= SSE_HEARTBEAT_MS) {
        res.write(`: heartbeat\n\n`);
        lastWrite = Date.now();
      }
      // A full batch means more may be waiting: read again at once. Otherwise sleep, but wake for the next heartbeat.
      if (messages.length < SSE_BATCH) {
        const untilHeartbeat = SSE_HEARTBEAT_MS - (Date.now() - lastWrite);
        await bell.sleep(Math.max(1, Math.min(wake?.sleepMs() ?? POLL_INTERVAL_MS, untilHeartbeat)));
      }
    }
  } finally {
    unsubscribe?.();
  }
}

/**
 * The stream's last event when its credential ended (issue 38 item 2): says why, and tells
 * EventSource to wait before it reconnects — its next request is a 401, which stops it.
 */
export function endStreamForCredential(res: Response): void {
  if (res.writableEnded) return;
  const data = { code: 'unauthorized', detail: 'The token or sign-in this stream was opened with was revoked or expired.' };
  res.write(`event: revoked\ndata: ${JSON.stringify(data)}\nretry: 5000\n\n`);
}
