/**
 * AW-03 §5.4, §7: the reason a person gives with an answer is posted to the linked task's
 * comment thread, as a withdrawal is (undo-answer.ts). Written by the mirror that records the
 * answer, under a dedupe key, so a retried mirror posts it once — even one that finds its
 * snapshot already applied, since the comment is not part of the row the revision guards.
 */
import type { DecisionSnapshot } from '../domain/decision';
import type { DecisionEvent } from '../domain/decision-state';
import { reasonComment } from '../domain/reason-comment';
import type { Queryable } from '../db/pool';
import { addTaskComment } from '../db/task-comments';
import { getTask } from '../db/tasks';

export async function postReasons(db: Queryable, snapshot: DecisionSnapshot, events: DecisionEvent[]): Promise<void> {
  const { workspaceId, links } = snapshot;
  if (!links.taskId) return;
  const answered = events.filter((event) => event.kind === 'answered').map((event) => Number(event.detail?.ask));
  const withReasons = answered.flatMap((position) => {
    const ask = snapshot.asks[position - 1];
    const answer = ask?.answer;
    return ask && answer?.reason ? [{ position, ask, answer: { ...answer, reason: answer.reason } }] : [];
  });
  // A deleted task has no thread to post to.
  if (withReasons.length === 0 || !(await getTask(db, workspaceId, links.taskId))) return;
  for (const { position, ask, answer } of withReasons) {
    await addTaskComment(db, {
      workspaceId,
      taskId: links.taskId,
      author: { kind: 'member', id: answer.answeredBy },
      body: reasonComment(ask, answer),
      decisionId: snapshot.id,
      dedupeKey: `decision:${snapshot.id}:reason:${position}:${answer.answeredAt}`,
    });
  }
}
