/**
 * What a filing records of its rules' outcomes (issue 42 item 5): each shadow rule that matched,
 * and each live rule that answered, routed or set approvers, so a rule's page lists its record
 * beside what people answered. The filing service passes these to db/rules.ts `recordHits`.
 */
import type { RuleHit } from './rule';
import type { RuleOutcome } from './rule-request';

export type HitToRecord = Pick<RuleHit, 'ruleId' | 'revision' | 'decisionId' | 'position' | 'effect' | 'shadow' | 'inputDigest'>;

export function hitsOfOutcomes(decisionId: string, outcomes: readonly RuleOutcome[]): HitToRecord[] {
  return outcomes.flatMap((outcome) => {
    const hit = (rule: { id: string; revision: number }, effect: RuleHit['effect'], shadow: boolean): HitToRecord => ({
      ruleId: rule.id,
      revision: rule.revision,
      decisionId,
      position: outcome.position,
      effect,
      shadow,
      inputDigest: outcome.inputDigest,
    });
    const verdict = outcome.verdict;
    return [
      ...(verdict.kind === 'answer' ? [hit(verdict.rule, verdict.effect, false)] : []),
      ...(verdict.kind === 'ask-person' && verdict.rule ? [hit(verdict.rule, { kind: 'ask-person' }, false)] : []),
      ...(outcome.route ? [hit(outcome.route.rule, { kind: 'route', to: outcome.route.to }, false)] : []),
      ...(outcome.approvers ? [hit(outcome.approvers.rule, { kind: 'approvers', required: outcome.approvers.required }, false)] : []),
      ...outcome.shadowHits.map((shadowHit) => hit(shadowHit.rule, shadowHit.effect, true)),
    ];
  });
}
