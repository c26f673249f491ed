/**
 * The record behind a decision follows it (FR-29): when the decision resolves, its approval
 * is approved or rejected, or its escalation resolved, from the derived first ask's answer;
 * when an undo reopens the decision, the record is pending (or open) again.
 */
import { recordOf, type DecisionSnapshot } from '../domain/decision';
import { settlementOf } from '../domain/record-projection';
import { recordApprovalVerdict } from '../db/approvals';
import { recordEscalationResolution } from '../db/escalations';
import type { Pool } from '../db/pool';

export async function settleRecord(pool: Pool, decision: DecisionSnapshot): Promise<void> {
  const record = recordOf(decision.source);
  const ask = decision.asks[0];
  if (!record || !ask) return;
  const settlement = settlementOf(record.kind, ask);
  if (!settlement) return;
  if (settlement.kind === 'approval') {
    await recordApprovalVerdict(pool, decision.workspaceId, record.id, settlement);
  } else {
    await recordEscalationResolution(pool, decision.workspaceId, record.id, {
      text: settlement.resolution,
      by: settlement.by,
      at: settlement.at,
    });
  }
}

export async function reopenRecord(pool: Pool, decision: DecisionSnapshot): Promise<void> {
  const record = recordOf(decision.source);
  if (!record) return;
  if (record.kind === 'approval') await recordApprovalVerdict(pool, decision.workspaceId, record.id, null);
  else await recordEscalationResolution(pool, decision.workspaceId, record.id, null);
}
