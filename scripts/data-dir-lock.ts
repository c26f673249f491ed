/**
 * One `npm start` per data directory: a second one would find the first one's database
 * server and take it for one left behind by a killed Cast. The lock is a pid file; a pid
 * that no longer runs (Cast was SIGKILLed) is taken over.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function holdDataDir(dataDir: string): void {
  const file = join(dataDir, 'cast.pid');
  const holder = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
  if (holder && holder !== process.pid && running(holder)) {
    throw new Error(`Cast is already running from ${dataDir} (pid ${holder}). Stop it first, or set CAST_DATA_DIR to another directory.`);
  }
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
  });
}

/** Whether `pid` is a Cast start-up or import still running (its pid may since belong to something else). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  return !existsSync(cmdline) || /start-all|import-pglite/.test(readFileSync(cmdline, 'utf8'));
}
