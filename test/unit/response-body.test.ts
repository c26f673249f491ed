/**
 * client/response-body.ts: reading an answer's body gives way to the request's abort. Node 20's
 * fetch can leave `text()` pending for ever when the abort lands as the last bytes arrive
 * (nodejs/undici#4089); a body that never ends stands in for that read here, since the race
 * itself is a matter of microseconds.
 */
import { describe, expect, it } from 'vitest';
import { readBody } from '../../client/response-body';

/** A response whose body never ends, as the read undici forgot to settle. */
const neverEnding = () =>
  new Response(new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"a"')) }));

describe('readBody', () => {
  it('rejects with the abort reason once the signal aborts, though the body never ends', async () => {
    const controller = new AbortController();
    const reading = readBody(neverEnding(), controller.signal);
    const reason = new Error('Stopped by SIGTERM');
    setTimeout(() => controller.abort(reason), 20);
    await expect(reading).rejects.toBe(reason);
  });

  it('rejects at once for a signal already aborted', async () => {
    const reason = new Error('gone');
    await expect(readBody(neverEnding(), AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('reads the text and its JSON when nothing aborts', async () => {
    const controller = new AbortController();
    await expect(readBody(Response.json({ a: 1 }), controller.signal)).resolves.toEqual({ text: '{"a":1}', json: { a: 1 } });
  });
});
