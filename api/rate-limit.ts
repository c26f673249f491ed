/**
 * FR-61: per member, reads 60 a minute, writes 30 a minute, Archive all 5 a minute; the next
 * request gets 429 with `Retry-After`. The counters live in Postgres, so the limits hold
 * across any number of API processes.
 */
import type { RequestHandler } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../domain/errors';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';

export type RateLimits = { read: number; write: number; archiveAll: number };
export const FR61_LIMITS: RateLimits = { read: 60, write: 30, archiveAll: 5 };

type Bucket = keyof RateLimits;

function bucketOf(method: string, path: string): Bucket {
  if (method === 'POST' && path === '/decisions/archive-all') return 'archiveAll';
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

export function rateLimit(pool: Pool, limits: RateLimits, logger: Logger): RequestHandler {
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
  const limiters: Record<Bucket, RateLimiterPostgres> = { read: limiter('read'), write: limiter('write'), archiveAll: limiter('archiveAll') };

  return async (req, res, next) => {
    const bucket = bucketOf(req.method, req.path);
    try {
      const used = await limiters[bucket].consume(res.locals.principal.memberId);
      res.set('RateLimit-Limit', String(limits[bucket]));
      res.set('RateLimit-Remaining', String(used.remainingPoints));
      next();
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        res.set('Retry-After', String(seconds));
        throw new DomainError('rate_limited', `Too many ${bucket === 'archiveAll' ? 'Archive all requests' : `${bucket}s`}: at most ${limits[bucket]} a minute. Try again in ${seconds} s.`, {
          retryAfterSeconds: seconds,
        });
      }
      // The counter store is away: serve the request rather than fail it; the database
      // being down fails the request itself anyway.
      logger.warn({ err: error }, 'rate limit store unavailable');
      next();
    }
  };
}
