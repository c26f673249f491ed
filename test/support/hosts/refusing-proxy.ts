/**
 * A loopback "proxy" that refuses every connection it is offered, for `HTTPS_PROXY` /
 * `HTTP_PROXY` in the host tests: anything a host tries to send off the machine (telemetry, an
 * update check, the real model API) fails at once instead of leaving. It reads the request's
 * first line (`CONNECT host:443 HTTP/1.1`, or an absolute-URL request) before closing, so
 * `attempts` says where each one meant to go.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export type RefusingProxy = { url: string; connections: () => number; attempts: string[]; stop(): Promise<void> };

export async function startRefusingProxy(): Promise<RefusingProxy> {
  const attempts: string[] = [];
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.on('error', () => {});
    const timer = setTimeout(() => socket.destroy(), 1_000);
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      attempts.push(chunk.toString('latin1').split('\r\n')[0]!.slice(0, 200));
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    attempts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
