/**
 * The production-engine harness itself: the OSS Temporal server on PostgreSQL, its frontend
 * behind mTLS and the JWT authorizer, one process per service. What a Cast process will rely
 * on — the TEMPORAL_* variables it reads — is proven here once, with both client stacks
 * (grpc-js for the API's client, the core's rustls for the worker).
 */
import { Client, Connection, type ConnectionOptions } from '@temporalio/client';
import { loadClientConnectConfig } from '@temporalio/envconfig';
import { NativeConnection } from '@temporalio/worker';
import { readFileSync } from 'node:fs';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporalCluster, type TemporalCluster } from '../support/temporal-cluster';

// A cold cache builds the server first (about 8 minutes on 2 cores).
const START_TIMEOUT_MS = 600_000;
const PERMISSION_DENIED = 7;
const UNAUTHENTICATED = 16;

let cluster: TemporalCluster;

beforeAll(async () => {
  const started = Date.now();
  cluster = await startTemporalCluster();
  console.log(`Temporal cluster (${cluster.services.join(', ')}) served at ${cluster.address} after ${Date.now() - started} ms`);
}, START_TIMEOUT_MS);

afterAll(() => cluster?.stop(), 120_000);

type Credentials = { ca?: string; pair?: 'client' | 'other' | 'none'; apiKey?: string | null };

/** The CA a client trusts and the certificate it presents; by default a valid client's. */
function tlsFiles({ ca = cluster.caPath, pair = 'client' }: Credentials): { ca: Buffer; pair?: { crt: Buffer; key: Buffer } } {
  const paths = {
    client: [cluster.clientCertPath, cluster.clientKeyPath],
    other: [cluster.otherClientCertPath, cluster.otherClientKeyPath],
    none: undefined,
  }[pair];
  return { ca: readFileSync(ca), ...(paths ? { pair: { crt: readFileSync(paths[0]!), key: readFileSync(paths[1]!) } } : {}) };
}

/** Connection options for the public frontend; by default a valid client's. */
function options(credentials: Credentials = {}): ConnectionOptions {
  const { ca, pair } = tlsFiles(credentials);
  const key = credentials.apiKey === undefined ? cluster.apiKey() : credentials.apiKey;
  return {
    address: cluster.address,
    connectTimeout: 5_000,
    ...(key === null ? {} : { apiKey: key }),
    tls: { serverNameOverride: cluster.serverName, serverRootCACertificate: ca, clientCertPair: pair },
  };
}

async function describeNamespace(connectionOptions: ConnectionOptions): Promise<string | undefined> {
  const connection = await Connection.connect(connectionOptions);
  try {
    const response = await connection.workflowService.describeNamespace({ namespace: cluster.namespace });
    return response.namespaceInfo?.name ?? undefined;
  } finally {
    await connection.close();
  }
}

/** The error a refused attempt ended with (a test fails if the attempt succeeded). */
async function refusal(attempt: Promise<unknown>): Promise<Error & { code?: number }> {
  try {
    await attempt;
  } catch (error) {
    return error as Error & { code?: number };
  }
  throw new Error('the server accepted what it should have refused');
}

/** The gRPC status of a refusal, wherever the client put it. */
function statusOf(error: Error & { code?: number; cause?: unknown }): number | undefined {
  if (typeof error.code === 'number') return error.code;
  return error.cause instanceof Error ? statusOf(error.cause as Error & { code?: number }) : undefined;
}

