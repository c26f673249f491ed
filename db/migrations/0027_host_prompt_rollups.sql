-- Issue 39 item 3: the health line's culprit (FR-54) told to fix an agent's instructions when
-- most of what it opened were its host's permission prompts ("Allow Bash?"), which only the
-- host's permission settings stop. The roll-up now counts those apart.

-- What a decision came from (`permission`, `terminal`, an approval's or escalation's kind; null
-- for a filed one), as a narrow column: the snapshot is stored out of line (0013), and the health
-- line's live read looks at the newest few hundred decisions on every queue load. Computed by
-- Postgres, so every writer (the mirror, an import, an older release's code) keeps it true.
alter table decisions add column source_kind text generated always as (snapshot -> 'source' ->> 'kind') stored;
alter table decisions alter column source_kind set storage plain;

-- Of a day's `opened` for an agent, how many were its host's permission prompts.
alter table decision_rollups add column host_prompts int not null default 0;
alter table decision_rollups add constraint decision_rollups_host_prompts_check check (host_prompts between 0 and opened);

-- The roll-up already taken, recomputed: its days count their host prompts from now on.
update decision_rollups r set host_prompts = c.n
  from (select workspace_id, (created_at at time zone 'UTC')::date as day, coalesce(agent_id, '') as agent_id, count(*)::int as n
          from decisions where source_kind = 'permission' group by 1, 2, 3) c
 where r.workspace_id = c.workspace_id and r.day = c.day and r.agent_id = c.agent_id and c.n <= r.opened;
