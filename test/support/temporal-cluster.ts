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
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createPrivateKey, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { freeFixedPort } from '../../runtime/free-port';
import { provideTemporalServer, type TemporalServerFiles } from '../../scripts/provide-temporal-server';

export const TEMPORAL_SERVICES = ['history', 'matching', 'internal-frontend', 'frontend', 'worker'] as const;
export type TemporalService = (typeof TEMPORAL_SERVICES)[number];

export type ApiKeyOptions = {
  /** A token whose `exp` has passed. */
  expired?: boolean;
  /** The `aud` claim; the server accepts only the cluster's `audience`. */
  audience?: string;
  /** Temporal's default claim mapper reads `<namespace>:<role>`; default `<namespace>:admin`. */
  permissions?: string[];
  subject?: string;
};

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

export type TemporalClusterOptions = {
  namespace?: string;
  /** The server's log level in the per-service log files. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  numHistoryShards?: number;
  /** How long the whole cluster may take to serve (the build, if the cache is cold, comes before). */
  readyTimeoutMs?: number;
};

const SERVER_NAME = 'localhost';
const AUDIENCE = 'cast-temporal-cluster';
const JWT_KEY_ID = 'cast-test-key';
const STOP_GRACE_MS = 5_000;

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

// ---- certificates -------------------------------------------------------------------------

type Pair = { cert: string; key: string };
type Certificates = {
  ca: Pair;
  server: Pair;
  client: Pair;
  wrongCa: Pair;
  otherClient: Pair;
  /** The internode plane (history, matching, internal-frontend, worker) has a CA of its own, so a
   * client certificate for the public frontend can never pass as a server component. */
  internodeCa: Pair;
  node: Pair;
  jwtKey: string;
};

/**
 * Everything with `openssl` under `dir`: P-256 keys (PKCS#8) and v3 certificates with explicit
 * extensions, which both Node's TLS (the client) and rustls (the worker's core) accept.
 */
function makeCertificates(dir: string): Certificates {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A minimal request config, so the machine's openssl.cnf adds no extensions of its own.
  writeFileSync(join(dir, 'req.cnf'), '[req]\ndistinguished_name = dn\n[dn]\n');
  const ca = certificateAuthority(dir, 'ca', 'Cast test CA');
  const internodeCa = certificateAuthority(dir, 'internode-ca', 'Cast test internode CA');
  const wrongCa = certificateAuthority(dir, 'wrong-ca', 'Cast test wrong CA');
  const hosts = `subjectAltName = DNS:${SERVER_NAME}, IP:127.0.0.1`;
  const jwtKey = join(dir, 'jwt.key');
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', jwtKey]);
  return {
    ca,
    internodeCa,
    wrongCa,
    server: leaf(dir, 'server', SERVER_NAME, ca, ['extendedKeyUsage = serverAuth', hosts]),
    client: leaf(dir, 'client', 'cast-test-client', ca, ['extendedKeyUsage = clientAuth']),
    otherClient: leaf(dir, 'other-client', 'cast-test-other-client', wrongCa, ['extendedKeyUsage = clientAuth']),
    // Internode connections use one certificate both ways.
    node: leaf(dir, 'node', SERVER_NAME, internodeCa, ['extendedKeyUsage = serverAuth, clientAuth', hosts]),
    jwtKey,
  };
}

function certificateAuthority(dir: string, name: string, commonName: string): Pair {
  const pair = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
  openssl(dir, [
    'req',
    '-x509',
    '-config',
    'req.cnf',
    ...newP256Key(pair.key),
    '-out',
    pair.cert,
    '-days',
    '7',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    'basicConstraints = critical, CA:TRUE',
    '-addext',
    'keyUsage = critical, keyCertSign, cRLSign',
    '-addext',
    'subjectKeyIdentifier = hash',
  ]);
  return pair;
}

function leaf(dir: string, name: string, commonName: string, issuer: Pair, extensions: string[]): Pair {
  const pair = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
  const csr = join(dir, `${name}.csr`);
  const extfile = join(dir, `${name}.ext`);
  writeFileSync(
    extfile,
    [
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'subjectKeyIdentifier = hash',
      'authorityKeyIdentifier = keyid',
      ...extensions,
    ].join('\n') + '\n',
  );
  openssl(dir, ['req', '-new', '-config', 'req.cnf', ...newP256Key(pair.key), '-out', csr, '-subj', `/CN=${commonName}`]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    issuer.cert,
    '-CAkey',
    issuer.key,
    '-set_serial',
    `0x${randomBytes(12).toString('hex')}`,
    '-days',
    '7',
    '-extfile',
    extfile,
    '-out',
    pair.cert,
  ]);
  return pair;
}

