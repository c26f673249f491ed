/** `/api/v1/settings/health` (declared in domain/routes/health-settings.ts): band overrides (FR-53) and "Hide for 30 days". */
import { healthSettings, updateHealthSettings as updateSettings } from '../../db/health';
import type { Pool } from '../../db/pool';
import { getHealthSettings, hideHealthLine, showHealthLine, updateHealthSettings } from '../../domain/routes/health-settings';
import { handle, type MountedRoute } from '../mount-routes';

export function healthSettingsHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(getHealthSettings, async (_input, { principal }) => ({
      settings: await healthSettings(deps.pool, principal.workspaceId),
    })),
    handle(updateHealthSettings, async ({ body }, { principal }) => ({
      settings: await updateSettings(deps.pool, principal.workspaceId, body),
    })),
    handle(hideHealthLine, async ({ body }, { principal }) => {
      const hiddenUntil = new Date(Date.now() + body.days * 86_400_000).toISOString();
      return { settings: await updateSettings(deps.pool, principal.workspaceId, { hiddenUntil }) };
    }),
    handle(showHealthLine, async (_input, { principal }) => ({
      settings: await updateSettings(deps.pool, principal.workspaceId, { hiddenUntil: null }),
    })),
  ];
}
