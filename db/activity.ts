/**
 * The activity history. Writers record an entry with the same client as the change it
 * describes, so the history never disagrees with the rows it describes.
 */
import type { Actor, ActivityEntry, ActorKind, SubjectKind } from '../domain/activity';
import type { Pool, Queryable } from './pool';

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

/** Newest first; pass the last entry's `seq` as `before` for the next page. */
export async function listActivity(pool: Pool, workspaceId: string, query: ActivityQuery): Promise<ActivityEntry[]> {
  const { rows } = await pool.query<ActivityRow>(
    `select seq, subject_kind, subject_id, kind, actor_kind, actor_id, actor_label, detail, at from activity
      where workspace_id = $1
        and ($2::text is null or subject_kind = $2)
        and ($3::text is null or subject_id = $3)
        and ($4::bigint is null or seq < $4)
      order by seq desc limit $5`,
    [workspaceId, query.subjectKind ?? null, query.subjectId ?? null, query.before ?? null, query.limit],
  );
  return rows.map((row) => ({
    seq: row.seq,
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    kind: row.kind,
    actorKind: row.actor_kind,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    detail: row.detail,
    at: row.at.toISOString(),
  }));
}
