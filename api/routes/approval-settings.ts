/** `/api/v1/settings/approvals` (declared in domain/routes/approval-settings.ts; issue 41 items 3, 4). */
import { approvalSettings, saveApprovalSettings } from '../../db/approval-settings';
import type { Pool } from '../../db/pool';
import type { approvalSettingsRoutes } from '../../domain/routes/approval-settings';
import { type Handlers } from '../mount-routes';

export function approvalSettingsHandlers(deps: { pool: Pool }): Handlers<typeof approvalSettingsRoutes> {
  return {
    getApprovalSettings: async (_input, { principal }) => ({ settings: await approvalSettings(deps.pool, principal.workspaceId) }),
    replaceApprovalSettings: async ({ body }, { principal }) => {
      await saveApprovalSettings(deps.pool, principal.workspaceId, body);
      return { settings: await approvalSettings(deps.pool, principal.workspaceId) };
    },
  };
}
