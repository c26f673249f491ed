/**
 * The record behind a decision follows it (FR-29): when the decision resolves, its approval
 * is approved or rejected, or its escalation resolved, from the derived first ask's answer;
 * when an undo reopens the decision, the record is pending (or open) again. Archived, the
 * decision's record reads archived too, and a restore makes it wait again. Neither touches the
 * task: AW-03 §7 leaves the task's lifecycle to the task, "deliberately not chained".
 */
import { recordOf, type DecisionSnapshot } from '../domain/decision';
import { settlementOf } from '../domain/record-projection';
import { recordApprovalVerdict } from '../db/approvals';
import { recordEscalationResolution } from '../db/escalations';
import type { Pool, PoolClient } from '../db/pool';
import { setRecordArchived } from '../db/records';

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

/** Whether mirroring this snapshot also moves its record: a record's decision, archived or open. */
export function movesRecord(decision: DecisionSnapshot): boolean {
  return recordOf(decision.source) !== null && (decision.status === 'archived' || decision.status === 'open');
}

/**
 * Inside the transaction that mirrored the decision, so no reader sees one without the other:
 * archived, the record reads archived; restored, it waits again. The task keeps its status and
 * its blockers either way, as a filed decision's does (AW-03 §7: archiving a decision and the
 * task's lifecycle are "deliberately not chained"; FR-46: archiving resolves nothing).
 * Idempotent: a snapshot mirrored twice changes nothing more.
 */
export async function followArchive(client: PoolClient, decision: DecisionSnapshot): Promise<void> {
  const record = recordOf(decision.source);
  if (!record) return;
  if (decision.status === 'archived') await setRecordArchived(client, decision.workspaceId, record, true);
  else if (decision.status === 'open') await setRecordArchived(client, decision.workspaceId, record, false);
}
