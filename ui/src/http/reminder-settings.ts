/** `/api/v1/settings/reminders` (issue 40 items 7, 8): when unanswered decisions remind people. */
import type { ReminderSettingsBody } from '../../../domain/reminder-settings-schema';
import { reminderSettingsRoutes } from '../../../domain/routes/reminder-settings';
import { call } from './call';

export const readReminderSettings = () => call(reminderSettingsRoutes.getReminderSettings, {}).then((body) => body.settings);
export const saveReminderSettings = (change: ReminderSettingsBody) =>
  call(reminderSettingsRoutes.updateReminderSettings, { body: change }).then((body) => body.settings);
