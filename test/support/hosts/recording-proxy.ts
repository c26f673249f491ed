/**
 * A loopback stand-in for the network between a host's hooks and the test Cast that passes
 * every request through and records it (`METHOD /path`, query left off), so a test can say
 * which requests the hooks made — and that a hook made none.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startRecordingProxy(target: string) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${new URL(req.url!, target).pathname}`);
    const onward = request(
      new URL(req.url!, target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    res.on('close', () => onward.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => [...seen],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
