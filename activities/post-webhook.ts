/**
 * One POST to an endpoint, as a delivery makes it: to public addresses only (unless the
 * deployment allows private ones), following no redirect, within a deadline. Never throws:
 * what happened is an HTTP status or an error in words, for the delivery log.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hostRefusal, publicOnlyLookup, RefusedAddress } from '../runtime/public-address';

export const POST_TIMEOUT_MS = 10_000;

export type PostResult = { status: number; error: null } | { status: null; error: string; refused: boolean };

export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const target = new URL(url);
  const literal = options.allowPrivate ? null : hostRefusal(target.hostname);
  if (literal) return Promise.resolve(refusal(literal));
  const timeoutMs = options.timeoutMs ?? POST_TIMEOUT_MS;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own: a pooled socket would skip the lookup, and with it the check.
        agent: false,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response: IncomingMessage) => {
        // The status is the answer; what the receiver writes after it is not read.
        resolve({ status: response.statusCode ?? 0, error: null });
        response.destroy();
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedAddress) return resolve(refusal(error.message));
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        status: null,
        error: timedOut ? `No answer within ${timeoutMs / 1000} s.` : words(error, target.hostname),
        refused: false,
      });
    });
    request.end(body);
  });
}

function refusal(reason: string): PostResult {
  return { status: null, error: `Not sent: ${reason}, and Cast delivers to public addresses only.`, refused: true };
}

function words(error: NodeJS.ErrnoException, host: string): string {
  if (error.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (error.code === 'ENOTFOUND') return `The name ${host} does not resolve.`;
  if (error.code === 'ECONNRESET') return 'The connection was reset before an answer.';
  return error.message;
}
