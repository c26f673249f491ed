/**
 * A task listen (cli/hosts/mcp/task-listen.ts) over Streamable HTTP: its POST is answered with
 * an event stream carrying the acknowledgement, then each task's notification as the task
 * ends, framed as the SDK frames its own listens. The stream ends when every task has ended,
 * when the client goes, or when this process starts draining: then with the listen's graceful
 * end, so the client listens again on a replica that stays. A comment line every 15 s keeps a
 * proxy from cutting a stream that may wait hours for a person.
 */
import type { Request, Response } from 'express';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { listenEnd, listenRefusal, serveTaskListen, taskListenOf } from '../../cli/hosts/mcp/task-listen';
import { declaresTasks } from '../../cli/hosts/mcp/tasks-capability';
import type { ToolDeps } from '../../cli/hosts/mcp/tool-result';
import { holdSignal } from '../drain-cut';
import type { Lifecycle } from '../lifecycle';

/** As the SDK's own listen streams: under the idle timeouts of common proxies. */
const KEEP_ALIVE_MS = 15_000;

/** The task listen a POST carries, if it is one (a cheap look first: most requests are not). */
export function taskListenIn(req: Request) {
  if (req.method !== 'POST' || !Buffer.isBuffer(req.body) || !req.body.includes('subscriptions/listen')) return null;
  try {
    return taskListenOf(JSON.parse(req.body.toString('utf8')));
  } catch {
    // Not JSON: the SDK answers it, in its words.
    return null;
  }
}

export async function serveTaskListenSse(
  res: Response,
  deps: ToolDeps,
  listen: NonNullable<ReturnType<typeof taskListenIn>>,
  lifecycle: Lifecycle,
): Promise<void> {
  // The HTTP status the SDK gives a missing capability, with the JSON-RPC error in the body.
  if (!declaresTasks(listen.meta)) return void res.status(400).json(listenRefusal(listen));
  res.status(200).set({
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const write = (message: JSONRPCMessage) => {
    if (!res.writableEnded) res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  };
  const keepAlive = setInterval(() => !res.writableEnded && res.write(': keepalive\n\n'), KEEP_ALIVE_MS);
  // Aborts when the client leaves or the drain starts; cleared with the response.
  const held = holdSignal(res, lifecycle);
  try {
    const ended = await serveTaskListen(deps, listen, write, held);
    if (!ended && lifecycle.draining) write(listenEnd(listen));
  } finally {
    clearInterval(keepAlive);
    if (!res.writableEnded) res.end();
  }
}
