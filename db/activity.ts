/**
 * The activity history. Writers record an entry with the same client as the change it
 * describes, so the history never disagrees with the rows it describes.
 */
import type { Actor, ActivityEntry, ActorKind, SubjectKind } from '../domain/activity';
import { runTitle } from '../domain/run';
import type { Pool, Queryable } from './pool';
import { RUN_TITLE_PARTS } from './run-title';

export type NewActivity = {
  workspaceId: string;
  subjectKind: SubjectKind;
  subjectId: string;
  kind: string;
  actorKind: ActorKind;
  actorId?: string | null;
  actorLabel?: string | null;
  detail?: Record<string, unknown>;
};

type ActivityRow = {
  seq: number;
  subject_kind: SubjectKind;
  subject_id: string;
  kind: string;
  actor_kind: ActorKind;
  actor_id: string | null;
  actor_label: string | null;
  detail: Record<string, unknown>;
  at: Date;
  /** The subject's name where it has one; a run's title parts (`runTitle`). */
  title: string | null;
  run_agent: string | null;
  run_task: string | null;
  run_scope: string | null;
};

export async function recordActivity(db: Queryable, entry: NewActivity): Promise<void> {
  await db.query(
    `insert into activity (workspace_id, subject_kind, subject_id, kind, actor_kind, actor_id, actor_label, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.workspaceId,
      entry.subjectKind,
      entry.subjectId,
      entry.kind,
      entry.actorKind,
      entry.actorId ?? null,
      entry.actorLabel ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}

/** Shorthand for writers that carry an `Actor`. */
export function recordBy(db: Queryable, actor: Actor, entry: Omit<NewActivity, 'actorKind' | 'actorId'>): Promise<void> {
  return recordActivity(db, { ...entry, actorKind: actor.kind, actorId: actor.id, actorLabel: actor.label ?? null });
}

export type ActivityQuery = { subjectKind?: SubjectKind; subjectId?: string; before?: number; limit: number };

/** An entry with what a person reads its subject as: `page` is the `activity` rows chosen, as `e`. */
function withTitles(page: string, order: 'asc' | 'desc'): string {
  return `select e.seq, e.subject_kind, e.subject_id, e.kind, e.actor_kind, e.actor_id, e.actor_label, e.detail, e.at,
            case e.subject_kind
              when 'decision' then (select question from decisions where workspace_id = e.workspace_id and id = e.subject_id)
              when 'task' then (select title from tasks where workspace_id = e.workspace_id and id = e.subject_id)
              when 'agent' then (select name from agents where workspace_id = e.workspace_id and id = e.subject_id)
              when 'team' then (select name from teams where workspace_id = e.workspace_id and id = e.subject_id)
              when 'member' then (select name from members where workspace_id = e.workspace_id and id = e.subject_id)
              when 'rule' then (select name from rules where workspace_id = e.workspace_id and id = e.subject_id)
            end as title,
            rn.agent as run_agent, rn.task as run_task, rn.scope as run_scope
       from (${page}) e
       left join runs r on e.subject_kind = 'run' and r.workspace_id = e.workspace_id and r.id = e.subject_id
       left join lateral (${RUN_TITLE_PARTS}) rn on r.id is not null
      order by e.seq ${order}`;
}

/** Newest first; pass the last entry's `seq` as `before` for the next page. */
export async function listActivity(pool: Pool, workspaceId: string, query: ActivityQuery): Promise<ActivityEntry[]> {
  const { rows } = await pool.query<ActivityRow>(
    withTitles(
      `select * from activity
        where workspace_id = $1
          and ($2::text is null or subject_kind = $2)
          and ($3::text is null or subject_id = $3)
          and ($4::bigint is null or seq < $4)
        order by seq desc limit $5`,
      'desc',
    ),
    [workspaceId, query.subjectKind ?? null, query.subjectId ?? null, query.before ?? null, query.limit],
  );
  return rows.map(entryOf);
}

export type ExportPage = { from: Date | null; to: Date; after: number; limit: number };

/**
 * One page of the export, oldest first: entries with `from` ≤ `at` < `to` after seq `after`.
 * Pass the last entry's `seq` as `after` for the next; an empty page is the end.
 */
export async function exportActivityPage(pool: Pool, workspaceId: string, page: ExportPage): Promise<ActivityEntry[]> {
  const { rows } = await pool.query<ActivityRow>(
    withTitles(
      `select * from activity
        where workspace_id = $1 and seq > $2
          and ($3::timestamptz is null or at >= $3) and at < $4
        order by seq asc limit $5`,
      'asc',
    ),
    [workspaceId, page.after, page.from, page.to, page.limit],
  );
  return rows.map(entryOf);
}

function entryOf(row: ActivityRow): ActivityEntry {
  return {
    seq: row.seq,
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    subjectTitle: row.subject_kind === 'run' ? runTitle({ agent: row.run_agent, task: row.run_task, scope: row.run_scope }) : row.title,
    kind: row.kind,
    actorKind: row.actor_kind,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    detail: row.detail,
    at: row.at.toISOString(),
  };
}
