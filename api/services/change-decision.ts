/**
 * Changing a decision other than by answering it: an agent edits or withdraws its own open
 * decision (cast-decide "Keeping an ask correct"); a person archives or restores one. On a
 * decision that can no longer change they fail and carry the answers, so the caller learns
 * what was decided.
 */
import type { DecisionView, EditDecisionBody } from '../../domain/decision';
import { answersOf, checkRewrite, toDecisionView } from '../../domain/decision-state';
import { DomainError } from '../../domain/errors';
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../db/tenancy';
import type { TemporalGateway } from '../temporal-gateway';
import { decisionNotFound } from './answer-ask';

type Deps = { pool: Pool; temporal: TemporalGateway };

async function change(
  deps: Deps,
  principal: Principal,
  id: string,
  send: (id: string) => Promise<Parameters<typeof toDecisionView>[0] | null>,
): Promise<DecisionView> {
  const current = await getDecision(deps.pool, principal.workspaceId, id);
  if (!current) throw decisionNotFound();
  const snapshot = await send(id);
  if (snapshot) return toDecisionView(snapshot, current.firstViewedAt);
  // The workflow has completed, so the row is final and says why nothing can change.
  throw DomainError.from(
    checkRewrite(current) ?? {
      code: 'decision_not_open',
      message: `Decision ${id} is ${current.status}.`,
      details: { answers: answersOf(current) },
    },
  );
}

export function editDecision(deps: Deps, principal: Principal, id: string, edit: EditDecisionBody): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.editDecision(target, edit, principal.memberId));
}

export function archiveDecision(deps: Deps, principal: Principal, id: string): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.archiveDecision(target, principal.memberId));
}

export function restoreDecision(deps: Deps, principal: Principal, id: string): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.restoreDecision(target, principal.memberId));
}

export function withdrawDecision(deps: Deps, principal: Principal, id: string): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.withdrawDecision(target, principal.memberId));
}
