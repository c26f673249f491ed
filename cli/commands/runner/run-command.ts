/**
 * Runs one composed command under /bin/sh for a claimed run. Its output goes to the runner's
 * stderr (the runner's stdout is its own report); the end of its stderr explains a failure.
 */
import { spawn } from 'node:child_process';

export type CommandResult = { code: number | null; signal: NodeJS.Signals | null; stderrTail: string };

const TAIL = 600;

export function runCommand(command: string, env: Record<string, string>, stop: AbortSignal): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString()).slice(-TAIL);
    });
    // The runner was interrupted: pass it on and report however the command ends.
    const forward = () => child.kill('SIGTERM');
    stop.addEventListener('abort', forward, { once: true });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      stop.removeEventListener('abort', forward);
      resolve({ code, signal, stderrTail: tail.trim() });
    });
  });
}

/** `exit code 3: boom` — what the run's failureReason says (at most 2,000 characters). */
export function failureReason(result: CommandResult): string {
  const how = result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`;
  const lastLines = result.stderrTail.split('\n').slice(-5).join('\n');
  return `The command ended with ${how}${lastLines ? `: ${lastLines}` : '.'}`.slice(0, 2000);
}
