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

export const Env = z.object({
  PORT: port.default(7400),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  CAST_DATA_DIR: z.string().trim().min(1).default('.data'),
  /** The embedded PostgreSQL's port; unset → a free port on every start. */
  CAST_PG_PORT: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), port.min(1).optional()),
  TEMPORAL_TASK_QUEUE: z.string().trim().min(1).default('cast'),
  /** The port of the dev server `npm start` runs when no address is configured. */
  TEMPORAL_PORT: port.default(7233),
  CAST_ADMIN_TOKEN: optionalText.pipe(z.string().min(16, 'CAST_ADMIN_TOKEN must be at least 16 characters').optional()),
  /** Where the Temporal CLI is cached between clones (`$XDG_CACHE_HOME/cast`, else `~/.cache/cast`). */
  XDG_CACHE_HOME: optionalText,
  /** FR-61's per-member limits; `off` only for load and fault tests that drive one member hard. */
  CAST_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Parse every answer with its route's declared schema; the test suite turns it on. */
  CAST_CHECK_RESPONSES: z.enum(['on', 'off']).default('off'),
  /** Let webhooks reach loopback, private and link-local addresses: development, and the test suite's receivers. */
  CAST_WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  /**
   * How often a waiting request re-reads while the change listener is up: the bound on a change
   * whose notification went astray (docs/operations.md, "Waking waiters").
   */
  /**
   * Where the API's one listening connection goes, when DATABASE_URL is a transaction-pooling
   * PgBouncer: LISTEN needs a session of its own (PostgreSQL itself, or session pooling).
   */
  CAST_LISTEN_DATABASE_URL: optionalText.pipe(z.url().optional()),
  CAST_WAIT_FALLBACK_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
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
