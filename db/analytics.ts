/**
 * Product analytics for a workspace (AW-03 "Observability"): decisions per day, time to
 * decide (first view → resolution), asks per decision, restart outcomes, undo rate and
 * health band transitions, over a trailing window.
 */
import type { Analytics } from '../domain/analytics';
import type { HealthBand } from '../domain/health';
import type { Pool } from './pool';

export type { Analytics };

export async function workspaceAnalytics(pool: Pool, workspaceId: string, days: number): Promise<Analytics> {
  const since = `now() - make_interval(days => $2)`;
  const params = [workspaceId, days];
  const [perDay, decide, asks, outcomes, undo, bands] = await Promise.all([
    pool.query<{ day: string; opened: number }>(
      `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(count(x.id), 0)::int as opened
         from generate_series((now() at time zone 'UTC')::date - ($2::int - 1), (now() at time zone 'UTC')::date, interval '1 day') as d (day)
         left join decisions x on x.workspace_id = $1 and (x.created_at at time zone 'UTC')::date = d.day::date
        group by d.day order by d.day`,
      params,
    ),
    pool.query<{ p50: number | null; p90: number | null; decided: number }>(
      `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.9) within group (order by ms) as p90, count(*)::int as decided
         from (select extract(epoch from (resolved_at - first_viewed_at)) * 1000 as ms from decisions
                where workspace_id = $1 and resolved_at > ${since} and first_viewed_at is not null and resolved_at >= first_viewed_at) t`,
      params,
    ),
    pool.query<{ mean: number | null }>(
      `select avg(asks_total)::float as mean from decisions where workspace_id = $1 and created_at > ${since}`,
      params,
    ),
    pool.query<{ kind: string; count: number }>(
      `select snapshot -> 'delivery' ->> 'kind' as kind, count(*)::int as count from decisions
        where workspace_id = $1 and resolved_at > ${since} and snapshot -> 'delivery' <> 'null'::jsonb group by 1`,
      params,
    ),
    pool.query<{ answered: number; undone: number }>(
      `select count(*) filter (where kind = 'answered')::int as answered, count(*) filter (where kind = 'undone')::int as undone
         from activity where workspace_id = $1 and subject_kind = 'decision' and at > ${since}`,
      params,
    ),
    pool.query<{ from_band: HealthBand | null; to_band: HealthBand; at: Date }>(
      `select from_band, to_band, at from health_band_transitions where workspace_id = $1 and at > ${since} order by seq`,
      params,
    ),
  ]);
  const answers = undo.rows[0]?.answered ?? 0;
  const undone = undo.rows[0]?.undone ?? 0;
  return {
    days,
    decisionsPerDay: perDay.rows,
    timeToDecideMs: {
      p50: decide.rows[0]?.p50 === null || decide.rows[0]?.p50 === undefined ? null : Math.round(decide.rows[0].p50),
      p90: decide.rows[0]?.p90 === null || decide.rows[0]?.p90 === undefined ? null : Math.round(decide.rows[0].p90),
      decided: decide.rows[0]?.decided ?? 0,
    },
    asksPerDecision: asks.rows[0]?.mean ?? null,
    restartOutcomes: Object.fromEntries(outcomes.rows.map((row) => [row.kind, row.count])),
    undo: { answers, undone, rate: answers > 0 ? undone / answers : null },
    bandTransitions: bands.rows.map((row) => ({ from: row.from_band, to: row.to_band, at: row.at.toISOString() })),
  };
}
