/**
 * The workspace's reminder settings on the wire (`/settings/reminders`, issue 40 items 7, 8), in
 * seconds as a stack's auto-default is; the workflow takes them as `ReminderPlan` milliseconds.
 */
import { z } from 'zod';
import { someFields } from './some-fields';
import { REMINDER_DEFAULTS, type ReminderPlan } from './reminders';

/** At least a minute, at most 30 days: a reminder sooner than that is a notification, later is none. */
const Seconds = z
  .int()
  .min(60)
  .max(30 * 86_400);

export const ReminderSettings = z
  .object({
    remindAfterSeconds: Seconds.describe('An unanswered blocking decision reminds its people this long after it was filed.'),
    backupAfterSeconds: Seconds.describe('…and reminds the backup member this long after it was filed; always later than the first.'),
    backupMemberId: z.string().nullable().describe('The backup member; null: no second reminder.'),
    deadlineLeadSeconds: Seconds.describe("How long before a stack's auto-default answers its people are told."),
  })
  .meta({
    id: 'ReminderSettings',
    description: 'When unanswered decisions remind people, and how early an automatic answer is announced.',
  });
export type ReminderSettings = z.infer<typeof ReminderSettings>;

export const ReminderSettingsBody = someFields(
  z.strictObject({
    remindAfterSeconds: Seconds.optional(),
    backupAfterSeconds: Seconds.optional(),
    backupMemberId: z.string().min(1).max(200).nullable().optional(),
    deadlineLeadSeconds: Seconds.optional(),
  }),
  'Send remindAfterSeconds, backupAfterSeconds, backupMemberId (null: none) or deadlineLeadSeconds.',
).meta({ id: 'ReminderSettingsBody' });
export type ReminderSettingsBody = z.infer<typeof ReminderSettingsBody>;

export const REMINDER_SETTINGS_DEFAULTS: ReminderSettings = toSettings(REMINDER_DEFAULTS);

export function toSettings(plan: ReminderPlan): ReminderSettings {
  return {
    remindAfterSeconds: plan.remindAfterMs / 1000,
    backupAfterSeconds: plan.backupAfterMs / 1000,
    backupMemberId: plan.backupMemberId,
    deadlineLeadSeconds: plan.deadlineLeadMs / 1000,
  };
}

export function toPlan(settings: ReminderSettings): ReminderPlan {
  return {
    remindAfterMs: settings.remindAfterSeconds * 1000,
    backupAfterMs: settings.backupAfterSeconds * 1000,
    backupMemberId: settings.backupMemberId,
    deadlineLeadMs: settings.deadlineLeadSeconds * 1000,
  };
}
