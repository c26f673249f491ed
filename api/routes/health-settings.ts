/** `/api/v1/settings/health` (declared in domain/routes/health-settings.ts): band overrides (FR-53) and "Hide for 30 days". */
import { healthSettings, updateHealthSettings } from '../../db/health';
import type { Pool } from '../../db/pool';
import type { healthSettingsRoutes } from '../../domain/routes/health-settings';
import { type Handlers } from '../mount-routes';

export function healthSettingsHandlers(deps: { pool: Pool }): Handlers<typeof healthSettingsRoutes> {
  return {
    getHealthSettings: async (_input, { principal }) => ({
      settings: await healthSettings(deps.pool, principal.workspaceId),
    }),
    updateHealthSettings: async ({ body }, { principal }) => ({
      settings: await updateHealthSettings(deps.pool, principal.workspaceId, body),
    }),
    hideHealthLine: async ({ body }, { principal }) => {
      const hiddenUntil = new Date(Date.now() + body.days * 86_400_000).toISOString();
      return { settings: await updateHealthSettings(deps.pool, principal.workspaceId, { hiddenUntil }) };
    },
    showHealthLine: async (_input, { principal }) => ({
      settings: await updateHealthSettings(deps.pool, principal.workspaceId, { hiddenUntil: null }),
    }),
  };
}
