/**
 * "Approve, and always" (issue 42 item 4): once the person's always-approval has landed, the
 * rule it leaves is saved as theirs, on at once (they said "always"), so the same ask answers
 * itself on every machine and in every host — the host's own setting is still written where it
 * has one (the hook hands it `updatedPermissions`). Saved through the same checks as any rule
 * (db/rules.ts, Cedar's validator); the same rule already on is not saved twice. The decision's
 * history names the rule it left.
 */
import { alwaysRuleFor } from '../../domain/always-rule';
import type { DecisionView } from '../../domain/decision';
import type { PersonPrincipal } from '../../domain/principal';
import { canonicalJson } from '../../domain/provenance';
import type { Rule } from '../../domain/rules/rule';
import type { RuleConditions } from '../../domain/rules/rule-conditions';
import { recordBy } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { createRule, listRules } from '../../db/rules';
import { checkedFields } from './rules/rule-fields';

export async function keepAlways(pool: Pool, principal: PersonPrincipal, decision: DecisionView, position: number): Promise<Rule | null> {
  const always = alwaysRuleFor(decision, position);
  if (!always) return null;
  const conditions = always.conditions as RuleConditions;
  const same = (rule: Rule) =>
    rule.mode === 'on' &&
    rule.author === principal.memberId &&
    canonicalJson(rule.conditions) === canonicalJson(conditions) &&
    canonicalJson(rule.effect) === canonicalJson(always.effect);
  const existing = (await listRules(pool, principal.workspaceId)).find(same);
  if (existing) return existing;
  const fields = await checkedFields(pool, principal, {
    name: always.name,
    reason: always.reason,
    mode: 'on',
    endsAt: null,
    conditions,
    effect: always.effect,
    cedar: null,
  });
  const actor = { kind: 'member' as const, id: principal.memberId };
  const rule = await createRule(pool, principal.workspaceId, { memberId: principal.memberId, role: principal.role }, fields, actor);
  await recordBy(pool, actor, {
    workspaceId: principal.workspaceId,
    subjectKind: 'decision',
    subjectId: decision.id,
    kind: 'rule_made',
    detail: { ask: position, ruleId: rule.id, name: rule.name },
  });
  return rule;
}
