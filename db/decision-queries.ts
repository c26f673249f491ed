/**
 * Read-model queries for decisions. Reads never touch Temporal: the rows are what the
 * workflows mirrored. Every query is scoped by workspace, so another workspace's id is
 * simply not found.
 */
import type { AskKind } from '../domain/ask';
import type { DecisionSnapshot, DecisionView } from '../domain/decision';
import { toDecisionView } from '../domain/decision-state';
import { RECURRING_DAYS, RECURRING_MIN } from '../domain/recurring';
import {
  answeredByActor,
  DORMANT_AFTER_DAYS,
  QUEUE_PAGE_MAX,
  TAB_STATUSES,
  type QueuePage as QueuePageView,
  type QueueTab,
} from '../domain/queue';
import { HEARTBEAT_TIMEOUT_MS } from '../domain/session';
import { messagesSince } from '../domain/staleness';
import { recordActivity } from './activity';
import { hostPromptWaiting, waitingOnPerson } from './waiting-on-person';
import { withTransaction, prepared, type Pool } from './pool';
import type { Principal } from '../domain/principal';
import type { AnswerPolicy, Assignment } from '../domain/assignment';
import { ASSIGNMENT_JOINS, assignmentSql } from './assignments';

type Row = { snapshot: DecisionSnapshot; first_viewed_at: Date | null };

function toView(row: Row): DecisionView {
  return toDecisionView(row.snapshot, row.first_viewed_at?.toISOString() ?? null);
}

/** Whose decisions a read reaches: the workspace's, or through an agent token that agent's alone. */
export type DecisionScope = { workspaceId: string; agentId?: string | null };

/** The decision, or null when it is missing, another workspace's, or (for an agent) another agent's. */
export async function getDecision(pool: Pool, scope: DecisionScope, id: string): Promise<DecisionView | null> {
  const { rows } = await pool.query<Row>(
    prepared(
      pool,
      'select snapshot, first_viewed_at from decisions where workspace_id = $1 and id = $2 and ($3::text is null or agent_id = $3)',
      [scope.workspaceId, id, scope.agentId ?? null],
    ),
  );
  return rows[0] ? toView(rows[0]) : null;
}

/**
 * When a person first opened the decision (FR-14), or null; undefined when the workspace has no
 * such decision. Only the column: a write's reply is its workflow's snapshot, so what the read
 * model adds to it is this one timestamp, not the row's copy of the snapshot.
 */
export async function firstViewedAt(pool: Pool, workspaceId: string, id: string): Promise<string | null | undefined> {
  const { rows } = await pool.query<{ first_viewed_at: Date | null }>(
    prepared(pool, 'select first_viewed_at from decisions where workspace_id = $1 and id = $2', [workspaceId, id]),
  );
  return rows[0] ? (rows[0].first_viewed_at?.toISOString() ?? null) : undefined;
}

/**
 * Records the first time a person opened the decision (FR-14), with its activity entry, in
 * one transaction; returns that time only the first time.
 */
