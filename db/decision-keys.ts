/**
 * One open decision per (session, question): the key that makes a re-post or a retry after
 * a crash land on the decision already open. Claiming is atomic, so 20 concurrent posts of
 * one question agree on one decision id. The mirror deletes a key when its decision closes.
 */
import { createHash } from 'node:crypto';
import { normalizeQuestion } from '../domain/question-key';
import type { Pool } from './pool';

export function questionKey(question: string): string {
  return createHash('sha256').update(normalizeQuestion(question)).digest('hex');
}

/**
 * The key of a filing with no session but an `Idempotency-Key` (issue 38 item 11): the principal
 * stands in for the session, and the question key is prefixed, so it never meets a session's
 * key (those are bare hex digests) whatever the session is called.
 */
export function retryKey(key: { workspaceId: string; principal: string; idempotencyKey: string; question: string }): DecisionKey {
  const digest = createHash('sha256')
    .update(`${key.idempotencyKey}\n${normalizeQuestion(key.question)}`)
    .digest('hex');
  return { workspaceId: key.workspaceId, scope: key.principal, questionKey: `retry:${digest}` };
}

/** A session's key for a question. */
export function sessionKey(key: { workspaceId: string; sessionId: string; question: string }): DecisionKey {
  return { workspaceId: key.workspaceId, scope: key.sessionId, questionKey: questionKey(key.question) };
}

/** A row of decision_keys: `scope` is the session_id column (or, for a retry key, the principal). */
export type DecisionKey = { workspaceId: string; scope: string; questionKey: string };

/** Returns the decision id that owns the key: `candidate` if it was free, else the holder's. */
export async function claimDecisionKey(pool: Pool, key: DecisionKey, candidate: string): Promise<string> {
  const params = [key.workspaceId, key.scope, key.questionKey];
  const claimed = await pool.query(
    `insert into decision_keys (workspace_id, session_id, question_key, decision_id) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [...params, candidate],
  );
  if (claimed.rowCount === 1) return candidate;
  // A separate statement: its snapshot sees the holder that the insert waited for.
  const { rows } = await pool.query<{ decision_id: string }>(
    'select decision_id from decision_keys where workspace_id = $1 and session_id = $2 and question_key = $3',
    params,
  );
  // The holder may have closed and released the key in between: try again with ours.
  return rows[0]?.decision_id ?? claimDecisionKey(pool, key, candidate);
}

/** Frees a key that still points at a decision which turned out to be closed. */
export async function releaseDecisionKey(pool: Pool, decisionId: string): Promise<void> {
  await pool.query('delete from decision_keys where decision_id = $1', [decisionId]);
}
