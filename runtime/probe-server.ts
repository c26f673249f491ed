/**
 * A process's own probe port, for a process with no HTTP server of its own (the worker):
 * `GET /livez` answers 200 while the process runs, asking nothing; `GET /readyz` answers 200
 * or 503 with the readiness report. Nothing else is served.
 */
import { createServer, type Server } from 'node:http';
import type { Check, Readiness } from './readiness';

export type ProbeServer = { url: string; close(): Promise<void> };

export async function startProbeServer(options: {
  host: string;
  port: number;
  ready: () => Promise<Readiness<Record<string, Check>>>;
}): Promise<ProbeServer> {
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, { error: 'Probes answer GET only.' });
    if (path === '/livez') return reply(200, { live: true });
    if (path !== '/readyz') return reply(404, { error: 'This port serves /livez and /readyz only.' });
    options.ready().then(
      (report) => reply(report.ready ? 200 : 503, report),
      (error: unknown) => reply(503, { ready: false, cause: String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