export async function markFirstViewed(pool: Pool, principal: Principal, id: string): Promise<string | null> {
  return withTransaction(pool, async (client) => {
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
  /** Issue 42 item 6: answered by this rule (an answer that stands, not one taken back). */
  answeredBy?: string;
  /** "For me" (issue 41 item 1): only what is addressed to the reader, their teams, or nobody (the reader's keys). */
  forMe?: boolean;
  limit: number;
  offset: number;
};

/**
 * Who reads the queue, for each card's assignment: their "For me" keys, the workspace's policy,
 * and whether their role answers anything (an admin). Without one, the card reads as everyone's.
 */
export type QueueReader = { keys: string[]; policy: AnswerPolicy; admin: boolean };
const EVERYONE: QueueReader = { keys: [''], policy: 'anyone', admin: false };

/** What the read model gives of a queue page; the route adds the health line and the paging. */
export type QueuePage = Pick<QueuePageView, 'decisions' | 'counts' | 'tabs' | 'history'>;

/** Posted blocking: the rule of domain/blocking.ts. An advisory decision is never blocking. */
const BLOCKING = "(d.mode = 'blocking')";

/** The session (by its alias) sent a heartbeat within the timeout and is not stopped: `live`. */
function heartbeatLive(session: string, liveSecondsParam: string): string {
  return `(${session}.stopped_at is null and ${session}.last_heartbeat_at >= now() - make_interval(secs => ${liveSecondsParam}))`;
}

/**
 * The session `s` can still receive an answer: the liveness rule of domain/session.ts, `live`
 * or `waiting` — a host blocked on its prompt sends no heartbeat, yet it waits on a person
 * (issue 31 item 7), so its decisions are not on an unresponsive session.
 */
function sessionReachable(liveSecondsParam: string): string {
  return `(${heartbeatLive('s', liveSecondsParam)} or (s.stopped_at is null and ${waitingOnPerson('s')}))`;
}

/**
 * Blocking is derived, never stored (DESIGN §3): posted blocking (domain/blocking.ts). The
 * rank group puts blocking decisions whose session can still receive an answer first (live,
 * or waiting on a person), then blocking ones on a stopped or unresponsive session, then
 * advisory ones (cast-decide "What you see").
 */
function rankGroup(liveSecondsParam: string): string {
  return `case
    when not ${BLOCKING} then 3
    when d.session_id is null then 1
    when ${sessionReachable(liveSecondsParam)} then 1
    else 2
  end`;
}

/** FR-50: open 30+ days, and neither its run nor its session is doing anything. */
function dormant(liveSecondsParam: string): string {
  return `(d.status = 'open' and d.created_at < now() - interval '${DORMANT_AFTER_DAYS} days'
    and not coalesce(r.status in ('queued', 'ready', 'running'), false)
    and not coalesce(${sessionReachable(liveSecondsParam)}, false))`;
}

const FROM = `from decisions d
  left join sessions s on s.workspace_id = d.workspace_id and s.id = d.session_id
  left join stack_members sm on sm.decision_id = d.id
  left join stacks st on st.id = sm.stack_id`;

/** Issue 39 item 1: how many of its stack's members share its status — the stack group's "and N more". */
const STACK_MEMBERS = `case when st.id is not null then
    (select count(*)::int from stack_members sm2 join decisions d2 on d2.id = sm2.decision_id
      where sm2.stack_id = st.id and d2.status = d.status) end`;

/** FR-56: how often its agent raised this decision in the trailing 14 days (it included). */
const ASKED = `case when d.fingerprint is not null and d.created_at > now() - interval '${RECURRING_DAYS} days' then
    (select count(*)::int from decisions d2
      where d2.workspace_id = d.workspace_id and d2.fingerprint = d.fingerprint
        and d2.created_at > now() - interval '${RECURRING_DAYS} days') end`;

/** Overdue stacks are listed before everything else (cast-decide "Decision stacks"). */
const STACK_OVERDUE = "coalesce(st.status = 'open' and st.due_at < now(), false)";

function filters(query: Omit<QueueQuery, 'tab' | 'limit' | 'offset'>, params: unknown[], reader: QueueReader = EVERYONE): string {
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
  if (query.forMe) add('d.assignee_key = any(?::text[])', reader.keys);
  // Containment on the mirrored snapshot: an ask whose standing answer's provenance names the rule.
  const answeredBy = query.answeredBy ? answeredByActor(query.answeredBy) : null;
  if (answeredBy) add("d.snapshot->'asks' @> ?::jsonb", JSON.stringify([{ answer: { provenance: { actor: answeredBy } } }]));
  return where.map((clause) => ` and ${clause}`).join('');
}

type CardRow = {
  assignment: Assignment;
  blocking: boolean;
  dormant: boolean;
  agent_name: string | null;
  task_title: string | null;
  scope: string | null;
  session_messages: number | null;
  stack_id: string | null;
  stack_title: string | null;
  stack_position: number | null;
  stack_due_at: Date | null;
  stack_overdue: boolean;
  stack_members: number | null;
  asked: number | null;
};

type FactsRow = QueuePage['counts'] & { answered: number; archived: number; decisions: number; last_opened_at: Date | null };

/**
 * The part of the rank a decision's own row fixes, its posted class (migration 0014, whose
 * index `decisions_open_class_idx` is on exactly this expression and WEIGHT):
 *   1  posted blocking, no session: always group 1;
 *   2  posted blocking, with a session: group 1 while the session can receive (live, or waiting
 *      on a person), else group 2;
 *   3  advisory: group 3.
 */
function postedClass(alias: string): string {
  return `case when ${alias}.mode = 'advisory' then 3 when ${alias}.session_id is null then 1 else 2 end`;
}

const WEIGHT = 'coalesce(d.confidence, 0.5)';
/** The workspace parameter, opaque to the planner (see openWindowSql). */
const WS = '(select $1::text)';
/** The reader's "For me" keys, the fast read's fourth parameter, as opaque as the workspace. */
const KEYS = '(select $4::text[])::text[]';
const LIVE_SECONDS = HEARTBEAT_TIMEOUT_MS / 1000;

/**
 * The Open tab's first rows of the whole workspace without sorting every open decision. The
 * open decisions fall into five disjoint parts, each readable in rank order:
 *   - members of overdue stacks (few: ranked in full);
 *   - class 1, in index order: group 1;
 *   - class 2 on each session that can receive (few: the live ones, and those waiting on a
 *     person, found from the open host prompts of migration 0022's index): group 1;
 *   - class 2 on any other session, in index order: group 2;
 *   - class 3, in index order: group 3.
 * The first `window` rows of the queue are among the first `window` of each part, so each
 * part reads at most that many (the index walks also pass over the few rows of the small
 * parts), and only their union is sorted. The small sets (the sessions that can receive,
 * overdue stacks' members) are computed once; the walks test them as hashed subplans (`not
 * in`), filters that keep the index order, so no plan can trade it for a sort. The sessions
 * that can receive are read from two indexes, never from every session of the workspace: the
 * live ones from sessions_live_idx, the waiting ones from the open host prompts (migration
 * 0022's index), each prompt's session probed by its key — a scalar subquery, which the planner
 * cannot turn into a join reading every session (and which is null for a prompt of no session,
 * so no null reaches `live`, where it would spoil every `not in`). A `union`, so a session both
 * live and waiting is walked once. The window is a literal (a few sizes, one prepared
 * statement each).
 *
 * The parameters ($1 workspace, $2 limit, $3 offset) are read through `(select $n)`, which
 * the planner cannot see into: the plan is then the same whatever the values, so Postgres
 * keeps one generic plan for the statement instead of planning it on every read (planning
 * this statement costs several times running it). The plan needs no estimate to be right.
 */
function openWindowSql(window: number, keyed: boolean): string {
  const rankKeys = `${WEIGHT} desc, d.created_at, d.number`;
  const walk = (where: string) => `d.workspace_id = ${WS} and d.status = 'open' and ${where}
          and d.id not in (select id from overdue)
        order by ${rankKeys} limit ${window}`;
  const mine = keyed ? ` and d.assignee_key = any(${KEYS})` : '';
  // "For me" walks each of its keys' part of migration 0038's index, in rank order, a window each.
  const part = (columns: string, where: string) =>
    keyed
      ? `(select x.* from unnest(${KEYS}) k(key) cross join lateral (
           select ${columns} from decisions d where ${walk(`d.assignee_key = k.key and ${where}`)}) x)`
      : `(select ${columns} from decisions d
        where ${walk(where)})`;
  const row = (blocking: boolean, group: number) =>
    `d.id, d.created_at, d.number, ${WEIGHT} as weight, ${blocking} as blocking, ${group} as rank_group, false as stack_overdue`;
  return `live as materialized (
      select s.id from sessions s where s.workspace_id = ${WS} and ${heartbeatLive('s', String(LIVE_SECONDS))}
      union
      select hp.session_id from decisions hp
       where hp.workspace_id = ${WS} and ${hostPromptWaiting('hp')}
         and (select s.stopped_at is null from sessions s where s.workspace_id = hp.workspace_id and s.id = hp.session_id)),
    overdue as materialized (
      select d.id, d.created_at, d.number, ${WEIGHT} as weight, ${postedClass('d')} < 3 as blocking,
             case when ${postedClass('d')} = 3 then 3
                  when d.session_id is null or d.session_id in (select id from live) then 1 else 2 end as rank_group,
             true as stack_overdue
        from stacks st
        join stack_members sm on sm.stack_id = st.id
        join decisions d on d.id = sm.decision_id
       where st.workspace_id = ${WS} and st.status = 'open' and st.due_at < now() and d.workspace_id = ${WS} and d.status = 'open'${mine}),
    w as materialized (
      (select * from overdue order by rank_group, weight desc, created_at, number limit ${window})
      union all
      ${part(row(true, 1), `${postedClass('d')} = 1`)}
      union all
      (select x.* from live l cross join lateral (
         select ${row(true, 1)}
           from decisions d
          where d.session_id = l.id${mine} and ${walk(`${postedClass('d')} = 2`)}) x)
      union all
      ${part(row(true, 2), `${postedClass('d')} = 2 and d.session_id not in (select id from live)`)}
      union all
      ${part(row(false, 3), `${postedClass('d')} = 3`)})`;
}

/** Window sizes of the Open tab's fast read; a page reaching past the largest is ranked in full. */
const OPEN_WINDOWS = [32, 128, 512, 1024] as const;

/** The page's rows joined with the card's facts; `p` holds the ranked ids and keys. */
function cardSql(liveSecondsParam: string, keys: string[], reader: [string, string, string]): string {
  return `select d.snapshot, d.first_viewed_at, p.blocking, p.rank_group, ${assignmentSql(...reader)} as assignment,
            ${dormant(liveSecondsParam)} as dormant, st.id as stack_id, st.title as stack_title, sm.position as stack_position,
            st.due_at as stack_due_at, p.stack_overdue, ${ASKED} as asked, ${STACK_MEMBERS} as stack_members,
            a.name as agent_name, case when t.deleted_at is null then t.title end as task_title, d.scope,
            s.message_count as session_messages
       from p join decisions d on d.id = p.id
       left join runs r on r.id = d.run_id
       left join tasks t on t.id = d.task_id
       left join sessions s on s.workspace_id = d.workspace_id and s.id = d.session_id
       left join stack_members sm on sm.decision_id = d.id
       left join stacks st on st.id = sm.stack_id
       left join agents a on a.id = d.agent_id
       ${ASSIGNMENT_JOINS}
      order by ${keys.map((key) => `p.${key}`).join(', ')}`;
}

const OPEN_KEYS = ['stack_overdue desc', 'rank_group', 'weight desc', 'created_at', 'number'];
const CLOSED_KEYS = ['closed_at desc nulls last', 'number desc'];

/**
 * The workspace's whole-history facts, from the counters (migration 0014) and one index probe
 * per status: never a count of rows. The workspace reaches the planner as `(select $1)`, as
 * in openWindowSql: one generic plan, kept.
 */
const HISTORY = `(select coalesce(sum(n), 0)::int from decision_counts where workspace_id = ${WS}) as decisions,
       (select max((select max(hd.created_at) from decisions hd where hd.workspace_id = c.workspace_id and hd.status = c.status))
          from decision_counts c where c.workspace_id = ${WS} and c.n > 0) as last_opened_at`;

/** A tab's statuses as an SQL array literal: constants from domain/queue.ts, never input. */
const tabStatuses = (tab: QueueTab) => `'{${TAB_STATUSES[tab].join(',')}}'::text[]`;

/**
 * Counts of the unfiltered queue, all from the counters (blocking is the posted mode alone), and
 * the two closed tabs' counts for the tabs themselves. $1 workspace, $2 the tab's statuses.
 */
const countsUnfiltered = (keyed: boolean) => `select coalesce(sum(c.n) filter (where c.status = 'open'), 0)::int as open,
            coalesce(sum(c.n) filter (where c.status = 'open' and c.mode = 'blocking'), 0)::int as blocking,
            coalesce(sum(c.n) filter (where c.status = any ((select $2::text[])::text[])), 0)::int as total,
            coalesce(sum(c.n) filter (where c.status = any (${tabStatuses('answered')})), 0)::int as answered,
            coalesce(sum(c.n) filter (where c.status = any (${tabStatuses('archived')})), 0)::int as archived,
            ${HISTORY}
       from decision_counts c where c.workspace_id = ${WS}${keyed ? ' and c.assignee_key = any((select $3::text[])::text[])' : ''}`;

export type QueuePlan = 'fast' | 'general';

/**
 * One page of a queue tab, ranked (FR-4 with DESIGN §3's groups), with counts for the whole
 * filter. Two statements, each prepared once per connection (the queue is read often, and
 * planning these joins costs as much as running them):
 *   - the page: the Open tab unfiltered (the hot path) merges the index-ordered parts of
 *     openWindowSql; a filtered view, a closed tab, or a page past the largest window ranks
 *     every matching decision on narrow columns; either way the wide snapshot and the card's
 *     facts are joined for the page's rows alone;
 *   - the counts (the header's, and each tab's for the tabs): unfiltered, from the
 *     per-workspace counters; filtered, one scan of the matching rows; the workspace's
 *     history from the counters.
 * `plan: 'general'` ranks and counts the slow way whatever the query (tests compare the two).
 */
export async function listQueue(
  pool: Pool,
  workspaceId: string,
  query: QueueQuery,
  options: { plan?: QueuePlan; reader?: QueueReader } = {},
): Promise<QueuePage> {
  const reader = options.reader ?? EVERYONE;
  const params: unknown[] = [workspaceId];
  const filter = filters(query, params, reader);
  const n = params.length;
  const status = TAB_STATUSES[query.tab];
  const limit = Math.min(query.limit, QUEUE_PAGE_MAX);
  const general = options.plan === 'general';
  // "For me" alone keeps the fast read: its walks and counters carry the assignee (migration 0038).
  const narrowed = filters({ ...query, forMe: false }, []) !== '';
  const window = general || narrowed || query.tab !== 'open' ? undefined : OPEN_WINDOWS.find((size) => size >= query.offset + limit);
  const keyed = Boolean(query.forMe);

  const page = window
    ? pool.query<Row & CardRow>(
        prepared(
          pool,
          `with ${openWindowSql(window, keyed)},
                p as (select * from w order by ${OPEN_KEYS.join(', ')} limit (select $2::int) offset (select $3::int))
           ${cardSql(String(LIVE_SECONDS), OPEN_KEYS, ['$4::text[]', '$5::text', '$6::boolean'])}`,
          [workspaceId, limit, query.offset, reader.keys, reader.policy, reader.admin],
        ),
      )
    : pool.query<Row & CardRow>(
        prepared(
          pool,
          `with p as materialized (
             select d.id, d.created_at, d.closed_at, d.number, ${WEIGHT} as weight,
                    ${BLOCKING} as blocking, ${rankGroup(`$${n + 2}`)} as rank_group, ${STACK_OVERDUE} as stack_overdue
               ${FROM}
              where d.workspace_id = $1 and d.status = any ($${n + 1}::text[])${filter}
              order by ${(query.tab === 'open' ? OPEN_KEYS : CLOSED_KEYS).join(', ')}
              limit $${n + 3} offset $${n + 4})
           ${cardSql(`$${n + 2}`, query.tab === 'open' ? OPEN_KEYS : CLOSED_KEYS, [`$${n + 5}::text[]`, `$${n + 6}::text`, `$${n + 7}::boolean`])}`,
          [...params, status, LIVE_SECONDS, limit, query.offset, reader.keys, reader.policy, reader.admin],
        ),
      );
  const facts =
    narrowed || general
      ? pool.query<FactsRow>(
          prepared(
            pool,
            `select f.*, ${HISTORY}
               from (select count(*) filter (where d.status = 'open')::int as open,
                            count(*) filter (where d.status = 'open' and ${BLOCKING})::int as blocking,
                            count(*) filter (where d.status = any ($${n + 1}::text[]))::int as total,
                            count(*) filter (where d.status = any (${tabStatuses('answered')}))::int as answered,
                            count(*) filter (where d.status = any (${tabStatuses('archived')}))::int as archived
                       ${FROM}
                      where d.workspace_id = $1${filter}) f`,
            [...params, status],
          ),
        )
      : pool.query<FactsRow>(prepared(pool, countsUnfiltered(keyed), keyed ? [workspaceId, status, reader.keys] : [workspaceId, status]));
  const [rows, totals] = await Promise.all([page, facts]).then(([p, f]) => [p.rows, f.rows[0]] as const);
  return {
    decisions: rows.map((row) => ({
      ...toView(row),
      blocking: row.blocking,
      messagesSince: row.session_messages === null ? null : messagesSince(row.snapshot.messagesAtAsk, row.session_messages),
      dormant: row.dormant,
      askedTimes: row.asked !== null && row.asked >= RECURRING_MIN ? row.asked : null,
      stackPlace: row.stack_id
        ? {
            id: row.stack_id,
            title: row.stack_title!,
            position: row.stack_position!,
            dueAt: row.stack_due_at?.toISOString() ?? null,
            overdue: row.stack_overdue,
            members: row.stack_members ?? 1,
          }
        : null,
      agentName: row.agent_name,
      taskTitle: row.task_title,
      scope: row.scope,
      assignment: row.assignment,
    })),
    counts: { open: totals?.open ?? 0, blocking: totals?.blocking ?? 0, total: totals?.total ?? 0 },
    tabs: { open: totals?.open ?? 0, answered: totals?.answered ?? 0, archived: totals?.archived ?? 0 },
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
  reader?: QueueReader,
): Promise<{ ids: string[]; matched: number }> {
  const params: unknown[] = [workspaceId];
  const filter = filters(query, params, reader);
  const { rows } = await pool.query<{ id: string; matched: number }>(
    `select d.id, count(*) over ()::int as matched ${FROM}
      where d.workspace_id = $1 and d.status = 'open'${filter}
      order by d.created_at, d.number limit $${params.length + 1}`,
    [...params, limit],
  );
  return { ids: rows.map((row) => row.id), matched: rows[0]?.matched ?? 0 };
}

/**
 * FR-47: how many decisions the filter matches were answered at or after `since` (when the
 * person saw the count), leaving out `except` (the ones Archive all tried, counted by their refusal).
 */
export async function countResolvedSince(
  pool: Pool,
  workspaceId: string,
  query: Omit<QueueQuery, 'tab' | 'limit' | 'offset'>,
  since: string,
  except: string[],
  reader?: QueueReader,
): Promise<number> {
  const params: unknown[] = [workspaceId, since, except];
  const filter = filters(query, params, reader);
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count ${FROM}
      where d.workspace_id = $1 and d.status = 'resolved' and d.resolved_at >= $2 and not (d.id = any($3))${filter}`,
    params,
  );
  return rows[0]?.count ?? 0;
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

/** Moves the number sequence `count` further on (gaps are fine: numbers only have to be unique). */
export async function skipDecisionNumbers(pool: Pool, count: number): Promise<void> {
  await pool.query(`select setval('decision_number_seq', nextval('decision_number_seq') + $1)`, [count]);
}
