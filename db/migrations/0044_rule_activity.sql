-- Issue 42: a rule's changes are in the activity history (made, changed, disabled), with who
-- did each and the revision it reached, as teams' and members' are.
alter table activity drop constraint activity_subject_kind_check;
alter table activity add constraint activity_subject_kind_check
  check (subject_kind in ('decision', 'task', 'run', 'session', 'agent', 'team', 'member', 'rule'));
