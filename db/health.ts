/**
 * The health roll-up and what the queue reads of it (FR-51…FR-55). The roll-up counts
 * decisions opened per day (UTC) per workspace and per agent for the last 90 days, and of
 * those the host's permission prompts apart (issue 39 item 3: the culprit's advice); the
 * queue reads those few rows, never the decisions, so the line costs the read almost
 * nothing, and when anything here fails the line is simply not shown.
 */
import {
  HEALTH_DEFAULTS,
  MEDIAN_DAYS,
  BURST_WINDOW_MS,
  HOST_PROMPT_SOURCE,
  ROLLUP_DAYS,
  SINCE_ROLLUP_MAX,
  healthLine,
  visibleHealth,
  type HealthBand,
  type HealthLine,
  type HealthSettings,
  type HealthSnapshot,
} from '../domain/health';
import { DecisionStatus } from '../domain/decision';
import { withTransaction, prepared, type Pool, type Queryable } from './pool';

/** Recomputes every workspace's roll-up (or one's), records band transitions, returns how many workspaces. */
export async function rollUpHealth(pool: Pool, workspaceId: string | null = null): Promise<number> {
  const workspaces = await withTransaction(pool, async (client) => {
    const scope = [workspaceId];
    await client.query(
      `delete from decision_rollups where day >= (now() at time zone 'UTC')::date - ${ROLLUP_DAYS - 1} and ($1::text is null or workspace_id = $1)`,
      scope,
    );
    await client.query(
      `insert into decision_rollups (workspace_id, day, agent_id, opened, host_prompts)
       select workspace_id, (created_at at time zone 'UTC')::date, coalesce(agent_id, ''), count(*)::int,
              (count(*) filter (where source_kind = '${HOST_PROMPT_SOURCE}'))::int
         from decisions
        where created_at >= ((now() at time zone 'UTC')::date - ${ROLLUP_DAYS - 1})::timestamp at time zone 'UTC'
          and ($1::text is null or workspace_id = $1)
        group by 1, 2, 3`,
      scope,
    );
    const { rows } = await client.query<{ id: string }>(
      `insert into health_snapshots (workspace_id, computed_at)
       select id, now() from workspaces where $1::text is null or id = $1
       on conflict (workspace_id) do update set computed_at = excluded.computed_at
       returning workspace_id as id`,
      scope,
    );
    return rows.map((row) => row.id);
  });
  for (const id of workspaces) await recordBand(pool, id);
  return workspaces.length;
}

/** Analytics: a band that differs from the last one recorded is a transition. */
async function recordBand(pool: Pool, workspaceId: string): Promise<void> {
  const read = await readHealthInputs(pool, workspaceId);
  if (!read.snapshot) return;
  const band: HealthBand = healthLine(read.snapshot, read.open, read.settings).band;
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ band: HealthBand | null }>(
      'select band from health_snapshots where workspace_id = $1 for update',
      [workspaceId],
    );
    const from = rows[0]?.band ?? null;
    if (from === band) return;
    await client.query('update health_snapshots set band = $2 where workspace_id = $1', [workspaceId, band]);
    await client.query('insert into health_band_transitions (workspace_id, from_band, to_band) values ($1, $2, $3)', [
      workspaceId,
      from,
      band,
    ]);
  });
}

type SettingsRow = { healthy_ceiling: number | null; quiet_days: number | null; health_hidden_until: Date | null };

/** A workspace's overrides, or the defaults when it has none (no row: every column null). */
function toSettings(row: SettingsRow | undefined): HealthSettings {
  return row?.healthy_ceiling != null && row.quiet_days != null
    ? { healthyCeiling: row.healthy_ceiling, quietDays: row.quiet_days, hiddenUntil: row.health_hidden_until?.toISOString() ?? null }
    : { ...HEALTH_DEFAULTS, hiddenUntil: null };
}

export async function healthSettings(db: Queryable, workspaceId: string): Promise<HealthSettings> {
  const { rows } = await db.query<SettingsRow>(
    'select healthy_ceiling, quiet_days, health_hidden_until from workspace_settings where workspace_id = $1',
    [workspaceId],
  );
  return toSettings(rows[0]);
}

export async function updateHealthSettings(
  db: Queryable,
  workspaceId: string,
  change: { healthyCeiling?: number; quietDays?: number; hiddenUntil?: string | null },
): Promise<HealthSettings> {
  await db.query(
    `insert into workspace_settings (workspace_id, healthy_ceiling, quiet_days, health_hidden_until)
     values ($1, coalesce($2, ${HEALTH_DEFAULTS.healthyCeiling}), coalesce($3, ${HEALTH_DEFAULTS.quietDays}), $4)
     on conflict (workspace_id) do update set
       healthy_ceiling = coalesce($2, workspace_settings.healthy_ceiling),
       quiet_days = coalesce($3, workspace_settings.quiet_days),
       health_hidden_until = case when $5 then $4 else workspace_settings.health_hidden_until end,
       updated_at = now()`,
    [workspaceId, change.healthyCeiling ?? null, change.quietDays ?? null, change.hiddenUntil ?? null, change.hiddenUntil !== undefined],
  );
  return healthSettings(db, workspaceId);
}

type Inputs = { snapshot: HealthSnapshot | null; open: number; settings: HealthSettings; now: Date };

type AgentRow = { agent_id: string; name: string; opened: number; host_prompts: number };

type InputsRow = SettingsRow & {
  computed_at: Date | null;
  now: Date;
  open: number;
  days: Array<{ ago: number; opened: number }>;
  agents: AgentRow[];
  since_opened: number;
  since_agents: AgentRow[];
  last_day_opened: number;
  last_day_agents: AgentRow[];
};

