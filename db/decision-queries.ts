/**
 * Read-model queries for decisions. Reads never touch Temporal: the rows are what the
 * workflows mirrored. Every query is scoped by workspace, so another workspace's id is
 * simply not found.
 */
import type { AskKind } from '../domain/ask';
import type { DecisionSnapshot, DecisionView } from '../domain/decision';
import { toDecisionView } from '../domain/decision-state';
import { RECURRING_DAYS, RECURRING_MIN } from '../domain/recurring';
import { DORMANT_AFTER_DAYS, QUEUE_PAGE_MAX, type QueueCardFacts, type QueueTab } from '../domain/queue';
import { HEARTBEAT_TIMEOUT_MS } from '../domain/session';
import { recordActivity } from './activity';
import { inTransaction, prepared, type Pool } from './pool';
import type { Principal } from './tenancy';

type Row = { snapshot: DecisionSnapshot; first_viewed_at: Date | null };

function toView(row: Row): DecisionView {
  return toDecisionView(row.snapshot, row.first_viewed_at?.toISOString() ?? null);
}

export async function getDecision(pool: Pool, workspaceId: string, id: string): Promise<DecisionView | null> {
  const { rows } = await pool.query<Row>(
    prepared(pool, 'select snapshot, first_viewed_at from decisions where workspace_id = $1 and id = $2', [workspaceId, id]),
  );
  return rows[0] ? toView(rows[0]) : null;
}

/**
 * Records the first time a person opened the decision (FR-14), with its activity entry, in
 * one transaction; returns that time only the first time.
 */
export async function markFirstViewed(pool: Pool, principal: Principal, id: string): Promise<string | null> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ first_viewed_at: Date }>(
      `update decisions set first_viewed_at = now()
        where workspace_id = $1 and id = $2 and first_viewed_at is null returning first_viewed_at`,
      [principal.workspaceId, id],
    );
    const first = rows[0]?.first_viewed_at.toISOString() ?? null;
    if (first) {
      await recordActivity(client, {
        workspaceId: principal.workspaceId,
        subjectKind: 'decision',
        subjectId: id,
        kind: 'viewed',
        actorKind: 'member',
        actorId: principal.memberId,
      });
    }
    return first;
  });
}

export type QueueQuery = {
  tab: QueueTab;
  agent?: string;
  task?: string;
  mission?: string;
  kind?: AskKind;
  session?: string;
  stack?: string;
  search?: string;
  limit: number;
  offset: number;
};

export type QueuePage = {
  decisions: Array<DecisionView & QueueCardFacts>;
  counts: { open: number; blocking: number; total: number };
  /** Whole-workspace facts for the empty states: never had one (§6.8), or quiet (§6.7). */
  history: { decisions: number; lastOpenedAt: string | null };
};

const TAB_STATUS: Record<QueueTab, string> = { open: 'open', answered: 'resolved', archived: 'archived' };

// coalesce: with no run or task joined, `r.status = 'parked'` is null, and null is not false.
const BLOCKING = "(d.mode = 'blocking' or coalesce(r.status = 'parked', false) or coalesce(t.status = 'blocked', false))";

/**
 * Blocking is derived, never stored (DESIGN §3): posted blocking, or its run is parked, or
 * its task is blocked. The rank group puts blocking decisions whose session can still
 * receive an answer first, then blocking ones on a stopped or unresponsive session (the
 * liveness rule of domain/session.ts), then the rest.
 */
function sessionLive(liveSecondsParam: string): string {
  return `(s.stopped_at is null and s.last_heartbeat_at >= now() - make_interval(secs => ${liveSecondsParam}))`;
}

function rankGroup(liveSecondsParam: string): string {
  return `case
    when not ${BLOCKING} then 3
    when d.session_id is null then 1
    when ${sessionLive(liveSecondsParam)} then 1
    else 2
  end`;
}

/** FR-50: open 30+ days, and neither its run nor its session is doing anything. */
function dormant(liveSecondsParam: string): string {
  return `(d.status = 'open' and d.created_at < now() - interval '${DORMANT_AFTER_DAYS} days'
    and not coalesce(r.status in ('queued', 'ready', 'running'), false)
    and not coalesce(${sessionLive(liveSecondsParam)}, false))`;
}

const FROM = `from decisions d
  left join runs r on r.id = d.run_id
  left join tasks t on t.id = d.task_id
  left join sessions s on s.workspace_id = d.workspace_id and s.id = d.session_id
  left join stack_members sm on sm.decision_id = d.id
  left join stacks st on st.id = sm.stack_id`;

