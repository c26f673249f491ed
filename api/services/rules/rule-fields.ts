/**
 * What a save of a rule writes, checked (issue 42 items 2-3): hand-written Cedar is an admin's
 * alone; a route's target is found and kept by id; the policy, compiled or hand-written, must pass
 * Cedar's validator against the generated schema, else 422 `rule_invalid` with its words and
 * nothing is saved.
 */
import { canonicalTarget, isAdminPrincipal } from '../../../domain/assignment';
import { DomainError } from '../../../domain/errors';
import type { PersonPrincipal } from '../../../domain/principal';
import { compileRule } from '../../../domain/rules/compile-rule';
import type { Rule } from '../../../domain/rules/rule';
import type { RuleEffect } from '../../../domain/rules/rule-effect';
import { resolveAssignee } from '../../../db/assignments';
import type { Pool } from '../../../db/pool';
import type { RuleFields } from '../../../db/rules';
import { checkPolicy } from '../../../rules/cedar-engine';

/** What a body says a rule is, before it is checked. */
export type RuleDraft = Omit<RuleFields, 'cedar' | 'handWritten'> & { cedar: string | null };

/** A member changes their own rules; an admin anyone's. */
export function refuseUnlessAuthor(principal: PersonPrincipal, rule: Pick<Rule, 'author'>): void {
  if (rule.author !== principal.memberId && !isAdminPrincipal(principal)) {
    throw new DomainError('rule_not_author', 'Only the member who made this rule, or an admin, may change it.');
  }
}

async function keptEffect(pool: Pool, workspaceId: string, effect: RuleEffect): Promise<RuleEffect> {
  if (effect.kind !== 'route') return effect;
  const assignee = await resolveAssignee(pool, workspaceId, effect.to);
  return { kind: 'route', to: canonicalTarget(assignee) };
}

export async function checkedFields(pool: Pool, principal: PersonPrincipal, draft: RuleDraft): Promise<RuleFields> {
  const handWritten = draft.cedar !== null;
  if (handWritten && !isAdminPrincipal(principal)) {
    throw new DomainError('forbidden_for_role', 'Only an admin may save hand-written Cedar; make the rule from conditions instead.', {
      permission: 'rule.manage',
    });
  }
  if (handWritten && Object.keys(draft.conditions).length > 0) {
    throw new DomainError('rule_invalid', 'A hand-written policy holds its own conditions in its when clause: leave conditions out.');
  }
  const effect = await keptEffect(pool, principal.workspaceId, draft.effect);
  const cedar = draft.cedar ?? compileRule(draft.conditions, effect);
  const problem = checkPolicy(cedar, effect);
  if (problem) throw new DomainError('rule_invalid', `Cedar refused this rule: ${problem.message}`, { cedar: problem.message });
  return { ...draft, effect, cedar, handWritten };
}
