-- The queue ranks every open decision on a few narrow columns, then reads the snapshot of the
-- page's rows alone. Kept inline, each snapshot makes every row wide, and the ranking scan
-- reads pages of snapshots it never uses. A low toast target moves the snapshot (and long
-- contexts) out of line; the short id and status columns stay plain, so filtering on them
-- never decompresses anything. Rows written before this take the new layout when next updated.
alter table decisions set (toast_tuple_target = 256);
alter table decisions
  alter column id set storage plain,
  alter column workspace_id set storage plain,
  alter column status set storage plain,
  alter column mode set storage plain,
  alter column session_id set storage plain,
  alter column agent_id set storage plain,
  alter column task_id set storage plain,
  alter column run_id set storage plain,
  alter column mission_id set storage plain,
  alter column filed_by set storage plain,
  alter column fingerprint set storage plain;
