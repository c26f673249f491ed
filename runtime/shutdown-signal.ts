/**
 * SIGTERM (a deploy) and SIGINT (Ctrl-C) for a process that drains before it exits: the first
 * signal runs `shutdown` once and exits 0 when it is done; a second signal, a failure, or a
 * shutdown that outlasts its bound exits 1 at once, so the process always ends in time.
 */
import type { Logger } from './logger';

/** Beyond the drain bound: closing the Temporal connection and the pool. */
export const CLOSE_MARGIN_MS = 5_000;

export function onShutdownSignal(logger: Logger, boundMs: number, shutdown: () => Promise<void>): void {
  let begun = false;
  const handle = (signal: NodeJS.Signals) => {
    if (begun) {
      logger.warn({ signal }, 'second signal: stopping now');
      process.exit(1);
    }
    begun = true;
    logger.info({ signal, boundSeconds: boundMs / 1000 }, 'draining');
    const late = setTimeout(() => {
      logger.error({ boundSeconds: boundMs / 1000 }, 'shutdown outlasted its bound; stopping now');
      process.exit(1);
    }, boundMs + CLOSE_MARGIN_MS);
    late.unref();
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