/**
 * The newest decisions opened after the roll-up was taken or in the last 24 hours, whichever
 * reaches further back, at most SINCE_ROLLUP_MAX: one backward walk of `decisions_queue_idx`
 * per status, so the cost stays flat however many opened (the roll-up runs hourly; a burst
 * larger than this is counted by its newest rows, and floods the line either way).
 */
const LIVE = `select n.agent_id, n.source_kind, n.created_at from (${DecisionStatus.map(
  (status) => `(select d.agent_id, d.source_kind, d.created_at from decisions d
                 where d.workspace_id = $1 and d.status = '${status}'
                   and d.created_at > least((select computed_at from snapshot), now() - interval '${BURST_WINDOW_MS / 1000} seconds')
                 order by d.created_at desc limit ${SINCE_ROLLUP_MAX})`,
).join(' union all ')}) n order by n.created_at desc limit ${SINCE_ROLLUP_MAX}`;

/**
 * How many of the live rows came after `bound`, in all and per agent (with its host's permission
 * prompts among them), as `<name>_opened` and `<name>_agents`.
 */
const openedAfter = (bound: string, name: string) => `
    cross join lateral (
      select coalesce(sum(g.opened), 0)::int as ${name}_opened,
             coalesce(json_agg(json_build_object('agent_id', g.agent_id, 'name', g.name, 'opened', g.opened,
                                                 'host_prompts', g.host_prompts))
                        filter (where g.name is not null), '[]') as ${name}_agents
        from (select l.agent_id, a.name, count(*)::int as opened,
                     (count(*) filter (where l.source_kind = '${HOST_PROMPT_SOURCE}'))::int as host_prompts
                from live l left join agents a on a.id = l.agent_id
               where l.created_at > ${bound}
               group by 1, 2) g) ${name}`;

// One statement: the queue reads this on every load, and each round trip costs more than its rows.
// Day 0 is the snapshot's own day; each day row says how many days before it.
const HEALTH_INPUTS = `
  with snapshot as (select computed_at from health_snapshots where workspace_id = $1),
       live as (${LIVE})
  select h.computed_at, now() as now, s.healthy_ceiling, s.quiet_days, s.health_hidden_until,
         -- The per-workspace counters (migration 0014): counting the open rows grows with them.
         -- "For me" (issue 41 item 1): the open count is the reader's, when their keys ($2) are given.
         (select coalesce(sum(n), 0)::int from decision_counts
           where workspace_id = $1 and status = 'open' and ($2::text[] is null or assignee_key = any($2::text[]))) as open,
         (select coalesce(json_agg(json_build_object('ago', x.ago, 'opened', x.opened)), '[]')
            from (select ((h.computed_at at time zone 'UTC')::date - r.day)::int as ago, sum(r.opened)::int as opened
                    from decision_rollups r where r.workspace_id = $1 group by 1) x) as days,
         (select coalesce(json_agg(json_build_object('agent_id', y.agent_id, 'name', y.name, 'opened', y.opened,
                                                     'host_prompts', y.host_prompts)), '[]')
            from (select r.agent_id, a.name, sum(r.opened)::int as opened, sum(r.host_prompts)::int as host_prompts
                    from decision_rollups r join agents a on a.id = r.agent_id
                   where r.workspace_id = $1 and r.day between (h.computed_at at time zone 'UTC')::date - ${MEDIAN_DAYS}
                                                           and (h.computed_at at time zone 'UTC')::date
                   group by 1, 2) y) as agents,
         since.since_opened, since.since_agents, last_day.last_day_opened, last_day.last_day_agents
    from (select $1::text as workspace_id) w
    left join health_snapshots h on h.workspace_id = w.workspace_id
    left join workspace_settings s on s.workspace_id = w.workspace_id
    -- What opened after the roll-up: "quiet" must see it, and the culprit may be behind it.
    ${openedAfter('h.computed_at', 'since')}
    -- What opened in the last 24 hours: a burst the median cannot see yet (domain/health.ts).
    ${openedAfter(`now() - interval '${BURST_WINDOW_MS / 1000} seconds'`, 'last_day')}`;

const byAgent = (rows: AgentRow[]) =>
  rows.map((agent) => ({ agentId: agent.agent_id, name: agent.name, opened: agent.opened, hostPrompts: agent.host_prompts }));

async function readHealthInputs(db: Queryable, workspaceId: string, keys: string[] | null = null): Promise<Inputs> {
  const { rows } = await db.query<InputsRow>(prepared(db, HEALTH_INPUTS, [workspaceId, keys]));
  const row = rows[0]!;
  const settings = toSettings(row);
  if (!row.computed_at) return { snapshot: null, open: row.open, settings, now: row.now };
  const opened = Array<number>(ROLLUP_DAYS).fill(0);
  for (const day of row.days) if (day.ago >= 0 && day.ago < ROLLUP_DAYS) opened[day.ago] = day.opened;
  return {
    snapshot: {
      computedAt: row.computed_at.toISOString(),
      opened,
      byAgent: byAgent(row.agents),
      since: { opened: row.since_opened, byAgent: byAgent(row.since_agents) },
      lastDay: { opened: row.last_day_opened, byAgent: byAgent(row.last_day_agents) },
    },
    open: row.open,
    settings,
    now: row.now,
  };
}

/**
 * The queue's health line, or null when it is hidden or cannot be read (FR-55). With `keys` ("For me", issue 41 item 1) its open count is what is
 * addressed to the reader; how often agents ask stays the workspace's, as its owner needs it.
 */
export async function queueHealth(db: Queryable, workspaceId: string, keys: string[] | null = null): Promise<HealthLine | null> {
  const inputs = await readHealthInputs(db, workspaceId, keys);
  return visibleHealth(inputs.snapshot, inputs.open, inputs.settings, inputs.now);
}
