/**
 * The record behind a decision follows it (FR-29): when the decision resolves, its approval
 * is approved or rejected, or its escalation resolved, from the derived first ask's answer;
 * when an undo reopens the decision, the record is pending (or open) again.
 */
import { isRecordSource, type DecisionSnapshot } from '../domain/decision';
import { settlementOf } from '../domain/record-projection';
import { recordApprovalVerdict } from '../db/approvals';
import { recordEscalationResolution } from '../db/escalations';
import type { Pool } from '../db/pool';

export async function settleSource(pool: Pool, decision: DecisionSnapshot): Promise<void> {
  const source = decision.source;
  const ask = decision.asks[0];
  if (!isRecordSource(source) || !ask) return;
  const settlement = settlementOf(source.kind, ask);
  if (!settlement) return;
  if (settlement.kind === 'approval') {
    await recordApprovalVerdict(pool, decision.workspaceId, source.id, settlement);
  } else {
    await recordEscalationResolution(pool, decision.workspaceId, source.id, {
      text: settlement.resolution,
      by: settlement.by,
      at: settlement.at,
    });
  }
}

export async function reopenSource(pool: Pool, decision: DecisionSnapshot): Promise<void> {
  const source = decision.source;
  if (!isRecordSource(source)) return;
  if (source.kind === 'approval') await recordApprovalVerdict(pool, decision.workspaceId, source.id, null);
  else await recordEscalationResolution(pool, decision.workspaceId, source.id, null);
}
