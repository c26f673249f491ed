/**
 * Writes a decision snapshot into the read model. Only a snapshot newer than the stored row
 * applies (the mirror rule, DESIGN §1): retries and reordering can never roll a row back.
 */
import { prepared, withTransaction, type Queryable } from '../db/pool';
import type { DecisionSnapshot } from '../domain/decision';
import { progress, type DecisionEvent } from '../domain/decision-state';
import { decisionOutboxEvents } from '../domain/outbox/decision-outbox-events';
import { decisionFingerprint } from '../domain/recurring';
import type { WebhookEventType, WebhookSubscribers } from '../domain/webhook';
import { bySubscribedType, subscribedEndpoints, type SubscriberRow } from '../db/webhooks';
import { postReasons } from './post-reasons';
import { followArchive, movesRecord } from './settle-record';

export type MirrorOutcome = 'applied' | 'stale';

/**
 * `outbox`: the change's events go to the outbox (issue 40 item 1). Decisions filed at workflow
 * version 4 or later ask for it; older ones announce from their workflow, as their histories did.
 */
export type MirrorOptions = { outbox?: boolean };

// The row lock taken by the upsert serialises concurrent mirrors of one decision; the WHERE
// re-checks the revision after the wait, so the older writer becomes a no-op, and the
// statements below it see no row and write nothing.
const MIRROR_CHANGES = `with prior as (
     -- The row as it was before this change: some events are announced only on a transition
     -- (domain/outbox/decision-outbox-events.ts). A concurrent mirror of the same revision
     -- loses at the upsert below, and then writes no events.
     select status, snapshot->'delivery' as delivery from decisions where id = $1
   ), upsert as (
     insert into decisions (id, number, workspace_id, question, context, status, mode, confidence,
       ask_kinds, asks_total, asks_required, asks_answered, session_id, agent_id, task_id, run_id,
       mission_id, filed_by, revision, snapshot, created_at, updated_at, resolved_at, closed_at, fingerprint, scope,
       assignee_member_id, assignee_team_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       $20, $21, $22, $23, $24, $25, $26,
       -- The assignee as filed (issue 41 item 1), like the scope written at insert alone: a
       -- person's reassignment writes these columns, and no later snapshot moves them back.
       case when $20::jsonb #>> '{links,assignee,kind}' = 'member' then $20::jsonb #>> '{links,assignee,id}' end,
       case when $20::jsonb #>> '{links,assignee,kind}' = 'team' then $20::jsonb #>> '{links,assignee,id}' end)
     on conflict (id) do update set
       question = excluded.question, context = excluded.context, status = excluded.status,
       mode = excluded.mode, confidence = excluded.confidence, ask_kinds = excluded.ask_kinds,
       asks_total = excluded.asks_total, asks_required = excluded.asks_required,
       asks_answered = excluded.asks_answered, revision = excluded.revision,
       snapshot = excluded.snapshot, updated_at = excluded.updated_at,
       resolved_at = excluded.resolved_at, closed_at = excluded.closed_at, fingerprint = excluded.fingerprint
     where decisions.revision < excluded.revision
     returning id, workspace_id, status
   ), entries as (
     insert into activity (workspace_id, subject_kind, subject_id, kind, actor_kind, actor_id, actor_label, detail)
     select u.workspace_id, 'decision', u.id, e.kind, e.actor_kind, e.actor_id, e.actor_label, coalesce(e.detail, '{}')
       from upsert u,
            rows from (jsonb_to_recordset($27::jsonb) as (kind text, actor_kind text, actor_id text, actor_label text, detail jsonb))
              with ordinality as e(kind, actor_kind, actor_id, actor_label, detail, position)
      order by e.position
   ), events as (
     insert into outbox_events (id, workspace_id, kind, subject_kind, subject_id, data, occurred_at)
     select e.id, u.workspace_id, e.kind, 'decision', u.id, e.data, e.occurred_at
       from upsert u,
            rows from (json_to_recordset($28::json) as (id text, kind text, data json, occurred_at timestamptz, condition text))
              with ordinality as e(id, kind, data, occurred_at, condition, position)
      where case e.condition
              when 'first_delivery' then coalesce((select delivery from prior), 'null'::jsonb) = 'null'::jsonb
              when 'new_delivery' then (select delivery->>'at' from prior) is distinct from (e.data->'decision'->'delivery'->>'at')
              when 'newly_withdrawn' then (select status from prior) is distinct from 'withdrawn'
              else true
            end
      order by e.position
     on conflict (id) do nothing
   ), closed as (
     -- Closed: the same question from the same session now opens a new decision.
     delete from decision_keys where decision_id in (select id from upsert where status <> 'open')
   )`;

