/** Write side of filing: allocate `sd-N`, start the decision's workflow, return its first snapshot. */
import { decisionIdOf, type DecisionView, type FileDecisionBody } from '../../domain/decision';
import { toDecisionView } from '../../domain/decision-state';
import { nextDecisionNumber } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../db/tenancy';
import type { TemporalGateway } from '../temporal-gateway';

export async function fileDecision(
  deps: { pool: Pool; temporal: TemporalGateway },
  principal: Principal,
  body: FileDecisionBody,
): Promise<DecisionView> {
  const number = await nextDecisionNumber(deps.pool);
  const snapshot = await deps.temporal.fileDecision({
    ...body,
    id: decisionIdOf(number),
    number,
    workspaceId: principal.workspaceId,
    filedBy: principal.memberId,
  });
  return toDecisionView(snapshot);
}