describe('a valid client', () => {
  it('describes the namespace over mTLS with an API key', async () => {
    expect(await describeNamespace(options())).toBe(cluster.namespace);
  });

  it('connects with exactly the TEMPORAL_* variables from env(), read by @temporalio/envconfig', async () => {
    const env = cluster.env();
    expect(Object.keys(env).sort()).toEqual([
      'TEMPORAL_ADDRESS',
      'TEMPORAL_API_KEY',
      'TEMPORAL_NAMESPACE',
      'TEMPORAL_TLS_CLIENT_CERT_PATH',
      'TEMPORAL_TLS_CLIENT_KEY_PATH',
      'TEMPORAL_TLS_SERVER_CA_CERT_PATH',
      'TEMPORAL_TLS_SERVER_NAME',
    ]);
    const { connectionOptions, namespace } = loadClientConnectConfig({ disableFile: true, overrideEnvVars: env });
    expect(namespace).toBe(cluster.namespace);
    expect(await describeNamespace(connectionOptions)).toBe(cluster.namespace);
  });

  it("connects through the worker's native connection (rustls) with the same settings", async () => {
    const { tls, apiKey, address } = options();
    const connection = await NativeConnection.connect({ address, tls, apiKey: apiKey as string });
    try {
      const response = await connection.workflowService.describeNamespace({ namespace: cluster.namespace });
      expect(response.namespaceInfo?.name).toBe(cluster.namespace);
    } finally {
      await connection.close();
    }
  });

  it('starts a workflow (history and matching serve it) and terminates it', async () => {
    const connection = await Connection.connect(options());
    try {
      const client = new Client({ connection, namespace: cluster.namespace });
      const handle = await client.workflow.start('nothing', { taskQueue: 'cluster-harness', workflowId: `harness-${Date.now()}` });
      expect((await handle.describe()).status.name).toBe('RUNNING');
      await handle.terminate('the harness test is done with it');
      expect((await handle.describe()).status.name).toBe('TERMINATED');
    } finally {
      await connection.close();
    }
  });
});

describe('the frontend refuses', () => {
  // Temporal's client only sees a connection that never comes up; the handshake says why.
  it('a client without a client certificate', async () => {
    await refusal(describeNamespace(options({ pair: 'none' })));
    expect(await handshake({ pair: 'none' })).toBe('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED');
  });

  it('a client that trusts the wrong CA', async () => {
    await refusal(describeNamespace(options({ ca: cluster.wrongCaPath })));
    expect(await handshake({ ca: cluster.wrongCaPath })).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('a client certificate signed by another CA', async () => {
    await refusal(describeNamespace(options({ pair: 'other' })));
    expect(await handshake({ pair: 'other' })).toBe('ERR_SSL_TLSV1_ALERT_UNKNOWN_CA');
  });

  it.each([
    ['no API key', () => null],
    ['an expired API key', () => cluster.apiKey({ expired: true })],
    ['an API key for another audience', () => cluster.apiKey({ audience: 'someone-else' })],
    ['an API key for another namespace only', () => cluster.apiKey({ permissions: ['elsewhere:admin'] })],
    ['an API key signed by a key the server does not know', () => resigned(cluster.apiKey())],
  ])('%s, with a valid client certificate', async (_name, key) => {
    const error = await refusal(describeNamespace(options({ apiKey: key() })));
    expect([PERMISSION_DENIED, UNAUTHENTICATED], error.message).toContain(statusOf(error));
  });
});

/** A bare TLS handshake with the frontend: 'ok', or the error code that ended it. */
function handshake(credentials: Credentials): Promise<string> {
  const { ca, pair } = tlsFiles(credentials);
  const [host, port] = cluster.address.split(':') as [string, string];
  return new Promise((resolve) => {
    const socket = connectTls({
      host,
      port: Number(port),
      servername: cluster.serverName,
      ALPNProtocols: ['h2'],
      ca,
      cert: pair?.crt,
      key: pair?.key,
    });
    let quiet: NodeJS.Timeout | undefined;
    // Under TLS 1.3 the server judges the client's certificate after the client's side of the
    // handshake is done: its refusal arrives as an alert just after.
    socket.once('secureConnect', () => {
      quiet = setTimeout(() => {
        socket.destroy();
        resolve('ok');
      }, 1_000);
    });
    socket.once('error', (error: Error & { code?: string }) => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(error.code ?? error.message);
    });
  });
}

/** The same claims under a signature that is not the server's key's. */
function resigned(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const forged = Buffer.from(signature, 'base64url');
  forged[0] = forged[0]! ^ 0xff;
  return `${header}.${payload}.${forged.toString('base64url')}`;
}

describe('one service at a time', () => {
  it.each(['history', 'matching', 'frontend'] as const)(
    '%s killed and started again: the namespace answers and workflows start',
    async (service) => {
      await cluster.kill(service);
      await cluster.start(service);
      expect(await describeNamespace(options())).toBe(cluster.namespace);
      const connection = await Connection.connect(options());
      try {
        const client = new Client({ connection, namespace: cluster.namespace });
        const handle = await client.workflow.start('nothing', {
          taskQueue: 'cluster-harness',
          workflowId: `harness-${service}-${Date.now()}`,
        });
        await handle.terminate();
        expect((await handle.describe()).status.name).toBe('TERMINATED');
      } finally {
        await connection.close();
      }
    },
    240_000,
  );
});
