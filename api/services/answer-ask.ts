/**
 * Write side of answering: the workflow's update validator is the authority (first writer
 * wins); the read model scopes the id to the caller's workspace, supplies the grant check of
 * an access ask, and explains a refusal once the workflow has finished.
 */
import type { AskState, DecisionView } from '../../domain/decision';
import type { AnswerBody } from '../../domain/decision-schema';
import { checkAnswer, toDecisionView, type AnswerCommand } from '../../domain/decision-state';
import { DomainError } from '../../domain/errors';
import { evaluateToolAccess, isEvaluablePattern } from '../../domain/tool-grant';
import { listGrants } from '../../db/agents';
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../db/tenancy';
import type { TemporalGateway } from '../temporal-gateway';

export async function answerAsk(
  deps: { pool: Pool; temporal: TemporalGateway },
  principal: Principal,
  target: { id: string; ask: number; idempotencyKey?: string },
  body: AnswerBody,
): Promise<DecisionView> {
  const current = await getDecision(deps.pool, principal.workspaceId, target.id);
  if (!current) throw decisionNotFound();

  const ask = current.asks[target.ask - 1];
  const access = ask?.kind === 'access' ? await checkAccess(deps.pool, principal.workspaceId, current, ask) : undefined;
  const command: AnswerCommand = {
    ask: target.ask,
    value: body.answer,
    reason: body.reason ?? null,
    answeredBy: principal.memberId,
    ...(access ? { access } : {}),
  };
  const snapshot = await deps.temporal.answerAsk(target.id, command, target.idempotencyKey);
  if (snapshot) return toDecisionView(snapshot, current.firstViewedAt);

  // The workflow has completed, so the row is final: the same rules say why the answer cannot land.
  throw DomainError.from(
    checkAnswer(current, command) ?? { code: 'decision_not_open', message: `Decision ${current.id} is ${current.status}.` },
  );
}

/**
 * E8/E9: an access ask naming a tool Cast can evaluate is re-checked against the linked
 * agent's grants; anything else closes on the member's word, recorded as self-reported.
 */
async function checkAccess(
  pool: Pool,
  workspaceId: string,
  decision: DecisionView,
  ask: AskState & { kind: 'access' },
): Promise<AnswerCommand['access']> {
  const agentId = decision.links.agentId;
  if (!ask.tool || !agentId || !isEvaluablePattern(ask.tool)) return 'self_reported';
  const grants = await listGrants(pool, workspaceId, agentId);
  return evaluateToolAccess(ask.tool, grants) === 'allowed' ? 'verified' : 'denied';
}

/** The id is not echoed: another workspace's id and a missing one must read exactly alike. */
export function decisionNotFound(): DomainError {
  return new DomainError('decision_not_found', 'There is no decision with that id in this workspace.');
}
