/**
 * A raw HTTP exchange with a Cast API: node:http shows the hop-by-hop `Connection` header that
 * fetch hides, and can hold a request in flight by sending only part of its body (the drain
 * tests: a request a replica already holds when SIGTERM comes).
 */
import { request, type IncomingHttpHeaders } from 'node:http';

export type RawReply = { status: number; headers: IncomingHttpHeaders; body: string };

/** With `hold`, only the first 5 bytes of `body` go until `finish()`. */
export function exchange(url: string, token: string, options: { method?: string; body?: string; hold?: boolean } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.body !== undefined)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)) });
  const req = request(url, { method: options.method ?? 'GET', headers, agent: false });
  const response = new Promise<RawReply>((resolve, reject) => {
    req.once('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.once('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
  // Awaited by the test; a refusal before then is its failure, not an unhandled rejection.
  response.catch(() => {});
  const connected = new Promise<void>((resolve) => req.once('socket', (socket) => socket.once('connect', () => resolve())));
  if (options.body === undefined) req.end();
  else if (options.hold) req.write(options.body.slice(0, 5));
  else req.end(options.body);
  return { response, connected, finish: () => req.end(options.body!.slice(5)) };
}
