/**
 * A loopback stand-in for the network between a hook and the test Cast that passes every
 * request through, except the first filing of a host prompt (`POST /sessions/:id/prompts`): that
 * one it holds until the hook that sent it hangs up, and only then hands it on to Cast. So Cast
 * files the card after the hook gave up on the filing — what happens when the host stops the
 * hook (Esc in Claude Code's terminal) while its card is still on the way. `held()` says the
 * filing has arrived; `handedOn()` that it went on to Cast, with Cast's status.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `handOnAfterMs`: the time between the hook hanging up and the filing going on. A moment (the
 * default) lets the hook's own look for the card come first; past the hook's grace, only what
 * the hook leaves behind can find the card.
 */
export async function startHeldFilingProxy(target: string, handOnAfterMs = 100) {
  let held = false;
  let handedOn: number | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (held || req.method !== 'POST' || !/\/sessions\/[^/]+\/prompts$/.test(req.url ?? '')) return pass(req, body, res);
      held = true;
      res.on('close', () => {
        setTimeout(() => pass(req, body, null, (status) => (handedOn = status)), handOnAfterMs);
      });
    });
  });

  function pass(req: IncomingMessage, body: Buffer, res: ServerResponse | null, done?: (status: number) => void) {
    const onward = request(
      new URL(req.url!, target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res?.writeHead(answer.statusCode!, answer.headers);
        if (res) answer.pipe(res);
        else answer.resume();
        answer.on('end', () => done?.(answer.statusCode!));
      },
    );
    onward.on('error', () => res?.destroy());
    res?.on('close', () => onward.destroy());
    onward.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held,
    handedOn: () => handedOn,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
