/**
 * When the cluster serves: connecting as a client over mTLS with an API key, registering the
 * namespace, and a round trip through every service a client reaches, retried until a deadline.
 */
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SERVER_NAME, type Certificates } from './certificates';
import { sleep, tail, type ServiceRunner } from './service-processes';

export function connectAsClient(address: string, tls: Certificates, apiKey: string): Promise<Connection> {
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
export async function registerNamespace(
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
export async function untilServing(
  connect: () => Promise<Connection>,
  namespace: string,
  runner: ServiceRunner,
  deadline: number,
): Promise<void> {
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
