/** A webhook receiver on loopback that keeps every request and answers as the test says. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedHook = { path: string; headers: Record<string, string>; body: string; status: number };

export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: ReceivedHook[];
  /** The requests to one path, in arrival order. */
  at(path: string): ReceivedHook[];
  close(): Promise<void>;
};

/** A request's status (and a Location, for a redirect), from its path and its headers. */
export type Answer = (path: string, headers: Record<string, string>) => number | { status: number; location: string };

export async function startWebhookReceiver(answer: Answer = () => 200): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const at = (path: string) => received.filter((hook) => hook.path === path);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers = req.headers as Record<string, string>;
      const answered = answer(path, headers);
      const { status, location } = typeof answered === 'number' ? { status: answered, location: undefined } : answered;
      received.push({ path, headers, body, status });
      res.writeHead(status, location ? { location } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    at,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
