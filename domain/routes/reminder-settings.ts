/** `/api/v1/settings/reminders`: when unanswered decisions remind people, and how early an automatic answer is announced (issue 40 items 7, 8). */
import { z } from 'zod';
import { ReminderSettings, ReminderSettingsBody } from '../reminder-settings-schema';
import { route } from './route';

const tag = 'Workspace';
const Settings = z.object({ settings: ReminderSettings });

const getReminderSettings = route({
  tag,
  method: 'get',
  path: '/settings/reminders',
  operationId: 'getReminderSettings',
  summary: 'When decisions remind people',
  ok: { status: 200, description: 'The settings, each unset one at its default.', schema: Settings },
  permission: 'workspace.read',
});

const updateReminderSettings = route({
  tag,
  method: 'patch',
  path: '/settings/reminders',
  operationId: 'updateReminderSettings',
  summary: 'Change when decisions remind people',
  body: { schema: ReminderSettingsBody },
  ok: { status: 200, description: 'The settings; decisions filed from now on follow them.', schema: Settings },
  errors: ['reminder_order', 'backup_cannot_answer', 'member_not_found'],
  permission: 'settings.manage',
});

export const reminderSettingsRoutes = { getReminderSettings, updateReminderSettings };
