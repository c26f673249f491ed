/**
 * Writes a decision snapshot into the read model. Only a snapshot newer than the stored row
 * applies (the mirror rule, DESIGN §1): retries and reordering can never roll a row back.
 */
import type { Pool } from 'pg';
import type { DecisionSnapshot } from '../domain/decision';
import { progress, type DecisionEvent } from '../domain/decision-state';
import { recordActivity } from '../db/activity';
import { inTransaction } from '../db/pool';
import { recurringFingerprint } from '../domain/recurring';

export type MirrorOutcome = 'applied' | 'stale';

/** Writes the snapshot and, only when it applies, the activity entries it explains (so each is written once). */
export async function mirrorDecision(pool: Pool, snapshot: DecisionSnapshot, events: DecisionEvent[] = []): Promise<MirrorOutcome> {
  return inTransaction(pool, async (client) => {
    const { answered, required } = progress(snapshot);
    const { links } = snapshot;
    // The row lock taken by the upsert serialises concurrent mirrors of one decision; the
    // WHERE re-checks the revision after the wait, so the older writer becomes a no-op.
    const upsert = await client.query(
      `insert into decisions (id, number, workspace_id, question, context, status, mode, confidence,
         ask_kinds, asks_total, asks_required, asks_answered, session_id, agent_id, task_id, run_id,
         mission_id, filed_by, revision, snapshot, created_at, updated_at, resolved_at, closed_at, fingerprint)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
         $20, $21, $22, $23, $24, $25)
       on conflict (id) do update set
         question = excluded.question, context = excluded.context, status = excluded.status,
         mode = excluded.mode, confidence = excluded.confidence, ask_kinds = excluded.ask_kinds,
         asks_total = excluded.asks_total, asks_required = excluded.asks_required,
         asks_answered = excluded.asks_answered, revision = excluded.revision,
         snapshot = excluded.snapshot, updated_at = excluded.updated_at,
         resolved_at = excluded.resolved_at, closed_at = excluded.closed_at, fingerprint = excluded.fingerprint
       where decisions.revision < excluded.revision`,
      [
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
        recurringFingerprint({ agentId: links.agentId, firstPrompt: snapshot.asks[0]?.prompt ?? snapshot.question }),
      ],
    );
    if (upsert.rowCount === 0) return 'stale';
    for (const event of events) {
      await recordActivity(client, {
        workspaceId: snapshot.workspaceId,
        subjectKind: 'decision',
        subjectId: snapshot.id,
        kind: event.kind,
        actorKind: event.actor.kind,
        actorId: event.actor.id,
        detail: { revision: snapshot.revision, ...event.detail },
      });
    }
    if (snapshot.status !== 'open') {
      // Closed: the same question from the same session now opens a new decision.
      await client.query('delete from decision_keys where decision_id = $1', [snapshot.id]);
    }
    return 'applied';
  });
}
