/**
 * Runs a real agent host binary as a child process, the way a person's shell would, but sealed
 * in: a temporary HOME, only PATH / LANG / TZ inherited, the host's model API pointed at a
 * loopback stand-in, telemetry and updates off, and HTTPS_PROXY / HTTP_PROXY at a loopback
 * refuser so nothing leaves the machine. Collects stdout, stderr, the exit code and how long it ran.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type HostRun = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number };

export type HostOptions = {
  cwd: string;
  /** The temporary HOME the host reads its settings and writes its state under. */
  home: string;
  args: string[];
  /** Added to (and overriding) the sealed environment; undefined removes a key. */
  env?: Record<string, string | undefined>;
  stdin?: string;
  /** The loopback refuser's URL, for HTTPS_PROXY and HTTP_PROXY. */
  proxyUrl: string;
  /** Killed (SIGKILL) after this long; the run then ends with signal SIGKILL. */
  timeoutMs?: number;
};

export type RunningHost = {
  child: ChildProcess;
  done: Promise<HostRun>;
  /** What it has printed so far, and the run once it has ended (null before). */
  stdout(): string;
  ended(): HostRun | null;
};

export function startHost(binary: string, options: HostOptions): RunningHost {
  const env: Record<string, string> = {};
  const base: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    LANG: process.env.LANG ?? 'C.UTF-8',
    TZ: process.env.TZ,
    HOME: options.home,
    USER: process.env.USER ?? 'tester',
    NO_COLOR: '1',
    HTTPS_PROXY: options.proxyUrl,
    HTTP_PROXY: options.proxyUrl,
    https_proxy: options.proxyUrl,
    http_proxy: options.proxyUrl,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...options.env,
  };
  for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
  const started = performance.now();
  const child = spawn(binary, options.args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.on('error', () => {});
  child.stdin!.end(options.stdin ?? '');
  const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
  let ended: HostRun | null = null;
  const done = new Promise<HostRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      ended = { code, signal, stdout, stderr, ms: Math.round(performance.now() - started) };
      resolve(ended);
    });
  });
  return { child, done, stdout: () => stdout, ended: () => ended };
}
