/**
 * What the model stand-ins share (anthropic-stand-in.ts, openai-stand-in.ts): an HTTP server on
 * loopback that reads each request's JSON body, records it — with whether it was one of the
 * agent's own turns, which the script answers — and leaves the answer to the stand-in; answers
 * as JSON or as a server-sent event stream; and a stop that closes the connections a host keeps
 * open, so the test does not wait on them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInRequest<Body> = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null when there was none, or it was not JSON). */
  body: Body | null;
  /** One of the agent's own turns, answered from the script. */
  scripted: boolean;
};

export type LoopbackStandIn<Body> = {
  /** http://127.0.0.1:PORT */
  origin: string;
  requests: StandInRequest<Body>[];
  /** The scripted requests only, in order. */
  turns(): StandInRequest<Body>[];
  stop(): Promise<void>;
};

export async function startLoopbackStandIn<Body>(handlers: {
  /** Whether a request is one of the agent's own turns. */
  scripted(method: string, pathname: string, body: Body | null): boolean;
  /** Answers a request, already recorded. */
  answer(request: StandInRequest<Body> & { pathname: string }, res: ServerResponse): void;
}): Promise<LoopbackStandIn<Body>> {
  const requests: StandInRequest<Body>[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = parsed<Body>(raw);
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const pathname = path.split('?')[0]!;
      const request = { method, path, headers: req.headers, body, scripted: handlers.scripted(method, pathname, body) };
      requests.push(request);
      handlers.answer({ ...request, pathname }, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    turns: () => requests.filter((request) => request.scripted),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The events as a server-sent event stream, each named by its type. */
export function sendEvents(
  res: ServerResponse,
  events: ({ type: string } & Record<string, unknown>)[],
  headers: Record<string, string> = {},
): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
  for (const event of events) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end();
}

/** The first item for each key, in order: a host resends the whole conversation with every turn. */
export function firstOfEach<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(key(item))) return false;
    seen.add(key(item));
    return true;
  });
}

function parsed<Body>(raw: string): Body | null {
  try {
    return raw ? (JSON.parse(raw) as Body) : null;
  } catch {
    return null;
  }
}
