/** A task's comment thread (newest last). Written by Cast for withdrawals; read by the API. */
import type { ActorKind } from '../domain/activity';
import type { TaskComment } from '../domain/task';
import type { Queryable } from './pool';

export type { TaskComment };

type CommentRow = {
  seq: number;
  task_id: string;
  author_kind: ActorKind;
  author_id: string | null;
  body: string;
  decision_id: string | null;
  created_at: Date;
};

export type NewTaskComment = Omit<TaskComment, 'seq' | 'createdAt'> & { workspaceId: string; dedupeKey: string };

/** Idempotent per dedupe key, so a retried activity comments once. */
export async function addTaskComment(db: Queryable, comment: NewTaskComment): Promise<void> {
  await db.query(
    `insert into task_comments (workspace_id, task_id, author_kind, author_id, body, decision_id, dedupe_key)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (workspace_id, dedupe_key) do nothing`,
    [comment.workspaceId, comment.taskId, comment.author.kind, comment.author.id, comment.body, comment.decisionId, comment.dedupeKey],
  );
}

export async function listTaskComments(db: Queryable, workspaceId: string, taskId: string, limit: number): Promise<TaskComment[]> {
  const { rows } = await db.query<CommentRow>(
    `select seq, task_id, author_kind, author_id, body, decision_id, created_at from task_comments
      where workspace_id = $1 and task_id = $2 order by seq limit $3`,
    [workspaceId, taskId, limit],
  );
  return rows.map((row) => ({
    seq: row.seq,
    taskId: row.task_id,
    author: { kind: row.author_kind, id: row.author_id },
    body: row.body,
    decisionId: row.decision_id,
    createdAt: row.created_at.toISOString(),
  }));
}
