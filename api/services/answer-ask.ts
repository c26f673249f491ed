/**
 * Write side of answering: the workflow's update validator is the authority (first writer
 * wins); the read model only scopes the id to the caller's workspace and explains a
 * refusal once the workflow has finished.
 */
import type { AnswerBody, DecisionView } from '../../domain/decision';
import { checkAnswer, toDecisionView, type AnswerCommand } from '../../domain/decision-state';
import { DomainError } from '../../domain/errors';
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

  const command: AnswerCommand = {
    ask: target.ask,
    value: body.answer,
    reason: body.reason ?? null,
    answeredBy: principal.memberId,
  };
  const snapshot = await deps.temporal.answerAsk(target.id, command, target.idempotencyKey);
  if (snapshot) return toDecisionView(snapshot);

  // The workflow has completed, so the row is final: the same rules say why the answer cannot land.
  const rejection = checkAnswer(current, command) ?? {
    code: 'decision_closed',
    message: `Decision ${current.id} is ${current.status}; it takes no more answers.`,
  };
  throw DomainError.from(rejection);
}

/** The id is not echoed: another workspace's id and a missing one must read exactly alike. */
export function decisionNotFound(): DomainError {
  return new DomainError('decision_not_found', 'There is no decision with that id in this workspace.');
}
