/**
 * The production engine for tests: the open-source Temporal server (v1.32.2, built by
 * scripts/provide-temporal-server.ts), not the dev server — DESIGN §5 and §9b. It runs
 *   - on its own embedded PostgreSQL (databases `temporal` and `temporal_visibility`, schemas
 *     applied by the server's SQL tool);
 *   - with the public frontend behind mTLS (client certificates from a test CA required) and
 *     the JWT authorizer (`authorizer: default`, `claimMapper: default`, an audience check),
 *     its keys served as a JWKS document on a loopback port by this process;
 *   - with an `internal-frontend` for the server's own clients (the system worker's workflows,
 *     any service's call to "a frontend"): it sits on the internode mTLS plane, which has a CA
 *     of its own, and grants system access to whoever passed that TLS — no component needs a JWT;
 *   - one OS process per service, so a test can kill one (history, matching…) and start it again.
 * `env()` hands back the TEMPORAL_* variables a Cast process reads to reach it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { provideTemporalServer } from '../../scripts/provide-temporal-server';
import { AUDIENCE, loadJwtKey, mintJwt, serveJwks, type ApiKeyOptions } from './temporal-cluster/api-keys';
import { SERVER_NAME, makeCertificates } from './temporal-cluster/certificates';
import { connectAsClient, registerNamespace, untilServing } from './temporal-cluster/readiness';
import { servicePorts, setUpDatabases, writeConfig, type ServerOptions } from './temporal-cluster/server-config';
import { TEMPORAL_SERVICES, serviceRunner, type TemporalService } from './temporal-cluster/service-processes';

export { TEMPORAL_SERVICES, type ApiKeyOptions, type TemporalService };

export type TemporalCluster = {
  /** `127.0.0.1:<port>` of the public frontend (mTLS + API key). */
  address: string;
  namespace: string;
  /** The name in the frontend's certificate (it is also valid for 127.0.0.1). */
  serverName: string;
  /** The `aud` every valid API key carries. */
  audience: string;
  caPath: string;
  clientCertPath: string;
  clientKeyPath: string;
  /** A CA that signed nothing the server uses. */
  wrongCaPath: string;
  /** A client certificate signed by the wrong CA. */
  otherClientCertPath: string;
  otherClientKeyPath: string;
  /** A signed JWT for the `authorization: Bearer` header (`apiKey` in Temporal's clients). */
  apiKey(options?: ApiKeyOptions): string;
  /** TEMPORAL_* variables of a valid client (address, namespace, API key, mTLS files). */
  env(): Record<string, string>;
  services: readonly TemporalService[];
  /** The service's log file (JSON lines). */
  logPath(service: TemporalService): string;
  /** Sends `signal` to one service's process and waits until it has exited. */
  kill(service: TemporalService, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped service again and waits until the cluster serves. */
  start(service: TemporalService): Promise<void>;
  stop(): Promise<void>;
};

export type TemporalClusterOptions = ServerOptions & {
  namespace?: string;
  /** How long the whole cluster may take to serve (the build, if the cache is cold, comes before). */
  readyTimeoutMs?: number;
};

export async function startTemporalCluster(options: TemporalClusterOptions = {}): Promise<TemporalCluster> {
  const namespace = options.namespace ?? 'default';
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  const binaries = await provideTemporalServer();
  const root = mkdtempSync(join(tmpdir(), 'cast-temporal-cluster-'));
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  // A test process that ends without stop() leaves no keys or logs behind (the services and
  // PostgreSQL have exit hooks of their own).
  process.once('exit', removeRoot);
  const cleanups: (() => Promise<void> | void)[] = [
    () => {
      process.off('exit', removeRoot);
      removeRoot();
    },
  ];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  };
  try {
    const tls = makeCertificates(join(root, 'tls'));
    const jwt = loadJwtKey(tls);
    const jwks = await serveJwks(jwt.publicKey);
    cleanups.push(() => new Promise<void>((resolve) => jwks.server.close(() => resolve())));
    const postgres = await startEmbeddedPostgres({
      dir: mkdtempSync(join(tmpdir(), 'cast-temporal-pg-')),
      removeOnStop: true,
      skipFsync: true,
    });
    cleanups.push(() => postgres.stop());
    setUpDatabases(binaries, postgres);

    const ports = await servicePorts();
    const configFile = writeConfig(root, { tls, jwksUrl: jwks.url, postgres, ports, options });
    const runner = serviceRunner(binaries.server, configFile, join(root, 'logs'));
    cleanups.push(() => runner.stopAll());

    const address = `127.0.0.1:${ports.frontend.grpcPort}`;
    const apiKey = (keyOptions: ApiKeyOptions = {}) => mintJwt(jwt.privateKey, namespace, keyOptions);
    const admin = () => mintJwt(jwt.privateKey, namespace, { permissions: ['temporal-system:admin'] });
    const connect = () => connectAsClient(address, tls, admin());

    const started = Date.now();
    // History first: every process writes the cluster's metadata on its first start, and two
    // first writers at once can fail each other.
    await runner.start('history', ports.history.grpcPort, started + readyTimeoutMs);
    await Promise.all(
      TEMPORAL_SERVICES.filter((service) => service !== 'history').map((service) =>
        runner.start(service, ports[service].grpcPort, started + readyTimeoutMs),
      ),
    );
    await registerNamespace(connect, namespace, runner, started + readyTimeoutMs);
    await untilServing(connect, namespace, runner, started + readyTimeoutMs);

    const clientCertPath = tls.client.cert;
    const clientKeyPath = tls.client.key;
    return {
      address,
      namespace,
      serverName: SERVER_NAME,
      audience: AUDIENCE,
      caPath: tls.ca.cert,
      clientCertPath,
      clientKeyPath,
      wrongCaPath: tls.wrongCa.cert,
      otherClientCertPath: tls.otherClient.cert,
      otherClientKeyPath: tls.otherClient.key,
      apiKey,
      env: () => ({
        TEMPORAL_ADDRESS: address,
        TEMPORAL_NAMESPACE: namespace,
        TEMPORAL_API_KEY: apiKey(),
        TEMPORAL_TLS_CLIENT_CERT_PATH: clientCertPath,
        TEMPORAL_TLS_CLIENT_KEY_PATH: clientKeyPath,
        TEMPORAL_TLS_SERVER_CA_CERT_PATH: tls.ca.cert,
        TEMPORAL_TLS_SERVER_NAME: SERVER_NAME,
      }),
      services: TEMPORAL_SERVICES,
      logPath: (service) => runner.logPath(service),
      kill: (service, signal = 'SIGKILL') => runner.kill(service, signal),
      start: async (service) => {
        const deadline = Date.now() + readyTimeoutMs;
        await runner.start(service, ports[service].grpcPort, deadline);
        await untilServing(connect, namespace, runner, deadline);
      },
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
