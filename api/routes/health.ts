/**
 * `GET /healthz`: 200 only when the API, the database and Temporal all answer. The body is
 * `{"ok":true}` when nothing is wrong; otherwise it names what is: unreachable probes (Temporal's
 * with its cause in words), and a failing rate-limit counter store (`degraded`).
 */
import { Router } from 'express';
import type { Pool } from '../../db/pool';
import type { RateLimitHealth } from '../rate-limit-health';
import type { TemporalGateway } from '../temporal-gateway';

const DATABASE_DEADLINE_MS = 2000;

async function databaseAnswers(pool: Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_DEADLINE_MS);
  });
  const probe = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRouter(deps: { pool: Pool; temporal: TemporalGateway; rateLimitStore: RateLimitHealth }): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const [database, temporalTrouble] = await Promise.all([databaseAnswers(deps.pool), deps.temporal.trouble()]);
    const temporal = temporalTrouble === null;
    // A failing counter store degrades the API but leaves the status alone: reads are still
    // served and writes answer their own 503, while a 503 here would have a load balancer or
    // a supervisor pull every replica, which cannot mend the store and turns that into an outage.
    const store = deps.rateLimitStore.report();
    const degraded = store.state === 'ok' ? {} : { degraded: ['rateLimits'], rateLimits: store };
    if (database && temporal) {
      res.json({ ok: true, ...degraded });
      return;
    }
    const status = (up: boolean) => (up ? 'ok' : 'unreachable');
    res.status(503).json({
      ok: false,
      checks: { api: 'ok', database: status(database), temporal: status(temporal) },
      unreachable: [...(database ? [] : ['database']), ...(temporal ? [] : ['temporal'])],
      // Why, in words: a refused certificate or API key names itself rather than reading "unreachable".
      ...(temporalTrouble ? { causes: { temporal: temporalTrouble } } : {}),
      ...degraded,
    });
  });
  return router;
}
