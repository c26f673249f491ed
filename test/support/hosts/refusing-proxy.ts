/**
 * A loopback "proxy" that closes every connection it is offered, for `HTTPS_PROXY` /
 * `HTTP_PROXY` in the host tests: anything a host tries to send off the machine (telemetry, an
 * update check, the real model API) fails at once instead of leaving, and `connections` counts
 * the attempts so a test can say nothing tried.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export type RefusingProxy = { url: string; connections: () => number; stop(): Promise<void> };

export async function startRefusingProxy(): Promise<RefusingProxy> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.on('error', () => {});
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