/** FR-56: how often its agent raised this decision in the trailing 14 days (it included). */
const ASKED = `case when d.fingerprint is not null and d.created_at > now() - interval '${RECURRING_DAYS} days' then
    (select count(*)::int from decisions d2
      where d2.workspace_id = d.workspace_id and d2.fingerprint = d.fingerprint
        and d2.created_at > now() - interval '${RECURRING_DAYS} days') end`;

/** Overdue stacks are listed before everything else (cast-decide "Decision stacks"). */
const STACK_OVERDUE = "coalesce(st.status = 'open' and st.due_at < now(), false)";

function filters(query: Omit<QueueQuery, 'tab' | 'limit' | 'offset'>, params: unknown[]): string {
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (query.agent) add('d.agent_id = ?', query.agent);
  if (query.task) add('d.task_id = ?', query.task);
  if (query.mission) add('d.mission_id = ?', query.mission);
  if (query.kind) add('? = any(d.ask_kinds)', query.kind);
  if (query.session) add('d.session_id = ?', query.session);
  if (query.stack) add('sm.stack_id = ?', query.stack);
  if (query.search) add("d.question ilike '%' || ? || '%'", query.search.replace(/[\\%_]/g, '\\$&'));
  return where.map((clause) => ` and ${clause}`).join('');
}

type CardRow = {
  blocking: boolean;
  dormant: boolean;
  agent_name: string | null;
  task_title: string | null;
  scope: string | null;
  stack_id: string | null;
  stack_title: string | null;
  stack_position: number | null;
  stack_due_at: Date | null;
  stack_overdue: boolean;
  asked: number | null;
};

/**
 * One page of a queue tab, ranked (FR-4 with DESIGN §3's groups), with counts for the whole
 * filter. Two statements, each prepared once per connection (the queue is read often, and
 * planning these joins costs as much as running them):
 *   - the page ranks every matching decision on narrow columns only, then joins the wide
 *     snapshot and the card's facts for the page's rows alone;
 *   - the counts and the workspace's history share one scan.
 */
export async function listQueue(pool: Pool, workspaceId: string, query: QueueQuery): Promise<QueuePage> {
  const params: unknown[] = [workspaceId];
  const filter = filters(query, params);
  const n = params.length;
  const status = TAB_STATUS[query.tab];
  const keys =
    query.tab === 'open'
      ? ['stack_overdue desc', 'rank_group', 'weight desc', 'created_at', 'number']
      : ['closed_at desc nulls last', 'number desc'];
  const pageSql = `with p as materialized (
       select d.id, d.created_at, d.closed_at, d.number, coalesce(d.confidence, 0.5) as weight,
              ${BLOCKING} as blocking, ${rankGroup(`$${n + 2}`)} as rank_group, ${STACK_OVERDUE} as stack_overdue
         ${FROM}
        where d.workspace_id = $1 and d.status = $${n + 1}${filter}
        order by ${keys.join(', ')}
        limit $${n + 3} offset $${n + 4})
     select d.snapshot, d.first_viewed_at, p.blocking, p.rank_group,
            ${dormant(`$${n + 2}`)} as dormant, st.id as stack_id, st.title as stack_title, sm.position as stack_position,
            st.due_at as stack_due_at, p.stack_overdue, ${ASKED} as asked,
            a.name as agent_name, case when t.deleted_at is null then t.title end as task_title, s.scope
       from p join decisions d on d.id = p.id
       left join runs r on r.id = d.run_id
       left join tasks t on t.id = d.task_id
       left join sessions s on s.workspace_id = d.workspace_id and s.id = d.session_id
       left join stack_members sm on sm.decision_id = d.id
       left join stacks st on st.id = sm.stack_id
       left join agents a on a.id = d.agent_id
      order by ${keys.map((key) => `p.${key}`).join(', ')}`;
  const factsSql = `select count(*) filter (where d.status = 'open'${filter})::int as open,
            count(*) filter (where d.status = 'open' and ${BLOCKING}${filter})::int as blocking,
            count(*) filter (where d.status = $${n + 1}${filter})::int as total,
            count(*)::int as decisions, max(d.created_at) as last_opened_at
       ${FROM}
      where d.workspace_id = $1`;
  const [page, facts] = await Promise.all([
    pool.query<Row & CardRow>(
      prepared(pool, pageSql, [...params, status, HEARTBEAT_TIMEOUT_MS / 1000, Math.min(query.limit, QUEUE_PAGE_MAX), query.offset]),
    ),
    pool.query<QueuePage['counts'] & { decisions: number; last_opened_at: Date | null }>(prepared(pool, factsSql, [...params, status])),
  ]);
  const totals = facts.rows[0];
  return {
    decisions: page.rows.map((row) => ({
      ...toView(row),
      blocking: row.blocking,
      dormant: row.dormant,
      askedTimes: row.asked !== null && row.asked >= RECURRING_MIN ? row.asked : null,
      stackPlace: row.stack_id
        ? {
            id: row.stack_id,
            title: row.stack_title!,
            position: row.stack_position!,
            dueAt: row.stack_due_at?.toISOString() ?? null,
            overdue: row.stack_overdue,
          }
        : null,
      agentName: row.agent_name,
      taskTitle: row.task_title,
      scope: row.scope,
    })),
    counts: { open: totals?.open ?? 0, blocking: totals?.blocking ?? 0, total: totals?.total ?? 0 },
    history: { decisions: totals?.decisions ?? 0, lastOpenedAt: totals?.last_opened_at?.toISOString() ?? null },
  };
}

