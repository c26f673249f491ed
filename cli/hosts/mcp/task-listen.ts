/**
 * Task status notifications: the Tasks extension on 2026-07-28 pushes `notifications/tasks`,
 * each the task whole as `tasks/get` would return it, on a `subscriptions/listen` stream whose
 * filter names `taskIds`. Cast sends one when a task ends: completed when the person answers
 * (or archives the decision), cancelled when it is withdrawn (`tasks/cancel` does that). A
 * task stays `working` until then and never asks the agent for anything, so there is nothing
 * else to say.
 *
 * The SDK's listen entries (`serveStdio`, `createMcpHandler`) know only the core notification
 * types and drop `taskIds`, so a listen that names task ids is served here, ahead of them:
 * task-listen-wire.ts on stdio, api/mcp/task-listen-sse.ts over HTTP. Any other listen is the
 * SDK's. Cast's tools never change while it runs, so a task listen acknowledges its tasks only.
 */
import {
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/server';
import { cliVersion } from '../../version';
import { taskEnd } from './task-end';
import { readTask } from './task-read';
import { tasksMissing } from './tasks-capability';
import type { ToolDeps } from './tool-result';

/** The revision whose Tasks extension these notifications are (2025-11-25's experimental tasks are not served). */
const TASKS_REVISION = '2026-07-28';

/** A session has a handful of open asks; one listen holds one long-poll per task, so it is bounded. */
export const MAX_LISTEN_TASKS = 32;

/** A listen Cast serves: its request id (the subscription's id), the task ids asked for, the request's `_meta`. */
export type TaskListen = { id: RequestId; taskIds: string[]; meta: Record<string, unknown> | undefined };

type ListenRequest = {
  id?: unknown;
  method?: unknown;
  params?: { _meta?: Record<string, unknown>; notifications?: { taskIds?: unknown } };
};

/** A 2026-07-28 `subscriptions/listen` that names task ids; null → not Cast's to serve (the SDK answers it). */
export function taskListenOf(message: unknown): TaskListen | null {
  const request = (message ?? {}) as ListenRequest;
  if (request.method !== 'subscriptions/listen' || (typeof request.id !== 'string' && typeof request.id !== 'number')) return null;
  const meta = request.params?._meta;
  const taskIds = request.params?.notifications?.taskIds;
  if (meta?.[PROTOCOL_VERSION_META_KEY] !== TASKS_REVISION) return null;
  if (!Array.isArray(taskIds) || taskIds.length === 0 || !taskIds.every((id) => typeof id === 'string')) return null;
  return { id: request.id, taskIds: [...new Set(taskIds as string[])].slice(0, MAX_LISTEN_TASKS), meta };
}

/** The answer to a task listen from a client that did not declare Tasks: -32021, as the extension requires. */
export function listenRefusal(listen: TaskListen): JSONRPCMessage {
  const { code, message, data } = tasksMissing();
  return { jsonrpc: '2.0', id: listen.id, error: { code, message, data } };
}

/** The listen's graceful end (a `SubscriptionsListenResult`): nothing more will come on it. */
export function listenEnd(listen: TaskListen): JSONRPCMessage {
  const _meta = { [SUBSCRIPTION_ID_META_KEY]: listen.id, [SERVER_INFO_META_KEY]: { name: 'cast', version: cliVersion() } };
  return { jsonrpc: '2.0', id: listen.id, result: { resultType: 'complete', _meta } };
}

/** The asked-for tasks this token can read; an id that is no decision, or not one it sees, is left out of the acknowledgement. */
async function knownTasks(deps: ToolDeps, taskIds: string[], signal: AbortSignal): Promise<string[]> {
  const read = await Promise.all(
    taskIds.map((id) =>
      readTask(deps, id, signal).then(
        ({ taskId }) => taskId,
        () => null,
      ),
    ),
  );
  return read.filter((id) => id !== null);
}

/**
 * Serves one task listen (its client declared Tasks): the acknowledgement first, then each
 * task's notification as it ends. When every task has ended it sends the listen's graceful end
 * itself (and resolves true); when `signal` aborts first (the client left, or Cast is going
 * away) it stops without one (false), and the caller says what is due.
 */
export async function serveTaskListen(
  deps: ToolDeps,
  listen: TaskListen,
  send: (message: JSONRPCMessage) => void,
  signal: AbortSignal,
): Promise<boolean> {
  const stamp = { [SUBSCRIPTION_ID_META_KEY]: listen.id };
  const known = await knownTasks(deps, listen.taskIds, signal);
  if (signal.aborted) return false;
  send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: stamp, notifications: { taskIds: known } } });
  // One watcher per task; the first to fail (Cast refused the token) stops the others.
  const watching = new AbortController();
  const stop = () => watching.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await Promise.all(
      known.map(async (id) => {
        const task = await taskEnd(deps, id, watching.signal);
        if (!watching.signal.aborted) send({ jsonrpc: '2.0', method: 'notifications/tasks', params: { ...task, _meta: stamp } });
      }),
    );
  } catch {
    // Aborted, or refused: either way nothing more will be said on this listen.
  } finally {
    stop();
    signal.removeEventListener('abort', stop);
  }
  if (signal.aborted) return false;
  send(listenEnd(listen));
  return true;
}
