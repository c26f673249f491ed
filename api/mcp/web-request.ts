/**
 * Between Express and the MCP SDK's web-standard handler (`fetch(Request) → Response`): the
 * request as a `Request` (its raw body, its headers, aborted when the client goes), and the
 * `Response` written back, streamed when it is an event stream.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

export function webRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? new Uint8Array(req.body) : undefined;
  return new Request(new URL(req.originalUrl, `http://${req.get('host') ?? 'localhost'}`), {
    method: req.method,
    headers,
    ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
    signal: gone.signal,
  });
}

export async function writeWebResponse(response: Response, res: ExpressResponse): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
      .on('error', () => res.destroy())
      .pipe(res)
      .on('close', resolve);
  });
}

/** Where this API answers itself: the address and port the request came in on (Cast serves plain HTTP behind its proxy). */
export function loopbackOf(req: ExpressRequest): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}
