/**
 * A wait that gives way to an abort: it settles as `promise` does, or rejects with the signal's
 * reason the moment the signal aborts, whichever comes first. For waits that take no signal
 * (reading stdin) and for ones that do not always honour it: Node 20's fetch (undici 6) can
 * leave `response.text()` pending for ever when the abort lands just as the body's last bytes
 * arrive (it cancels the body stream the reader has locked, which fails quietly:
 * nodejs/undici#4089). That held `cast hook codex` past Codex's SIGTERM.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
