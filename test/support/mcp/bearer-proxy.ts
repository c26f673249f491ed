/**
 * A loopback stand-in for an MCP client's configured bearer token: the conformance CLI connects
 * to a server URL with no credentials of its own, and Cast's `/mcp` takes an agent token. Each
 * request is passed through to the target (set once it is known) with `Authorization: Bearer
 * <token>` added, its Host and Origin as sent, streams and all.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BearerProxy = { url: string; target(url: string, token: string): void; close(): Promise<void> };

export async function bearerProxy(): Promise<BearerProxy> {
  let to: URL | null = null;
  let bearer = '';
  const server: Server = createServer((req, res) => {
    if (!to) return void res.writeHead(503).end();
    const headers = { ...req.headers, authorization: `Bearer ${bearer}` };
    const forward = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    target(url, token) {
      to = new URL(url);
      bearer = token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
