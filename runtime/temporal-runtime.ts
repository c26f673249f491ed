/**
 * The process's Temporal core runtime: one per process, shared by the worker's connection
 * and the API's, installed before either connects.
 */
import { Runtime } from '@temporalio/worker';
import { createLogger } from './logger';
import type { MetricsServer } from './metrics-server';

/**
 * Temporal's own logs go through Cast's logger at Cast's level. With `metricsBindAddress`, the
 * core also exports its own metrics (the worker's task slots, pollers, latencies; the client's
 * requests) in Prometheus text there, for runtime/metrics-server.ts to append to Cast's:
 * counters end in `_total` and durations are seconds, as Prometheus names them.
 */
export function installTemporalLogging(level: string, options: { handleSignals: boolean; metricsBindAddress?: string }): void {
  const logger = createLogger(level, 'temporal');
  Runtime.install({
    ...(options.metricsBindAddress
      ? {
          telemetryOptions: {
            metrics: {
              prometheus: {
                bindAddress: options.metricsBindAddress,
                countersTotalSuffix: true,
                unitSuffix: true,
                useSecondsForDurations: true,
              },
            },
          },
        }
      : {}),
    // `npm start` and a lone API stop themselves; a lone worker lets the SDK shut it down.
    ...(options.handleSignals ? {} : { shutdownSignals: [] }),
    logger: {
      log: (lvl, message, meta) => logger[lvl.toLowerCase() as 'info'](meta ?? {}, message),
      trace: (message, meta) => logger.trace(meta ?? {}, message),
      debug: (message, meta) => logger.debug(meta ?? {}, message),
      info: (message, meta) => logger.info(meta ?? {}, message),
      warn: (message, meta) => logger.warn(meta ?? {}, message),
      error: (message, meta) => logger.error(meta ?? {}, message),
    },
  });
}

/** How often a taken exporter port is picked again before the process gives up. */
const CORE_BIND_ATTEMPTS = 5;

/**
 * Installs the runtime with the core's exporter on the metrics server's loopback port. That
 * port is picked free and then bound by the core, so another process on the machine may take
 * it in between: then another is picked, a few times, rather than the process failing to start.
 */
export async function installTemporalRuntime(
  level: string,
  options: { handleSignals: boolean; metrics: MetricsServer | null | undefined },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      installTemporalLogging(level, { handleSignals: options.handleSignals, metricsBindAddress: options.metrics?.temporalBindAddress });
      return;
    } catch (error) {
      const taken = error instanceof Error && /Address already in use/.test(error.message);
      if (!options.metrics || !taken || attempt >= CORE_BIND_ATTEMPTS) throw error;
      await options.metrics.repickTemporalAddress();
    }
  }
}
