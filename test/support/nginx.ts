/**
 * Debian's nginx, started by a test on loopback in front of Cast: the test writes the
 * `http { … }` block's servers; this writes the rest, runs nginx in the foreground from a
 * temporary prefix (no root paths, no daemon) and stops it. Used by the proxy and drain tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { debianBinary } from './debian-package';

export type RunningNginx = { dir: string; stop(): Promise<void> };

async function listening(port: number, deadline: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts nginx with `servers` (one or more `server { … }` / `upstream { … }` blocks, which may
 * refer to files in `dir` given by `files`) and waits until every port in `ports` accepts.
 */
export async function startNginx(options: {
  servers: (dir: string) => string;
  ports: number[];
  files?: Record<string, string>;
}): Promise<RunningNginx> {
  const nginx = await debianBinary('nginx', 'nginx');
  const dir = mkdtempSync(join(tmpdir(), 'cast-nginx-'));
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), text);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      options.servers(dir),
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      Promise.all(options.ports.map((port) => listening(port, Date.now() + 10_000))),
      exited.then(() => {
        throw new Error(`nginx exited: ${stderr}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    dir,
    async stop() {
      child.kill('SIGQUIT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