/**
 * Archive all's targets (FR-44, FR-45): the oldest `limit` open decisions the filter matches,
 * and how many it matches in all.
 */
export async function openDecisionIds(
  pool: Pool,
  workspaceId: string,
  query: Omit<QueueQuery, 'tab' | 'limit' | 'offset'>,
  limit: number,
): Promise<{ ids: string[]; matched: number }> {
  const params: unknown[] = [workspaceId];
  const filter = filters(query, params);
  const { rows } = await pool.query<{ id: string; matched: number }>(
    `select d.id, count(*) over ()::int as matched ${FROM}
      where d.workspace_id = $1 and d.status = 'open'${filter}
      order by d.created_at, d.number limit $${params.length + 1}`,
    [...params, limit],
  );
  return { ids: rows.map((row) => row.id), matched: rows[0]?.matched ?? 0 };
}

/** These decisions, in the order given; ids not in the workspace are left out. */
export async function decisionsByIds(pool: Pool, workspaceId: string, ids: string[]): Promise<DecisionView[]> {
  const { rows } = await pool.query<Row & { id: string }>(
    'select id, snapshot, first_viewed_at from decisions where workspace_id = $1 and id = any($2)',
    [workspaceId, ids],
  );
  const byId = new Map(rows.map((row) => [row.id, toView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function decisionStatuses(pool: Pool, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; status: string }>(
    'select id, status from decisions where workspace_id = $1 and id = any($2)',
    [workspaceId, ids],
  );
  return new Map(rows.map((row) => [row.id, row.status]));
}

/**
 * FR-49: open decisions whose backing work is gone — every linked run cancelled and every
 * linked task deleted, with at least one of them linked. Optionally only those linked to one
 * run or task (the API reacting to a cancellation or deletion as it happens).
 */
export async function decisionsWithWorkGone(
  db: Pool,
  scope: { workspaceId: string; runId?: string; taskId?: string } | null,
  limit = 500,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select d.id from decisions d
       left join runs r on r.id = d.run_id
       left join tasks t on t.id = d.task_id
      where d.status = 'open' and (d.run_id is not null or d.task_id is not null)
        and (d.run_id is null or r.status = 'cancelled')
        and (d.task_id is null or t.deleted_at is not null)
        and ($1::text is null or d.workspace_id = $1)
        and ($2::text is null or d.run_id = $2)
        and ($3::text is null or d.task_id = $3)
      order by d.created_at limit $4`,
    [scope?.workspaceId ?? null, scope?.runId ?? null, scope?.taskId ?? null, limit],
  );
  return rows.map((row) => row.id);
}

/** The task board's "Needs you" column: each task with open decisions, and how many. */
export async function openDecisionsByTask(pool: Pool, workspaceId: string): Promise<Array<{ taskId: string; openDecisions: number }>> {
  const { rows } = await pool.query<{ task_id: string; open: number }>(
    `select d.task_id, count(*)::int as open from decisions d join tasks t on t.id = d.task_id and t.deleted_at is null
      where d.workspace_id = $1 and d.status = 'open' and d.task_id is not null group by d.task_id`,
    [workspaceId],
  );
  return rows.map((row) => ({ taskId: row.task_id, openDecisions: row.open }));
}

/** A session's decisions, newest first (`cast decide ls`, and the card's "other open asks"). */
export async function listSessionDecisions(pool: Pool, workspaceId: string, sessionId: string): Promise<DecisionView[]> {
  const { rows } = await pool.query<Row>(
    `select snapshot, first_viewed_at from decisions
      where workspace_id = $1 and session_id = $2 order by created_at desc, number desc limit 100`,
    [workspaceId, sessionId],
  );
  return rows.map(toView);
}

export async function nextDecisionNumber(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select nextval('decision_number_seq') as n`);
  return rows[0]!.n;
}
