-- Issue 40 items 7, 8: when an unanswered blocking decision reminds its people and then a backup
-- member, and how long before a stack's auto-default answers its people are warned. Null: the
-- default (domain/reminders.ts `REMINDER_DEFAULTS`), so a workspace that never set them follows
-- a changed default. Read once per filing and passed in the decision workflow's start.
alter table workspace_settings
  add column remind_after_seconds int check (remind_after_seconds > 0),
  add column backup_after_seconds int check (backup_after_seconds > 0),
  add column backup_member_id text references members (id),
  add column deadline_lead_seconds int check (deadline_lead_seconds > 0);
