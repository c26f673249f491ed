/**
 * Starts the official Temporal dev server (headless, loopback only) and waits until it
 * serves. With `dbFile` it persists there; without, it keeps everything in memory (tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';

export type TemporalDevServer = { address: string; process: ChildProcess; stop(): Promise<void> };

const READY_TIMEOUT_MS = 60_000;

export async function startTemporalDevServer(options: {
  binary: string;
  port: number;
  dbFile?: string;
  namespace?: string;
  logLevel?: string;
  /** Server settings the dev server takes as `--dynamic-config-value KEY=VALUE` (a test's own limits). */
  dynamicConfig?: Record<string, string | number | boolean>;
}): Promise<TemporalDevServer> {
  const address = `127.0.0.1:${options.port}`;
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--headless',
    '--namespace',
    options.namespace ?? 'default',
    '--log-level',
    options.logLevel ?? 'error',
    ...(options.dbFile ? ['--db-filename', options.dbFile] : []),
    ...Object.entries(options.dynamicConfig ?? {}).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${JSON.stringify(value)}`]),
  ];
  const child = spawn(options.binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Whatever happens to the parent, the server it started goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`temporal server exited with ${child.exitCode} before it was ready:\n${stderr}`);
    }
    if (await serves(address, options.namespace ?? 'default')) return { address, process: child, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`temporal server did not become ready on ${address} within ${READY_TIMEOUT_MS / 1000}s:\n${stderr}`);
}

async function serves(address: string, namespace: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 1000 });
    await connection.withDeadline(Date.now() + 1000, () => connection!.workflowService.describeNamespace({ namespace }));
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => {});
  }
}
