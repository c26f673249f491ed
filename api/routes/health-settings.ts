/** `/api/v1/settings/health`: the workspace's band overrides (FR-53) and "Hide for 30 days". */
import { Router } from 'express';
import { z } from 'zod';
import { HealthSettingsBody } from '../../domain/health';
import { healthSettings, updateHealthSettings } from '../../db/health';
import type { Pool } from '../../db/pool';
import { parseWith } from '../problem';

const HideBody = z.strictObject({ days: z.number().int().min(1).max(90).default(30) });

export function healthSettingsRouter(deps: { pool: Pool }): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json({ settings: await healthSettings(deps.pool, res.locals.principal.workspaceId) });
  });

  router.patch('/', async (req, res) => {
    const body = parseWith(HealthSettingsBody, req.body);
    res.json({ settings: await updateHealthSettings(deps.pool, res.locals.principal.workspaceId, body) });
  });

  router.post('/hide', async (req, res) => {
    const { days } = parseWith(HideBody, req.body ?? {});
    const hiddenUntil = new Date(Date.now() + days * 86_400_000).toISOString();
    res.json({ settings: await updateHealthSettings(deps.pool, res.locals.principal.workspaceId, { hiddenUntil }) });
  });

  router.delete('/hide', async (_req, res) => {
    res.json({ settings: await updateHealthSettings(deps.pool, res.locals.principal.workspaceId, { hiddenUntil: null }) });
  });

  return router;
}
