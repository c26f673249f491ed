/** The worker's probe port, when CAST_PROBE_PORT asks for one: `bin/worker.ts`, and `npm start` beside the API. */
import type { Env } from './env';
import { startProbeServer, type ProbeServer } from './probe-server';
import type { Check, Readiness } from './readiness';

export async function openWorkerProbes(
  env: Pick<Env, 'CAST_PROBE_PORT' | 'CAST_PROBE_HOST'>,
  ready: () => Promise<Readiness<Record<string, Check>>>,
): Promise<ProbeServer | null> {
  if (!env.CAST_PROBE_PORT) return null;
  try {
    return await startProbeServer({ host: env.CAST_PROBE_HOST, port: env.CAST_PROBE_PORT, ready });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'EADDRINUSE' && code !== 'EADDRNOTAVAIL') throw error;
    throw new Error(
      `The worker's probe port ${env.CAST_PROBE_HOST}:${env.CAST_PROBE_PORT} is ${code === 'EADDRINUSE' ? 'taken' : 'not an address of this machine'}: set CAST_PROBE_PORT (or CAST_PROBE_HOST) to another.`,
      { cause: error },
    );
  }
}

/** What `/readyz` says before the worker polls: bundling the workflows and connecting can take a while. */
export function starting(): Promise<Readiness<Record<string, Check>>> {
  return Promise.resolve({ ready: false, cause: 'starting', checks: {} });
}
