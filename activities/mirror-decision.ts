/**
 * Writes a decision snapshot into the read model. Only a snapshot newer than the stored row
 * applies (the mirror rule, DESIGN §1): retries and reordering can never roll a row back.
 */
import type { Pool } from 'pg';
import type { DecisionSnapshot } from '../domain/decision';
import { progress } from '../domain/decision-state';
import { inTransaction } from '../db/pool';

export type MirrorOutcome = 'applied' | 'stale';

export async function mirrorDecision(pool: Pool, snapshot: DecisionSnapshot): Promise<MirrorOutcome> {
  return inTransaction(pool, async (client) => {
    const { answered, required } = progress(snapshot);
    // The row lock taken by the upsert serialises concurrent mirrors of one decision; the
    // WHERE re-checks the revision after the wait, so the older writer becomes a no-op.
    const upsert = await client.query(
      `insert into decisions (id, number, workspace_id, question, context, status, asks_total,
         asks_required, asks_answered, filed_by, revision, created_at, updated_at, resolved_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (id) do update set
         question = excluded.question, context = excluded.context, status = excluded.status,
         asks_total = excluded.asks_total, asks_required = excluded.asks_required,
         asks_answered = excluded.asks_answered, revision = excluded.revision,
         updated_at = excluded.updated_at, resolved_at = excluded.resolved_at
       where decisions.revision < excluded.revision`,
      [
        snapshot.id,
        snapshot.number,
        snapshot.workspaceId,
        snapshot.question,
        snapshot.context,
        snapshot.status,
        snapshot.asks.length,
        required,
        answered,
        snapshot.filedBy,
        snapshot.revision,
        snapshot.createdAt,
        snapshot.updatedAt,
        snapshot.resolvedAt,
      ],
    );
    if (upsert.rowCount === 0) return 'stale';

    await client.query('delete from decision_asks where decision_id = $1 and position > $2', [
      snapshot.id,
      snapshot.asks.length,
    ]);
    for (const ask of snapshot.asks) {
      const { position, status, answer, kind, prompt, required: isRequired, ...spec } = ask;
      await client.query(
        `insert into decision_asks (decision_id, position, workspace_id, kind, prompt, required, spec,
           status, answer, reason, answered_by, answered_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (decision_id, position) do update set
           kind = excluded.kind, prompt = excluded.prompt, required = excluded.required,
           spec = excluded.spec, status = excluded.status, answer = excluded.answer,
           reason = excluded.reason, answered_by = excluded.answered_by,
           answered_at = excluded.answered_at`,
        [
          snapshot.id,
          position,
          snapshot.workspaceId,
          kind,
          prompt,
          isRequired,
          JSON.stringify(spec),
          status,
          answer ? JSON.stringify(answer.value) : null,
          answer?.reason ?? null,
          answer?.answeredBy ?? null,
          answer?.answeredAt ?? null,
        ],
      );
    }
    return 'applied';
  });
}