const MIRROR = `${MIRROR_CHANGES} select exists (select 1 from upsert) as applied`;

// Delivery's mirror also reads who subscribes to what it may announce ($29): one round trip.
const MIRROR_READING_SUBSCRIBERS = `${MIRROR_CHANGES}
   select exists (select 1 from upsert) as applied,
          coalesce((select json_agg(s) from (${subscribedEndpoints('$3', '$29')}) s), '[]') as subscribers`;

/**
 * Writes the snapshot and, only when it applies, the activity entries it explains (so each is
 * written once), in one statement: every change of every decision passes through here, and on
 * a busy machine each round trip to Postgres costs more than the work it carries.
 */
export async function mirrorDecision(
  db: Queryable,
  snapshot: DecisionSnapshot,
  events: DecisionEvent[] = [],
  options: MirrorOptions = {},
): Promise<MirrorOutcome> {
  // A record's decision archived or restored moves its record in the same transaction.
  const outcome = movesRecord(snapshot)
    ? await withTransaction(db, async (client) => {
        const applied = await mirrorRow(client, snapshot, events, options);
        if (applied === 'applied') await followArchive(client, snapshot);
        return applied;
      })
    : await mirrorRow(db, snapshot, events, options);
  await postReasons(db, snapshot, events);
  return outcome;
}

async function mirrorRow(
  db: Queryable,
  snapshot: DecisionSnapshot,
  events: DecisionEvent[],
  options: MirrorOptions,
): Promise<MirrorOutcome> {
  const { rows } = await db.query<{ applied: boolean }>(prepared(db, MIRROR, mirrorValues(snapshot, events, options)));
  return rows[0]?.applied ? 'applied' : 'stale';
}

/** The same write, returning also the endpoints subscribed to each of `types`. */
export async function mirrorReadingSubscribers(
  db: Queryable,
  snapshot: DecisionSnapshot,
  events: DecisionEvent[],
  types: readonly WebhookEventType[],
  options: MirrorOptions = {},
): Promise<{ outcome: MirrorOutcome; subscribers: WebhookSubscribers }> {
  const { rows } = await db.query<{ applied: boolean; subscribers: SubscriberRow[] }>(
    prepared(db, MIRROR_READING_SUBSCRIBERS, [...mirrorValues(snapshot, events, options), types]),
  );
  await postReasons(db, snapshot, events);
  return { outcome: rows[0]?.applied ? 'applied' : 'stale', subscribers: bySubscribedType(rows[0]?.subscribers ?? [], types) };
}

function mirrorValues(snapshot: DecisionSnapshot, events: DecisionEvent[], options: MirrorOptions): unknown[] {
  const { answered, required } = progress(snapshot);
  const { links } = snapshot;
  const entries = events.map((event) => ({
    kind: event.kind,
    actor_kind: event.actor.kind,
    actor_id: event.actor.id,
    actor_label: event.actor.label ?? null,
    detail: { revision: snapshot.revision, ...event.detail },
  }));
  return [
    snapshot.id,
    snapshot.number,
    snapshot.workspaceId,
    snapshot.question,
    snapshot.context,
    snapshot.status,
    snapshot.mode,
    snapshot.confidence,
    [...new Set(snapshot.asks.map((ask) => ask.kind))],
    snapshot.asks.length,
    required,
    answered,
    links.sessionId,
    links.agentId,
    links.taskId,
    links.runId,
    links.missionId,
    snapshot.filedBy,
    snapshot.revision,
    JSON.stringify(snapshot),
    snapshot.createdAt,
    snapshot.updatedAt,
    snapshot.resolvedAt,
    snapshot.closedAt,
    decisionFingerprint(snapshot, links.agentId),
    // Written once, at insert, like the other links: no later snapshot moves it (issue 39 item 2).
    links.scope ?? null,
    JSON.stringify(entries),
    JSON.stringify(options.outbox ? decisionOutboxEvents(snapshot, events) : []),
  ];
}
