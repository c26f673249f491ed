/**
 * The environment, parsed once at start-up. Nothing else in Cast reads `process.env`:
 * entry points call `loadEnv()` and pass the typed result down. A `CAST_*` variable Cast does
 * not know stops the process (a misspelt setting would otherwise be silently ignored); the
 * Temporal connection comes from runtime/temporal-settings.ts.
 */
import { z } from 'zod';
import { loadTemporalSettings, TemporalSettingsError, type TemporalSettings } from './temporal-settings';

const port = z.coerce.number().int().min(0).max(65535);
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Blank is unset. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** A whole number in [min, max], or unset (the built-in default); anything else is refused saying so. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`))
      .optional(),
  );

export const Env = z.object({
  PORT: port.default(7400),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  CAST_DATA_DIR: z.string().trim().min(1).default('.data'),
  /** The embedded PostgreSQL's port; unset → a free port on every start. */
  CAST_PG_PORT: z.preprocess(unsetIfBlank, port.min(1).optional()),
  TEMPORAL_TASK_QUEUE: z.string().trim().min(1).default('cast'),
  /** The port of the dev server `npm start` runs when no address is configured. */
  TEMPORAL_PORT: port.default(7233),
  CAST_ADMIN_TOKEN: optionalText.pipe(z.string().min(16, 'CAST_ADMIN_TOKEN must be at least 16 characters').optional()),
  /** Where the Temporal CLI is cached between clones (`$XDG_CACHE_HOME/cast`, else `~/.cache/cast`). */
  XDG_CACHE_HOME: optionalText,
  /** FR-61's per-member limits; `off` only for load and fault tests that drive one member hard. */
  CAST_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** FR-61: reads a member may make a minute; unset → 60 (api/rate-limit.ts FR61_LIMITS). */
  CAST_RATE_LIMIT_READS: wholeNumber(1, 1_000_000),
  /** FR-61: writes a member may make a minute; unset → 30. */
  CAST_RATE_LIMIT_WRITES: wholeNumber(1, 1_000_000),
  /** FR-61: Archive all requests a member may make a minute; unset → 5. */
  CAST_RATE_LIMIT_ARCHIVE_ALL: wholeNumber(1, 1_000_000),
  /** Connections each process keeps to PostgreSQL; unset → 10 (db/pool.ts). */
  CAST_PG_POOL_MAX: wholeNumber(1, 1000),
  /**
   * Writes that reach Temporal in flight in one API process before the next is refused 503
   * `overloaded`; unset → the default api/write-admission.ts derives from the measured ceiling.
   */
  CAST_MAX_WRITES_IN_FLIGHT: wholeNumber(1, 100_000),
  /** Parse every answer with its route's declared schema; the test suite turns it on. */
  CAST_CHECK_RESPONSES: z.enum(['on', 'off']).default('off'),
  /** Let webhooks reach loopback, private and link-local addresses: development, and the test suite's receivers. */
  CAST_WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof Env> & {
  temporal: TemporalSettings;
  /** Settings that are ignored, for the entry point to log. */
  warnings: string[];
};

/**
 * `CAST_*` variables that other parts of Cast read: the `cast` CLI's (an operator's shell may
 * carry them), and the test tooling's.
 */
const CAST_ELSEWHERE = ['CAST_URL', 'CAST_TOKEN', 'CAST_SESSION', 'CAST_CONFIG', 'CAST_CHROMIUM', 'CAST_RECORD_HISTORIES'];

export class EnvError extends Error {
  override name = 'EnvError';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const known = new Set([...Object.keys(Env.shape), ...CAST_ELSEWHERE]);
  for (const name of Object.keys(source).sort()) {
    if (name.startsWith('CAST_') && !known.has(name))
      lines.push(`  ${name}: Cast has no such setting (see the README's configuration table)`);
  }
  if (!parsed.success || lines.length) throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  try {
    const { settings, warnings } = loadTemporalSettings(source, {
      address: `127.0.0.1:${parsed.data.TEMPORAL_PORT}`,
      namespace: 'default',
      taskQueue: parsed.data.TEMPORAL_TASK_QUEUE,
    });
    return { ...parsed.data, temporal: settings, warnings };
  } catch (error) {
    if (error instanceof TemporalSettingsError) throw new EnvError(`Invalid environment:\n  ${error.message}`);
    throw error;
  }
}
