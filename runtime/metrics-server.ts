/**
 * `/metrics` on a port of its own (CAST_METRICS_PORT), apart from the API's, so a scraper needs
 * no token and the public port serves nothing operational. One port per process carries all of
 * it: Cast's registry (the API's and the worker's metrics, both under `npm start`) followed by
 * the Temporal core runtime's own exporter, which the core serves on a loopback port of its own
 * (runtime/temporal-runtime.ts) and this server scrapes and appends.
 */
import { createServer, type Server } from 'node:http';
import { EnvError } from './env';
import { freePort } from './free-port';
import type { Logger } from './logger';
import { collectProcessMetrics, metricsRegistry } from './metrics';

/** Long enough for the core's exporter on loopback, short enough to keep a scrape inside Prometheus's default 10 s timeout. */
const CORE_SCRAPE_MS = 2000;

export type MetricsServer = {
  url: string;
  /** Where the Temporal core runtime should bind its Prometheus exporter: loopback, never published. */
  readonly temporalBindAddress: string;
  /** Another free loopback port for the core's exporter, when the one picked was taken before the core bound it. */
  repickTemporalAddress(): Promise<void>;
  stop(): Promise<void>;
};

export async function startMetricsServer(options: { host: string; port: number; logger: Logger }): Promise<MetricsServer> {
  collectProcessMetrics();
  const core = { address: `127.0.0.1:${await freePort()}` };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Cast serves /metrics here.\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    scrape(core.address, options.logger).then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected; see the log.\n');
      },
    );
  });
  await listen(server, options.host, options.port);
  // Metrics never keep a process alive: it ends when its API or worker has stopped, scrapers or not.
  server.unref();
  server.on('connection', (socket) => socket.unref());
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    get temporalBindAddress() {
      return core.address;
    },
    async repickTemporalAddress() {
      core.address = `127.0.0.1:${await freePort()}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's kept-alive connection would hold the close for its idle timeout; a scrape is never mid-flight for long.
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new EnvError(
            `CAST_METRICS_PORT ${port} on ${host} is taken, likely by another Cast process on this machine: ` +
              'give each process its own CAST_METRICS_PORT (0 picks a free one), or set CAST_METRICS_PORT=off.',
          ),
        );
      } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(new EnvError(`CAST_METRICS_HOST ${host} is not an address of this machine.`));
      } else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

async function scrape(temporalBindAddress: string, logger: Logger): Promise<string> {
  const [own, core] = await Promise.all([metricsRegistry.metrics(), coreMetrics(temporalBindAddress, logger)]);
  return core ? `${own}${own.endsWith('\n') ? '' : '\n'}${core}` : own;
}

/**
 * The core runtime's metrics (all named `temporal_*`, so none collides with Cast's), or nothing
 * when the core is not exporting (no runtime installed yet) or does not answer in time: Cast's
 * own metrics are still worth serving.
 */
async function coreMetrics(address: string, logger: Logger): Promise<string> {
  try {
    const response = await fetch(`http://${address}/metrics`, { signal: AbortSignal.timeout(CORE_SCRAPE_MS) });
    return response.ok ? await response.text() : '';
  } catch (error) {
    logger.debug({ err: error }, "the Temporal core's metrics did not answer");
    return '';
  }
}

/** This process's `/metrics` as the environment configures it, or null when CAST_METRICS_PORT is off. */
export async function serveMetrics(
  env: { CAST_METRICS_PORT: number | 'off'; CAST_METRICS_HOST: string },
  logger: Logger,
): Promise<MetricsServer | null> {
  if (env.CAST_METRICS_PORT === 'off') return null;
  const server = await startMetricsServer({ host: env.CAST_METRICS_HOST, port: env.CAST_METRICS_PORT, logger });
  logger.info({ url: server.url }, 'metrics served');
  return server;
}
