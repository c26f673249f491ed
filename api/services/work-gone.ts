/**
 * FR-49: a decision whose backing work is gone — run cancelled, task deleted — is archived
 * automatically, with that reason. The API calls this the moment it sees a run cancelled or
 * a task deleted; the sweep schedule (workflows/sweep-workflow.ts) is the safety net.
 */
import { decisionsWithWorkGone } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { TemporalGateway } from '../temporal-gateway';

export async function archiveWhereWorkIsGone(
  deps: { pool: Pool; temporal: TemporalGateway },
  scope: { workspaceId: string; runId?: string; taskId?: string },
): Promise<void> {
  const ids = await decisionsWithWorkGone(deps.pool, scope);
  // The sweep retries anything that fails here, so a slow Temporal never fails the deletion.
  await Promise.allSettled(ids.map((id) => deps.temporal.autoArchive(id)));
}
