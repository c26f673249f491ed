/** `/api/v1/settings/reminders` (declared in domain/routes/reminder-settings.ts; issue 40 items 7, 8). */
import type { Pool } from '../../db/pool';
import type { reminderSettingsRoutes } from '../../domain/routes/reminder-settings';
import { type Handlers } from '../mount-routes';
import { changeReminderSettings, readReminderSettings } from '../services/reminder-settings';

export function reminderSettingsHandlers(deps: { pool: Pool }): Handlers<typeof reminderSettingsRoutes> {
  return {
    getReminderSettings: async (_input, { principal }) => ({ settings: await readReminderSettings(deps.pool, principal.workspaceId) }),
    updateReminderSettings: async ({ body }, { principal }) => ({
      settings: await changeReminderSettings(deps.pool, principal.workspaceId, body),
    }),
  };
}
