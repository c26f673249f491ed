/**
 * Changing a workspace's reminder settings (issue 40 items 7, 8): the change merged over what is
 * stored, then checked whole — the backup's reminder after the first, the backup a member of this
 * workspace who may answer — before anything is written. Decisions filed afterwards follow it.
 */
import { DomainError, notFound } from '../../domain/errors';
import { holds } from '../../domain/permissions';
import { toPlan, toSettings, type ReminderSettings, type ReminderSettingsBody } from '../../domain/reminder-settings-schema';
import { reminderPlan, saveReminderPlan } from '../../db/reminder-settings';
import type { Pool } from '../../db/pool';
import { getMember } from '../../db/tenancy';

export async function readReminderSettings(pool: Pool, workspaceId: string): Promise<ReminderSettings> {
  return toSettings(await reminderPlan(pool, workspaceId));
}

export async function changeReminderSettings(pool: Pool, workspaceId: string, body: ReminderSettingsBody): Promise<ReminderSettings> {
  const settings = { ...(await readReminderSettings(pool, workspaceId)), ...body };
  if (settings.backupAfterSeconds <= settings.remindAfterSeconds) {
    throw new DomainError(
      'reminder_order',
      `The backup's reminder (after ${settings.backupAfterSeconds} s) must come later than the first reminder (after ${settings.remindAfterSeconds} s). Nothing was changed.`,
      { remindAfterSeconds: settings.remindAfterSeconds, backupAfterSeconds: settings.backupAfterSeconds },
    );
  }
  if (body.backupMemberId) {
    // Another workspace's member, a removed one and a missing one read alike.
    const backup = await getMember(pool, workspaceId, body.backupMemberId);
    if (!backup || backup.removedAt) throw notFound('member');
    if (!holds(backup.role, 'decision.answer')) {
      throw new DomainError(
        'backup_cannot_answer',
        `${backup.name} is a ${backup.role} and cannot answer decisions, so cannot be the backup.`,
      );
    }
  }
  await saveReminderPlan(pool, workspaceId, toPlan(settings));
  return settings;
}
