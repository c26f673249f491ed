/**
 * `cast mcp`'s stdio wire with task listens (task-listen.ts) taken off it: a
 * `subscriptions/listen` naming task ids, and the `notifications/cancelled` that ends one, are
 * served here and never reach the SDK's `serveStdio`; everything else passes through as is.
 * On stdio every listen shares the one channel, told apart by the subscription id each
 * notification carries.
 *
 * It ends with the connection: the client closing stdin stops every listen's long-polls and
 * their retry timers, so nothing keeps `cast mcp` alive; a close from this side first ends each
 * open listen gracefully, as the SDK does its own.
 */
import type { JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { listenEnd, listenRefusal, serveTaskListen, taskListenOf, type TaskListen } from './task-listen';
import { declaresTasks } from './tasks-capability';
import type { ToolDeps } from './tool-result';

export class TaskListenWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** The open task listens, by subscription id (the listen request's id). */
  private readonly open = new Map<RequestId, { listen: TaskListen; stop: AbortController }>();

  constructor(
    private readonly inner: Transport,
    private readonly deps: ToolDeps,
  ) {}

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      if (!this.took(message)) this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      // The client is gone (stdin closed): nothing to tell it, only to stop.
      for (const { stop } of this.open.values()) stop.abort();
      this.open.clear();
      this.onclose?.();
    };
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);

  async close(): Promise<void> {
    const ending = [...this.open.values()];
    this.open.clear();
    for (const { listen, stop } of ending) {
      stop.abort();
      await this.inner.send(listenEnd(listen)).catch(() => undefined);
    }
    await this.inner.close();
  }

  /** Whether `message` is a task listen's (served here) rather than the SDK's. */
  private took(message: JSONRPCMessage): boolean {
    const listen = taskListenOf(message);
    if (listen) {
      this.serve(listen);
      return true;
    }
    const cancelled = message as { method?: string; params?: { requestId?: RequestId } };
    const requestId = cancelled.params?.requestId;
    if (cancelled.method !== 'notifications/cancelled' || requestId === undefined || !this.open.has(requestId)) return false;
    this.open.get(requestId)!.stop.abort();
    this.open.delete(requestId);
    return true;
  }

  private serve(listen: TaskListen): void {
    const write = (message: JSONRPCMessage) => void this.inner.send(message).catch((error: Error) => this.onerror?.(error));
    if (!declaresTasks(listen.meta)) return write(listenRefusal(listen));
    // A listen reusing a live subscription's id replaces it: ids are the client's to pick.
    this.open.get(listen.id)?.stop.abort();
    const entry = { listen, stop: new AbortController() };
    this.open.set(listen.id, entry);
    void serveTaskListen(this.deps, listen, write, entry.stop.signal)
      .catch((error: Error) => this.onerror?.(error))
      .finally(() => {
        if (this.open.get(listen.id) === entry) this.open.delete(listen.id);
      });
  }
}