function newP256Key(keyFile: string): string[] {
  return ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile];
}

function openssl(cwd: string, args: string[]): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`openssl ${args.slice(0, 2).join(' ')} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}

// ---- API keys (JWTs) ------------------------------------------------------------------------

function loadJwtKey(tls: Certificates): { privateKey: KeyObject; publicKey: KeyObject } {
  const privateKey = createPrivateKey(readFileSync(tls.jwtKey));
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** The JWKS document the server's `jwtKeyProvider` fetches at start-up. */
async function serveJwks(publicKey: KeyObject): Promise<{ server: Server; url: string }> {
  const body = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: JWT_KEY_ID, alg: 'RS256', use: 'sig' }] });
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // It serves only while the test process runs anyway; it must not keep that process alive.
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/.well-known/jwks.json` };
}

/** An RS256 JWT in the shape of Temporal's default claim mapper: `sub`, `permissions`, `aud`, `exp`. */
function mintJwt(privateKey: KeyObject, namespace: string, options: ApiKeyOptions): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: JWT_KEY_ID };
  const payload = {
    sub: options.subject ?? 'cast-test',
    permissions: options.permissions ?? [`${namespace}:admin`],
    aud: options.audience ?? AUDIENCE,
    iat: options.expired ? now - 7200 : now,
    exp: options.expired ? now - 3600 : now + 24 * 3600,
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(payload)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}

// ---- database -------------------------------------------------------------------------------

