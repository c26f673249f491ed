/** `GET /healthz`: 200 only when the API, the database and Temporal all answer. */
import { Router } from 'express';
import type { Pool } from '../../db/pool';
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

export function healthRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    const [database, temporal] = await Promise.all([databaseAnswers(deps.pool), deps.temporal.isHealthy()]);
    if (database && temporal) {
      res.json({ ok: true });
      return;
    }
    const status = (up: boolean) => (up ? 'ok' : 'unreachable');
    res.status(503).json({
      ok: false,
      checks: { api: 'ok', database: status(database), temporal: status(temporal) },
      unreachable: [...(database ? [] : ['database']), ...(temporal ? [] : ['temporal'])],
    });
  });
  return router;
}
