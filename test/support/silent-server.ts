/**
 * A "Cast" that accepts TCP connections on loopback and never answers a byte: what a hook or the
 * CLI meets when Cast hangs, so a test can show its --timeout holds. `connections` says how many
 * reached it; `close` ends the ones still held.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let seen = 0;
  const server = createServer((socket) => {
    seen += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
