-- Issue 41 item 5: a team's backup. A decision addressed to the team reminds this member the
-- second time (Reach's reminders, issue 40 item 7) instead of the workspace's backup.
alter table teams add column backup_member_id text references members (id);
