/**
 * The raw JSON-RPC path the Tasks extension's official client (`@modelcontextprotocol/ext-tasks`)
 * needs beside an SDK `Client`: the SDK's 2026-07-28 codec refuses a `tools/call` answered with
 * `resultType: "task"`, so ext-tasks sends task traffic through a dispatcher its host provides.
 * Over stdio it shares the client's own connection (RawStdio wraps the transport and takes the
 * answers to its own ids); over HTTP it is one POST per request, with the 2026-07-28 headers.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { JsonRpcResponse, RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';

type Framed = { method: string; params?: Record<string, unknown> };

const answerOf = (message: Record<string, unknown>): JsonRpcResponse =>
  'error' in message
    ? { kind: 'error', error: message.error as Extract<JsonRpcResponse, { kind: 'error' }>['error'] }
    : { kind: 'result', result: message.result as Extract<JsonRpcResponse, { kind: 'result' }>['result'] };

/** A transport that passes everything to the SDK client except the answers to its own raw requests. */
export class RawStdio implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** Every message the server sent, in order, as it was on the wire. */
  readonly inbound: JSONRPCMessage[] = [];
  private next = 0;
  private readonly pending = new Map<string, (answer: JsonRpcResponse) => void>();

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.inbound.push(structuredClone(message));
      const id = (message as { id?: unknown }).id;
      const waiting = typeof id === 'string' ? this.pending.get(id) : undefined;
      if (waiting && typeof id === 'string') {
        this.pending.delete(id);
        return waiting(answerOf(message as Record<string, unknown>));
      }
      return this.onmessage?.(message, extra);
    };
  }

  start = () => this.inner.start();
  send = (message: JSONRPCMessage) => this.inner.send(message);
  close = () => this.inner.close();

  readonly dispatch: RawClientDispatch = (request) => {
    const id = `raw-${++this.next}`;
    const answered = new Promise<JsonRpcResponse>((resolve) => this.pending.set(id, resolve));
    return this.inner.send({ jsonrpc: '2.0', id, ...(request as Framed) } as JSONRPCMessage).then(() => answered);
  };
}

/** The body of a Streamable HTTP answer: one JSON message, or the last of an event stream's. */
async function messageOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text) as Record<string, unknown>;
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return JSON.parse(data.at(-1)!) as Record<string, unknown>;
}

/** One JSON-RPC request POSTed to an MCP endpoint as the bearer of `token`, with the 2026-07-28 headers. */
export function postRequest(url: string, token: string, id: string, { method, params }: Framed): Promise<Response> {
  const name = method === 'tools/call' ? params?.name : params?.taskId;
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
  });
}

/** Raw requests to an MCP endpoint over HTTP, as the bearer of `token`. */
export function httpDispatch(url: string, token: string): RawClientDispatch {
  let next = 0;
  return async (request) => answerOf(await messageOf(await postRequest(url, token, `raw-${++next}`, request as Framed)));
}