/** Creates both databases and brings their schemas to the newest version the module ships. */
function setUpDatabases(binaries: TemporalServerFiles, postgres: EmbeddedPostgres): void {
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

// ---- server configuration -------------------------------------------------------------------

type ServicePorts = { grpcPort: number; membershipPort: number; httpPort?: number };

/**
 * Distinct ports below the ephemeral range for every service: a killed service gets its own
 * ports back on restart, and no outgoing connection of another process can have taken them.
 */
async function servicePorts(): Promise<Record<TemporalService, ServicePorts>> {
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
function writeConfig(
  root: string,
  input: {
    tls: Certificates;
    jwksUrl: string;
    postgres: EmbeddedPostgres;
    ports: Record<TemporalService, ServicePorts>;
    options: TemporalClusterOptions;
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

/** The server reads some TEMPORAL_* variables itself (TEMPORAL_SERVICES…): none of the caller's leak in. */
function serverEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TEMPORAL_')));
}

// ---- service processes ----------------------------------------------------------------------

type ServiceRunner = {
  start(service: TemporalService, grpcPort: number, deadline: number): Promise<void>;
  kill(service: TemporalService, signal: NodeJS.Signals): Promise<void>;
  /** Throws with the log of a service that has exited on its own. */
  assertAlive(): void;
  logPath(service: TemporalService): string;
  stopAll(): Promise<void>;
};

/** `temporal-server --config-file <file> start --service <name>`, one process per service. */
function serviceRunner(server: string, configFile: string, logDir: string): ServiceRunner {
  mkdirSync(logDir, { recursive: true });
  const children = new Map<TemporalService, ChildProcess>();
  const killed = new Set<TemporalService>();
  const logPath = (service: TemporalService) => join(logDir, `${service}.log`);
  const running = (child: ChildProcess | undefined) => child !== undefined && child.exitCode === null && child.signalCode === null;
  // Whatever happens to the test process, the server processes go with it.
  const onExit = () => {
    for (const child of children.values()) if (running(child)) child.kill('SIGKILL');
  };
  process.once('exit', onExit);

  const exited = (child: ChildProcess) =>
    running(child) ? new Promise<void>((resolve) => child.once('exit', () => resolve())) : Promise.resolve();

  return {
    logPath,
    async start(service, grpcPort, deadline) {
      if (running(children.get(service))) throw new Error(`${service} is already running`);
      const log = openSync(logPath(service), 'a');
      const child = spawn(server, ['--config-file', configFile, 'start', '--service', service], {
        stdio: ['ignore', log, log],
        env: serverEnv(),
      });
      closeSync(log);
      children.set(service, child);
      killed.delete(service);
      await untilListening(grpcPort, deadline, () => {
        if (!running(child))
          throw new Error(`Temporal ${service} exited (${child.exitCode ?? child.signalCode}) while starting:\n${tail(logPath(service))}`);
      });
    },
    async kill(service, signal) {
      const child = children.get(service);
      if (!child || !running(child)) throw new Error(`${service} is not running`);
      killed.add(service);
      const gone = exited(child);
      child.kill(signal);
      await gone;
    },
    assertAlive() {
      for (const [service, child] of children) {
        if (!running(child) && !killed.has(service)) {
          throw new Error(`Temporal ${service} exited (${child.exitCode ?? child.signalCode}):\n${tail(logPath(service))}`);
        }
      }
    },
    async stopAll() {
      process.off('exit', onExit);
      await Promise.all(
        [...children.values()].map(async (child) => {
          const gone = exited(child);
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
          await gone;
          clearTimeout(timer);
        }),
      );
    },
  };
}

async function untilListening(port: number, deadline: number, check: () => void): Promise<void> {
  for (;;) {
    check();
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} in time`);
    await sleep(200);
  }
}

// ---- readiness ------------------------------------------------------------------------------

function connectAsClient(address: string, tls: Certificates, apiKey: string): Promise<Connection> {
  return Connection.connect({
    address,
    connectTimeout: 5_000,
    apiKey,
    tls: {
      serverNameOverride: SERVER_NAME,
      serverRootCACertificate: readFileSync(tls.ca.cert),
      clientCertPair: { crt: readFileSync(tls.client.cert), key: readFileSync(tls.client.key) },
    },
  });
}

/** The OSS server creates no user namespace: register it (a second start finds it there). */
async function registerNamespace(
  connect: () => Promise<Connection>,
  namespace: string,
  runner: ServiceRunner,
  deadline: number,
): Promise<void> {
  await retryUntil(deadline, runner, `namespace ${namespace} could not be registered`, async () => {
    await withConnection(connect, async (connection) => {
      try {
        await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
      } catch (error) {
        if (grpcCode(error) !== ALREADY_EXISTS) throw error;
      }
    });
  });
}

/**
 * The cluster serves when, over mTLS with a valid key, the frontend knows the namespace,
 * visibility answers, history answers for a workflow that does not exist, and matching
 * describes a task queue — a round trip through every service a client reaches.
 */
async function untilServing(connect: () => Promise<Connection>, namespace: string, runner: ServiceRunner, deadline: number): Promise<void> {
  await retryUntil(deadline, runner, 'the Temporal cluster did not serve', async () => {
    await withConnection(connect, async (connection) => {
      const service = connection.workflowService;
      await connection.withDeadline(Date.now() + 5_000, async () => {
        await service.describeNamespace({ namespace });
        await service.countWorkflowExecutions({ namespace, query: '' });
        try {
          await service.describeWorkflowExecution({
            namespace,
            execution: { workflowId: `cast-cluster-probe-${randomBytes(6).toString('hex')}` },
          });
          throw new Error('a workflow that was never started was found');
        } catch (error) {
          // History answered "no such workflow" (the namespace's own NOT_FOUND names the namespace).
          if (grpcCode(error) !== NOT_FOUND || /namespace/i.test((error as Error).message)) throw error;
        }
        await service.describeTaskQueue({ namespace, taskQueue: { name: 'cast-cluster-probe' } });
      });
    });
  });
}

async function withConnection(connect: () => Promise<Connection>, use: (connection: Connection) => Promise<void>): Promise<void> {
  const connection = await connect();
  try {
    await use(connection);
  } finally {
    await connection.close().catch(() => {});
  }
}

async function retryUntil(deadline: number, runner: ServiceRunner, what: string, attempt: () => Promise<void>): Promise<void> {
  let last: unknown;
  for (;;) {
    runner.assertAlive();
    try {
      await attempt();
      return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} in time: ${(last as Error)?.message ?? last}\nfrontend log:\n${tail(runner.logPath('frontend'), 10)}`);
    }
    await sleep(500);
  }
}

const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;

function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

/** The last lines of a service's log, each JSON entry shortened to its level, message and error. */
function tail(file: string, lines = 20): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-lines)
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { level?: string; msg?: string; error?: string };
        return `${entry.level} ${entry.msg}${entry.error ? `: ${entry.error}` : ''}`;
      } catch {
        return line.slice(0, 500);
      }
    })
    .join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
