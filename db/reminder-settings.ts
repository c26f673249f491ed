/** A workspace's reminder settings (issue 40 items 7, 8), kept beside its other settings. */
import { REMINDER_DEFAULTS, type ReminderPlan } from '../domain/reminders';
import type { Queryable } from './pool';

type Row = {
  remind_after_seconds: number | null;
  backup_after_seconds: number | null;
  backup_member_id: string | null;
  deadline_lead_seconds: number | null;
};

const seconds = (value: number | null, fallbackMs: number) => (value === null ? fallbackMs : value * 1000);

function toPlan(row: Row | undefined): ReminderPlan {
  return {
    remindAfterMs: seconds(row?.remind_after_seconds ?? null, REMINDER_DEFAULTS.remindAfterMs),
    backupAfterMs: seconds(row?.backup_after_seconds ?? null, REMINDER_DEFAULTS.backupAfterMs),
    backupMemberId: row?.backup_member_id ?? null,
    deadlineLeadMs: seconds(row?.deadline_lead_seconds ?? null, REMINDER_DEFAULTS.deadlineLeadMs),
  };
}

/**
 * The plan a decision filed now follows: the workspace's settings, each unset one its default.
 * Addressed to a team with a backup of its own (issue 41 item 5), that member is its backup.
 */
export async function reminderPlan(db: Queryable, workspaceId: string, teamId: string | null = null): Promise<ReminderPlan> {
  const { rows } = await db.query<Row>(
    `select s.remind_after_seconds, s.backup_after_seconds, s.deadline_lead_seconds,
            coalesce((select t.backup_member_id from teams t where t.workspace_id = w.id and t.id = $2), s.backup_member_id) as backup_member_id
       from (select $1::text as id) w left join workspace_settings s on s.workspace_id = w.id`,
    [workspaceId, teamId],
  );
  return toPlan(rows[0]);
}

/** Writes the whole plan (the service has merged and checked it). */
export async function saveReminderPlan(db: Queryable, workspaceId: string, plan: ReminderPlan): Promise<void> {
  await db.query(
    `insert into workspace_settings (workspace_id, remind_after_seconds, backup_after_seconds, backup_member_id, deadline_lead_seconds)
     values ($1, $2, $3, $4, $5)
     on conflict (workspace_id) do update set
       remind_after_seconds = $2, backup_after_seconds = $3, backup_member_id = $4, deadline_lead_seconds = $5, updated_at = now()`,
    [workspaceId, plan.remindAfterMs / 1000, plan.backupAfterMs / 1000, plan.backupMemberId, plan.deadlineLeadMs / 1000],
  );
}
