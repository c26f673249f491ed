/**
 * The server's side of the cluster before any process starts: its two databases and their
 * schemas, a port set per service, and the one config file every service process reads.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddedPostgres } from '../../../runtime/postgres/embedded-postgres';
import { freeFixedPort } from '../../../runtime/free-port';
import type { TemporalServerFiles } from '../../../scripts/provide-temporal-server';
import { AUDIENCE } from './api-keys';
import { SERVER_NAME, type Certificates } from './certificates';
import { TEMPORAL_SERVICES, serverEnv, type TemporalService } from './service-processes';

export type ServerOptions = {
  /** The server's log level in the per-service log files. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  numHistoryShards?: number;
};

/** Creates both databases and brings their schemas to the newest version the module ships. */
export function setUpDatabases(binaries: TemporalServerFiles, postgres: EmbeddedPostgres): void {
  const url = new URL(postgres.url);
  const connection = ['--plugin', 'postgres12', '--endpoint', '127.0.0.1', '--port', String(postgres.port), '--user', url.username];
  // The password goes through the environment, not the command line (`ps` shows arguments).
  const env = { ...serverEnv(), SQL_PASSWORD: decodeURIComponent(url.password) };
  const tool = (database: string, args: string[]) => {
    try {
      execFileSync(binaries.sqlTool, [...connection, '--database', database, ...args], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`temporal-sql-tool ${args[0]} on ${database} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
    }
  };
  for (const [database, schema] of [
    ['temporal', 'temporal'],
    ['temporal_visibility', 'visibility'],
  ] as const) {
    tool(database, ['create-database']);
    tool(database, ['setup-schema', '-v', '0.0']);
    tool(database, ['update-schema', '-d', join(binaries.schemaDir, 'postgresql', 'v12', schema, 'versioned')]);
  }
}

export type ServicePorts = { grpcPort: number; membershipPort: number; httpPort?: number };

/**
 * Distinct ports below the ephemeral range for every service: a killed service gets its own
 * ports back on restart, and no outgoing connection of another process can have taken them.
 */
export async function servicePorts(): Promise<Record<TemporalService, ServicePorts>> {
  const taken = new Set<number>();
  const next = async () => {
    for (;;) {
      const port = await freeFixedPort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const ports = {} as Record<TemporalService, ServicePorts>;
  for (const service of TEMPORAL_SERVICES) {
    ports[service] = { grpcPort: await next(), membershipPort: await next() };
    if (service === 'frontend' || service === 'internal-frontend') ports[service].httpPort = await next();
  }
  return ports;
}

/**
 * The server's config, shaped like the module's `config/development-postgres12.yaml`. Written
 * as JSON, which is YAML too. No metrics or pprof listener: every service process reads this
 * one file, and those would all want the same port.
 */
export function writeConfig(
  root: string,
  input: {
    tls: Certificates;
    jwksUrl: string;
    postgres: EmbeddedPostgres;
    ports: Record<TemporalService, ServicePorts>;
    options: ServerOptions;
  },
): string {
  const { tls, ports, postgres } = input;
  const url = new URL(postgres.url);
  const sql = (databaseName: string, maxConns: number) => ({
    pluginName: 'postgres12',
    databaseName,
    connectAddr: `127.0.0.1:${postgres.port}`,
    connectProtocol: 'tcp',
    user: url.username,
    password: decodeURIComponent(url.password),
    maxConns,
    maxIdleConns: maxConns,
    maxConnLifetime: '1h',
  });
  const dynamicConfig = join(root, 'dynamicconfig.yaml');
  writeFileSync(
    dynamicConfig,
    JSON.stringify({
      // Search attributes a test adds are visible at once, not after the cache's refresh.
      'system.forceSearchAttributesCacheRefreshOnRead': [{ value: true, constraints: {} }],
    }),
  );
  const config = {
    log: { stdout: true, level: input.options.logLevel ?? 'info' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: input.options.numHistoryShards ?? 4,
      datastores: {
        // Five processes share PostgreSQL's 200 connections.
        'postgres-default': { sql: sql('temporal', 15) },
        'postgres-visibility': { sql: sql('temporal_visibility', 5) },
      },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
      tls: {
        frontend: {
          server: { certFile: tls.server.cert, keyFile: tls.server.key, requireClientAuth: true, clientCaFiles: [tls.ca.cert] },
          client: { serverName: SERVER_NAME, rootCaFiles: [tls.ca.cert] },
        },
        internode: {
          server: { certFile: tls.node.cert, keyFile: tls.node.key, requireClientAuth: true, clientCaFiles: [tls.internodeCa.cert] },
          client: { serverName: SERVER_NAME, rootCaFiles: [tls.internodeCa.cert] },
        },
      },
      authorization: {
        jwtKeyProvider: { keySourceURIs: [input.jwksUrl], refreshInterval: '1m' },
        permissionsClaimName: 'permissions',
        authorizer: 'default',
        claimMapper: 'default',
        audience: AUDIENCE,
      },
    },
    services: Object.fromEntries(TEMPORAL_SERVICES.map((service) => [service, { rpc: { ...ports[service], bindOnLocalHost: true } }])),
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${ports.frontend.grpcPort}`,
          httpAddress: `127.0.0.1:${ports.frontend.httpPort}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: dynamicConfig, pollInterval: '10s' },
  };
  const file = join(root, 'config.yaml');
  writeFileSync(file, JSON.stringify(config, null, 2), { mode: 0o600 });
  return file;
}
