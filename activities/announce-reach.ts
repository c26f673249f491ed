/**
 * Writes what a decision's reach timers announce (issue 40 items 7, 8): a reminder to its people
 * or to the backup member, or a deadline drawing near, each an activity entry and its outbox
 * events in one transaction. Nothing of the decision changes (its revision stays, so an
 * answer-in-place link sent before stays good), so the mirror's revision guard is kept here by
 * hand: the decision's row is read under a share lock and must be at the revision the workflow
 * saw when its timer fired, or older. An answer recorded meanwhile carries a newer revision:
 * either its mirror committed first (then nothing is written here) or it waits for this
 * transaction's lock (then the reminder is in the outbox before the answer). A reminder is never
 * written after the answer it raced.
 */
import type { DecisionSnapshot } from '../domain/decision';
import { toDecisionView } from '../domain/decision-state';
import type { OutboxKind } from '../domain/outbox/event-kinds';
import { rolesWith } from '../domain/permissions';
import type { ReachNotice } from '../domain/reminders';
import { withTransaction, type Queryable } from '../db/pool';

export type ReachOutcome = { written: boolean; memberIds: string[] };

type Event = { id: string; kind: OutboxKind; data: Record<string, unknown> };

export async function announceReach(db: Queryable, snapshot: DecisionSnapshot, notice: ReachNotice): Promise<ReachOutcome> {
  return withTransaction(db, async (client) => {
    const current = await client.query('select 1 from decisions where id = $1 and revision <= $2 for share', [
      snapshot.id,
      snapshot.revision,
    ]);
    if (current.rowCount === 0) return { written: false, memberIds: [] };
    const decision = toDecisionView(snapshot);
    const at = new Date().toISOString();
    let entry: { kind: string; detail: Record<string, unknown> };
    let events: Event[];
    let memberIds: string[] = [];
    if (notice.kind === 'reminder') {
      memberIds = await reminded(client, snapshot.workspaceId, notice);
      entry = { kind: 'reminded', detail: { nth: notice.nth, backup: notice.backup, members: memberIds } };
      events = memberIds.map((memberId) => ({
        id: `${snapshot.id}.reminder.due.${notice.nth}.${memberId}`,
        kind: 'reminder.due',
        data: { decision, memberId, nth: notice.nth, backup: notice.backup },
      }));
    } else {
      entry = { kind: 'deadline_near', detail: { at: notice.at, answersWith: notice.answersWith } };
      events = [
        {
          id: `${snapshot.id}.deadline.near.${Date.parse(notice.at)}`,
          kind: 'deadline.near',
          data: { decision, at: notice.at, answersWith: notice.answersWith },
        },
      ];
    }
    if (events.length === 0) return { written: false, memberIds };
    // A retry of an activity that committed finds its events there already and writes no second entry.
    const inserted = await client.query(
      `insert into outbox_events (id, workspace_id, kind, subject_kind, subject_id, data, occurred_at)
       select e.id, $1, e.kind, 'decision', $2, e.data, $3
         from rows from (json_to_recordset($4::json) as (id text, kind text, data json)) with ordinality as e(id, kind, data, position)
        order by e.position
       on conflict (id) do nothing`,
      [snapshot.workspaceId, snapshot.id, at, JSON.stringify(events)],
    );
    if (inserted.rowCount === 0) return { written: false, memberIds };
    await client.query(
      `insert into activity (workspace_id, subject_kind, subject_id, kind, actor_kind, actor_id, actor_label, detail)
       values ($1, 'decision', $2, $3, 'system', null, null, $4)`,
      [snapshot.workspaceId, snapshot.id, entry.kind, JSON.stringify({ revision: snapshot.revision, ...entry.detail })],
    );
    return { written: true, memberIds };
  });
}

/**
 * Who a reminder is for. The first: the decision's people — until teams and assignees, every
 * member of its workspace who may answer it. The second: the backup member, if they still may.
 */
async function reminded(db: Queryable, workspaceId: string, notice: Extract<ReachNotice, { kind: 'reminder' }>): Promise<string[]> {
  if (notice.backup && !notice.backupMemberId) return [];
  const { rows } = await db.query<{ id: string }>(
    `select id from members
      where workspace_id = $1 and removed_at is null and role = any($2) and ($3::text is null or id = $3)
      order by created_at, id`,
    [workspaceId, rolesWith('decision.answer'), notice.backup ? notice.backupMemberId : null],
  );
  return rows.map((row) => row.id);
}
