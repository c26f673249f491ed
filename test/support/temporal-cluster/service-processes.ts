/**
 * The cluster's process set: `temporal-server --config-file <file> start --service <name>`,
 * one OS process per service, so that a test can kill one and start it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

export const TEMPORAL_SERVICES = ['history', 'matching', 'internal-frontend', 'frontend', 'worker'] as const;
export type TemporalService = (typeof TEMPORAL_SERVICES)[number];

const STOP_GRACE_MS = 5_000;

/** The server reads some TEMPORAL_* variables itself (TEMPORAL_SERVICES…): none of the caller's leak in. */
export function serverEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TEMPORAL_')));
}

export type ServiceRunner = {
  start(service: TemporalService, grpcPort: number, deadline: number): Promise<void>;
  kill(service: TemporalService, signal: NodeJS.Signals): Promise<void>;
  /** Throws with the log of a service that has exited on its own. */
  assertAlive(): void;
  logPath(service: TemporalService): string;
  stopAll(): Promise<void>;
};

/** Starts, kills and stops the services' processes; their output goes to one log file each. */
export function serviceRunner(server: string, configFile: string, logDir: string): ServiceRunner {
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

/** The last lines of a service's log, each JSON entry shortened to its level, message and error. */
export function tail(file: string, lines = 20): string {
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
