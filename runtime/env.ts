/**
 * The environment, parsed once at start-up. Nothing else in Cast reads `process.env`:
 * entry points call `loadEnv()` and pass the typed result down.
 */
import { z } from 'zod';

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
  TEMPORAL_ADDRESS: optionalText,
  TEMPORAL_NAMESPACE: z.string().trim().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().trim().min(1).default('cast'),
  TEMPORAL_PORT: port.default(7233),
  CAST_ADMIN_TOKEN: optionalText.pipe(z.string().min(16, 'CAST_ADMIN_TOKEN must be at least 16 characters').optional()),
  /** Where the Temporal CLI is cached between clones (`$XDG_CACHE_HOME/cast`, else `~/.cache/cast`). */
  XDG_CACHE_HOME: optionalText,
  /** FR-61's per-member limits; `off` only for load and fault tests that drive one member hard. */
  CAST_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Parse every answer with its route's declared schema; the test suite turns it on. */
  CAST_CHECK_RESPONSES: z.enum(['on', 'off']).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof Env>;

export class EnvError extends Error {
  override name = 'EnvError';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
