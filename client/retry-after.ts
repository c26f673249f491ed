/**
 * `Retry-After`, as every client reads it: how long Cast asks to wait, and the policy for
 * waiting it out (client/request.ts retries a 429 once when the wait is short, and a 503 within
 * a bound: client/busy-retry.ts).
 */

/** The longest `Retry-After` a client waits out unless told otherwise. */
export const RETRY_AFTER_MAX_SECONDS = 60;

/** Which refusal a wait is for, and which retry it leads to. */
export type WaitReason = { status: 429 | 503; code: string; retry: number; maxRetries: number };

export type RetryAfterPolicy = {
  /** A longer 429 wait is not worth blocking on (thrown at once); and the 503 waits together take at most this. Default 60. */
  maxSeconds?: number;
  /** Retries of a 503 after the first try. Default 8. */
  maxRetries?: number;
  /** Called before each wait, so a command line can say why it pauses. */
  onWait?: (seconds: number, reason: WaitReason) => void;
};

/** `Retry-After: 5` or an HTTP date, in whole seconds from now; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Sleeps, but gives way at once to an abort (a timeout or Ctrl-C), failing as `fetch` would. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
