/**
 * The bench's HTTP client: node:http over kept-alive connections. Node's fetch adds time of
 * its own to every request, in its WHATWG streams and abort signals: the client's cost, not
 * Cast's, and the bare Update it is compared with goes through Temporal's lean native client.
 */
import { Agent, request } from 'node:http';

/** `retryAfter`: the `Retry-After` header, when the reply has one. */
export type Reply = { ok: boolean; status: number; text: string; retryAfter?: string };

export type HttpClient = {
  send(method: string, path: string, body?: unknown): Promise<Reply>;
  /** The reply's JSON body; a status outside 2xx is thrown with its body. */
  json<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): void;
};

export function httpClient(baseUrl: string, headers: Record<string, string>): HttpClient {
  // An idle connection is dropped after a second, well before the API's 5 s keep-alive
  // timeout: under overload the event loop lags by seconds, and a request sent on a connection
  // the server is closing fails with ECONNRESET, the client's race, not Cast's error.
  const agent = new Agent({ keepAlive: true, timeout: 1000 });
  const { hostname, port } = new URL(baseUrl);
  const send = (method: string, path: string, body?: unknown) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(
        {
          host: hostname,
          port,
          path,
          method,
          agent,
          headers: { ...headers, ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const retryAfter = response.headers['retry-after'];
            resolve({ ok: status >= 200 && status < 300, status, text, ...(retryAfter ? { retryAfter } : {}) });
          });
          response.on('error', reject);
        },
      );
      // Said in the error, so a connection the server closed as it was reused is told apart.
      outgoing.on('error', (error) =>
        reject(outgoing.reusedSocket ? new Error(`${error.message} (on a reused kept-alive connection)`, { cause: error }) : error),
      );
      outgoing.end(payload);
    });
  return {
    send,
    async json<T>(method: string, path: string, body?: unknown) {
      const reply = await send(method, path, body);
      if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text}`);
      return JSON.parse(reply.text) as T;
    },
    close: () => agent.destroy(),
  };
}
