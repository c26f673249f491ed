-- One restart per delivered message, enforced by the database and not only by the lookup
-- admitRestart does under the workspace lock; and the indexes the task and activity lists use.
create unique index runs_one_restart_per_seed on runs (workspace_id, seed_message_seq) where seed_message_seq is not null;
create index tasks_mission_idx on tasks (workspace_id, mission_id) where mission_id is not null;
create index tasks_agent_idx on tasks (workspace_id, agent_id) where agent_id is not null;
create index activity_workspace_idx on activity (workspace_id, seq);
