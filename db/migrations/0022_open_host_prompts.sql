-- Issue 31 item 7: the open host prompts (permission cards, terminal questions) by session, so
-- "is this session waiting on a person" (db/waiting-on-person.ts) is one probe of a few rows:
-- never a read of a session's other decisions and their snapshots, nor of every session of a
-- workspace. The queue's fast read finds the waiting sessions from here (they are as few as the
-- hooks waiting now), beside the live ones of sessions_live_idx (db/decision-queries.ts). The
-- predicate must stay identical to hostPromptWaiting's first two conditions, or the planner
-- cannot use the index.
create index decisions_open_host_prompt_idx on decisions (workspace_id, session_id)
  where status = 'open' and (snapshot -> 'source' ->> 'kind') in ('permission', 'terminal');
