-- Issue 41 item 8: membership, role and token changes are in the activity history with their
-- actor and time, so `activity` takes members as subjects too.
alter table activity drop constraint activity_subject_kind_check;
alter table activity add constraint activity_subject_kind_check
  check (subject_kind in ('decision', 'task', 'run', 'session', 'agent', 'team', 'member'));
