/**
 * FR-61: per member, reads 60 a minute, writes 30 a minute, Archive all 5 a minute; the next
 * request gets 429 with `Retry-After`. A host's permission prompt (`POST /sessions/:id/prompts`)
 * is counted apart, 120 a minute (issue 31 item 1): an agent stands still until its prompt is
 * in the queue, so a prompt must never wait behind bulk writes. The counters live in Postgres, so the limits hold
 * across any number of API processes. When that store fails, the limits never fail open in
 * silence: the failure is logged as an error, `/healthz` reports it, and writes and Archive
 * all are refused (503 `rate_limit_unavailable`). The whole database away is another matter:
 * every request answers 503 `database_unavailable` (api/database-outage.ts).
 */
import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../domain/errors';
import { rateKeyOf } from '../domain/principal';
import type { Pool } from '../db/pool';
import { isDatabaseUnreachable } from '../db/pg-errors';
import type { Env } from '../runtime/env';
import type { Logger } from '../runtime/logger';
import type { RateLimitHealth } from './rate-limit-health';

export type RateLimits = { read: number; write: number; archiveAll: number; prompt: number };
/**
 * `prompt`: Claude Code asks before each call it may not make alone, and in one turn it may make
 * a burst of them (18 observed, issue 31); a person answers a few a minute. 120 a minute, all of
 * which may come at once, is several such bursts before anyone could answer — yet a hook caught
 * in a loop is stopped within its first minute, as is the 201st open card (OPEN_PER_AGENT).
 */
export const FR61_LIMITS: RateLimits = { read: 60, write: 30, archiveAll: 5, prompt: 120 };

/** The limits an entry point configures: `null` when CAST_RATE_LIMITS is off, else FR-61's with each bucket's own variable where set. */
export function configuredRateLimits(
  env: Pick<
    Env,
    'CAST_RATE_LIMITS' | 'CAST_RATE_LIMIT_READS' | 'CAST_RATE_LIMIT_WRITES' | 'CAST_RATE_LIMIT_ARCHIVE_ALL' | 'CAST_RATE_LIMIT_PROMPTS'
  >,
): RateLimits | null {
  if (env.CAST_RATE_LIMITS === 'off') return null;
  return {
    read: env.CAST_RATE_LIMIT_READS ?? FR61_LIMITS.read,
    write: env.CAST_RATE_LIMIT_WRITES ?? FR61_LIMITS.write,
    archiveAll: env.CAST_RATE_LIMIT_ARCHIVE_ALL ?? FR61_LIMITS.archiveAll,
    prompt: env.CAST_RATE_LIMIT_PROMPTS ?? FR61_LIMITS.prompt,
  };
}

type Bucket = keyof RateLimits;

/** A host's permission prompt or terminal question: `POST /sessions/:id/prompts`. */
export const HOST_PROMPT_PATH = /^\/sessions\/[^/]+\/prompts\/?$/;

function bucketOf(method: string, path: string): Bucket {
  if (method === 'POST' && path === '/decisions/archive-all') return 'archiveAll';
  if (method === 'POST' && HOST_PROMPT_PATH.test(path)) return 'prompt';
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

const BUCKET_WORDS: Record<Bucket, string> = {
  read: 'reads',
  write: 'writes',
  archiveAll: 'Archive all requests',
  prompt: 'permission prompts and terminal questions',
};

/**
 * `keyOf`: whom a request counts against — the principal (`/api/v1`), or, for an answer link
 * (issue 40 item 5), whose credential is the link itself, the client's address, so guessing at
 * links is held to the same limits as anything else.
 */
/** An answer link's requests count against the client's address: the link is the only credential they carry. */
export const byAddress = (req: Request): string => `address:${req.ip ?? 'unknown'}`;

export function rateLimit(
  pool: Pool,
  limits: RateLimits,
  logger: Logger,
  health: RateLimitHealth,
  keyOf: (req: Request, res: Response) => string = (_req, res) => rateKeyOf(res.locals.principal),
): RequestHandler {
  const limiter = (bucket: Bucket) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      // The table is a migration's; expired rows are reused by the next window, never piled up.
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: bucket,
      points: limits[bucket],
      duration: 60,
    });
  const limiters: Record<Bucket, RateLimiterPostgres> = {
    read: limiter('read'),
    write: limiter('write'),
    archiveAll: limiter('archiveAll'),
    prompt: limiter('prompt'),
  };

  return async (req, res, next) => {
    const bucket = bucketOf(req.method, req.path);
    try {
      const used = await limiters[bucket].consume(keyOf(req, res));
      health.succeeded();
      res.set('RateLimit-Limit', String(limits[bucket]));
      res.set('RateLimit-Remaining', String(used.remainingPoints));
      next();
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        health.succeeded();
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        res.set('Retry-After', String(seconds));
        throw new DomainError(
          'rate_limited',
          `Too many ${BUCKET_WORDS[bucket]}: at most ${limits[bucket]} a minute. Try again in ${seconds} s.`,
          {
            retryAfterSeconds: seconds,
          },
        );
      }
      health.failed(error);
      // The database itself away: every request fails alike, with database_unavailable, logged once
      // per outage by the error handler rather than once here per request.
      if (isDatabaseUnreachable(error)) throw error;
      // A read is still served: it changes nothing, so letting it through unthrottled costs
      // only load, and when the store fails because the database is down the read fails anyway.
      if (bucket === 'read') {
        logger.error({ err: error, bucket }, 'rate limit store unavailable; read served without its limit');
        next();
        return;
      }
      // A write or Archive all is refused before its body is parsed or any route runs, so
      // nothing is written; serving it unthrottled is what FR-61 exists to prevent.
      logger.error({ err: error, bucket }, 'rate limit store unavailable; request refused');
      throw new DomainError(
        'rate_limit_unavailable',
        `Cast cannot check this ${bucket === 'archiveAll' ? 'Archive all request' : bucket === 'prompt' ? 'prompt' : 'write'} against its rate limit right now, so it refused it; nothing was changed. Try again in a moment.`,
      );
    }
  };
}
