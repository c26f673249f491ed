-- Issue 41 item 1: teams, named groups of a workspace's members, managed by admins. The first
-- shape of "addressed to someone": assignees, "For me" and who may answer build on it. A team's
-- changes are in the activity history (item 8), so `activity` takes teams as subjects.
create table teams (
  id text primary key,
  workspace_id text not null references workspaces (id),
  name text not null,
  created_at timestamptz not null default now(),
  unique (workspace_id, name)
);

create table team_members (
  team_id text not null references teams (id) on delete cascade,
  member_id text not null references members (id),
  added_at timestamptz not null default now(),
  primary key (team_id, member_id)
);
-- "Which teams is this member in": the read "For me" will make on every queue read.
create index team_members_member_idx on team_members (member_id);

alter table activity drop constraint activity_subject_kind_check;
alter table activity add constraint activity_subject_kind_check
  check (subject_kind in ('decision', 'task', 'run', 'session', 'agent', 'team'));
