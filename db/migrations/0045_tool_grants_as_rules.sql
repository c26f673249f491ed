-- Issue 42 item 1: tool grants become rules. A grant ("agent A may / may not call tools matching
-- P") is a rule with two conditions (the agent, the tool-name glob) and an approve or deny
-- effect, evaluated by the one engine with every other rule: at filing (a permission prompt for
-- a granted tool answers itself) and when an access ask is marked granted (E9's re-check).
-- `grant_agent_id` marks the rules the agents API shows as grants; a removed grant is a rule
-- switched off, never deleted, like any rule.
alter table rules add column grant_agent_id text references agents (id);
-- One grant per agent and tool pattern, as before: adding it again changes that rule.
create unique index rules_grant_idx on rules (grant_agent_id, (conditions #>> '{tool,name}')) where grant_agent_id is not null;

-- Each grant becomes its rule. Its id is derived from the grant's, so a client that kept a
-- grant id still finds it (api: `gr_…` → `ru_` + md5). The Cedar text is exactly what
-- domain/rules/compile-rule.ts writes for these conditions (a test holds them equal); a
-- pattern is only letters, digits, _ . : - and *, and an agent id only [a-z0-9_], so both sit
-- in Cedar strings as they are. Its author is the member who made it, or else the
-- workspace's longest-standing owner when that member has left.
insert into rules (id, workspace_id, name, author_id, author_role, reason, mode, conditions, effect, cedar,
                   created_at, updated_at, grant_agent_id)
select 'ru_' || md5(g.id),
       g.workspace_id,
       'Tool grant: ' || g.tool_pattern,
       author.id,
       author.role,
       'A tool grant, kept as a rule.',
       'on',
       jsonb_build_object('agent', g.agent_id, 'tool', jsonb_build_object('name', g.tool_pattern)),
       case when g.effect = 'allow' then '{"kind":"approve"}'::jsonb
            else jsonb_build_object('kind', 'deny', 'reason', 'This agent''s tool grants deny ' || g.tool_pattern || '.') end,
       format(E'%s (principal, action == Action::"answer", resource is Ask)\nwhen {\n  (resource has agent && resource.agent == Agent::"%s") &&\n  (resource has toolName && resource.toolName like "%s")\n};',
              case when g.effect = 'allow' then 'permit' else 'forbid' end, g.agent_id, g.tool_pattern),
       g.created_at,
       g.created_at,
       g.agent_id
  from agent_tool_grants g
  cross join lateral (
    select m.id, m.role
      from members m
     where m.workspace_id = g.workspace_id and m.removed_at is null and (m.id = g.created_by or m.role = 'owner')
     order by (m.id = g.created_by) desc, m.created_at, m.id
     limit 1
  ) author;

drop table agent_tool_grants;
