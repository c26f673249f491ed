/**
 * A data directory's `postmaster.pid` after an unclean end: either its server is still
 * running (Cast was SIGKILLed, the detached server was not), or the file is stale (the
 * server died too). PostgreSQL clears a stale file itself only when its pid is free; after a
 * restart the pid may belong to another process, so Cast checks what the pid really is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The pid of the server still running on `dataDir`, else null (removing a stale lock file). */
export function livePostmaster(dataDir: string): number | null {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostgres(pid)) return pid;
  rmSync(lockFile, { force: true });
  return null;
}

/** The port a running server listens on (the lock file's fourth line). */
export function postmasterPort(dataDir: string): number | null {
  try {
    const port = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

/** Fast shutdown of a server Cast no longer holds a handle on, waiting until it is gone. */
export async function stopPostmaster(pid: number, timeoutMs: number): Promise<void> {
  signal(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) signal(pid, 'SIGQUIT');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isPostgres(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    const command = existsSync(`/proc/${pid}/comm`)
      ? readFileSync(`/proc/${pid}/comm`, 'utf8')
      : execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' });
    return /postgres/.test(command);
  } catch {
    return false;
  }
}

/** Whether a process with this id exists (EPERM: it does, as another user's). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the server runs as `postgres`).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
