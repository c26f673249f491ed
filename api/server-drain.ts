/**
 * Draining an HTTP server on SIGTERM: it stops accepting at once, lets the requests it holds
 * finish, closes keep-alive sockets as they fall idle, and at the bound destroys what is left.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Lifecycle } from './lifecycle';

/** How often idle keep-alive sockets are looked for while draining: a response just finished leaves one. */
const IDLE_SWEEP_MS = 100;

/**
 * Every response still unsent when draining starts, and every one begun after, says
 * `Connection: close`: its client's next request opens a new connection, which a load balancer
 * sends to a replica that stays.
 */
export function closeConnectionsOnDrain(server: Server, lifecycle: Lifecycle): void {
  const unsent = new Set<ServerResponse>();
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (lifecycle.draining) return void res.setHeader('connection', 'close');
    unsent.add(res);
    res.once('close', () => unsent.delete(res));
  });
  lifecycle.signal.addEventListener(
    'abort',
    () => {
      for (const res of unsent) if (!res.headersSent) res.setHeader('connection', 'close');
      unsent.clear();
    },
    { once: true },
  );
}

export type Drained = {
  /** Connections still open at the bound, destroyed. */
  forced: number;
  ms: number;
};

/** Drains `server` within `boundMs`; marks `lifecycle` draining first, so `/readyz` answers 503 at once. */
export async function drainServer(server: Server, lifecycle: Lifecycle, boundMs: number): Promise<Drained> {
  const started = Date.now();
  lifecycle.startDraining();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'bound'>((resolve) => (timer = setTimeout(() => resolve('bound'), boundMs)));
  const outcome = await Promise.race([closed.then(() => 'drained' as const), bound]);
  clearInterval(sweep);
  clearTimeout(timer);
  let forced = 0;
  if (outcome === 'bound') {
    forced = await new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    server.closeAllConnections();
    await closed;
  }
  return { forced, ms: Date.now() - started };
}
