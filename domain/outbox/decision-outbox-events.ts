/**
 * The outbox events one mirrored change of a decision announces, computed from the snapshot it
 * writes and the activity entries it records. Written by the same statement as the change
 * (activities/mirror-decision.ts), and only when that change applies, so each is written once.
 *
 * Some events depend on what the row said before the change, which only the statement sees:
 * `when` names the test it makes against the stored row. This is the rule the decision workflow's
 * announcer kept in memory (`decision.resolved` once per resolution; an undo makes the next new).
 */
import type { DecisionSnapshot } from '../decision';
import { toDecisionView, type DecisionEvent } from '../decision-state';
import { withdrawalMessage } from '../undo';
import type { OutboxKind } from './event-kinds';

/**
 * `always`: written with the change. `first_delivery`: only when the stored row had no delivery
 * (the first since the decision resolved). `new_delivery`: only when the delivery differs from
 * the stored one. `newly_withdrawn`: only when the stored row was not withdrawn yet.
 */
export const OutboxCondition = ['always', 'first_delivery', 'new_delivery', 'newly_withdrawn'] as const;
export type OutboxCondition = (typeof OutboxCondition)[number];

export type DecisionOutboxRow = {
  id: string;
  kind: OutboxKind;
  occurred_at: string;
  data: Record<string, unknown>;
  condition: OutboxCondition;
};

export function decisionOutboxEvents(snapshot: DecisionSnapshot, entries: readonly DecisionEvent[]): DecisionOutboxRow[] {
  const decision = toDecisionView(snapshot);
  const row = (kind: OutboxKind, condition: OutboxCondition, at: string, extra: Record<string, unknown> = {}): DecisionOutboxRow => ({
    // The id webhook receivers already dedupe by (domain/webhook.ts `decisionEventId`), for every kind.
    id: `${snapshot.id}.${kind}.${snapshot.revision}`,
    kind,
    occurred_at: at,
    data: { decision, ...extra },
    condition,
  });
  const rows: DecisionOutboxRow[] = [];
  for (const entry of entries) {
    const detail = entry.detail ?? {};
    if (entry.kind === 'opened')
      rows.push(row('decision.opened', 'always', snapshot.createdAt, { blocking: snapshot.mode === 'blocking' }));
    if (entry.kind === 'answered') {
      const provenance = detail.provenance ? { provenance: detail.provenance } : {};
      rows.push(row('decision.answered', 'always', snapshot.updatedAt, { ask: detail.ask, actor: actorOf(entry), ...provenance }));
    }
    if (entry.kind === 'undone') {
      const position = Number(detail.ask);
      const ask = snapshot.asks[position - 1];
      // The message the agent was told (activities/undo-answer.ts composes the same one).
      // An approval that had not answered its ask (issue 41 item 3) reached no agent: nothing was told.
      const message = ask?.withdrawnAnswers?.at(-1) && !detail.approval ? withdrawalMessage(ask) : null;
      rows.push(row('answer.withdrawn', 'always', snapshot.updatedAt, { ask: position, message }));
    }
    if (entry.kind === 'withdrawn' && detail.reason === 'nobody_waiting') {
      rows.push(
        row('decision.expired', 'always', snapshot.closedAt ?? snapshot.updatedAt, {
          reason: 'nobody_waiting',
          waitsUntil: detail.waitsUntil ?? null,
        }),
      );
    }
  }
  // As the announcer had them (domain/webhook.ts `decisionEvents`): the same ids, times and data.
  if (snapshot.status === 'withdrawn')
    rows.push(row('decision.withdrawn', 'newly_withdrawn', snapshot.closedAt ?? new Date(0).toISOString()));
  const delivery = snapshot.delivery;
  if (snapshot.status === 'resolved' && delivery) {
    rows.push(row('decision.resolved', 'first_delivery', delivery.at));
    if (delivery.kind === 'restarted' || delivery.kind === 'queued') {
      rows.push(row('run.restart', 'new_delivery', delivery.at, { runId: delivery.runId, admitted: delivery.kind }));
    }
    if (delivery.kind === 'injected') rows.push(row('message.injected', 'new_delivery', delivery.at, { runId: delivery.runId }));
  }
  return rows;
}

function actorOf(entry: DecisionEvent): { kind: DecisionEvent['actor']['kind']; id: string | null } {
  return { kind: entry.actor.kind, id: entry.actor.id };
}
