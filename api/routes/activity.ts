/** `GET /api/v1/activity` and its JSON Lines export (declared in domain/routes/activity.ts). */
import { once } from 'node:events';
import type { Response } from 'express';
import { exportActivityPage, listActivity } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { DomainError } from '../../domain/errors';
import type { activityRoutes } from '../../domain/routes/activity';
import { WROTE, type Handlers } from '../mount-routes';

/** Entries read per round trip: the export streams page by page, never holding the whole history. */
const EXPORT_PAGE = 500;

export function activityHandlers(deps: { pool: Pool }): Handlers<typeof activityRoutes> {
  return {
    exportActivity: async ({ query }, { principal, req, res }) => {
      const from = query.from ? new Date(query.from) : null;
      const to = query.to ? new Date(query.to) : new Date();
      if (from && from >= to) {
        throw new DomainError('invalid_time_range', `from (${query.from}) must be before to (${to.toISOString()}); nothing was exported.`, {
          from: query.from,
          to: to.toISOString(),
        });
      }
      // The first page is read before the headers go out: a database that is away is still a problem+json.
      let page = await exportActivityPage(deps.pool, principal.workspaceId, { from, to, after: 0, limit: EXPORT_PAGE });
      res.status(200).type('application/x-ndjson').set('Cache-Control', 'no-store');
      try {
        while (page.length > 0 && !res.destroyed) {
          await write(res, page.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
          if (page.length < EXPORT_PAGE) break;
          page = await exportActivityPage(deps.pool, principal.workspaceId, { from, to, after: page.at(-1)!.seq, limit: EXPORT_PAGE });
        }
        res.end();
      } catch (error) {
        // The headers are out: cut the stream, so the reader sees it broken rather than complete.
        req.log.error({ err: error }, 'activity export cut short');
        res.destroy();
      }
      return WROTE;
    },
    listActivity: async ({ query }, { principal }) => ({
      activity: await listActivity(deps.pool, principal.workspaceId, {
        subjectKind: query.subject_kind,
        subjectId: query.subject_id,
        before: query.before,
        limit: query.limit,
      }),
    }),
  };
}

/** Writes, and waits for the client to take it when its buffer is full (a slow reader holds the read back). */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
}
