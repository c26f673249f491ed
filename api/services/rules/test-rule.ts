/**
 * `POST /rules/test` (issue 42 item 5): what a rule not yet saved would have done over the
 * workspace's last 30 days of decisions, beside what the person answered. It runs through the
 * same evaluation as a filing, as the caller's rule, on a parse cache of its own so a trial never
 * evicts the workspace's live rules.
 */
import { describeAnswer } from '../../../domain/ask';
import type { AnswerValue, Ask } from '../../../domain/ask-schema';
import type { PersonPrincipal } from '../../../domain/principal';
import { requestFromSnapshot } from '../../../domain/rules/request-from-snapshot';
import { TEST_WINDOW_DAYS, type Rule, type RuleTestMatch, type RuleTestResult } from '../../../domain/rules/rule';
import type { RuleOutcome } from '../../../domain/rules/rule-request';
import type { Pool } from '../../../db/pool';
import { authorsOf } from '../../../db/rule-authors';
import { trialDecisions } from '../../../db/rule-trial-decisions';
import { evaluateRules, forgetRules } from '../../../rules/evaluate-rules';
import type { RuleFields } from '../../../db/rules';

const TRIAL_ID = `ru_${'0'.repeat(32)}`;

/** Whether the trial rule did something to this ask: answered it, sent it to a person, routed it or set its approvers. */
function matched(outcome: RuleOutcome): boolean {
  const verdict = outcome.verdict;
  const named = verdict.kind === 'answer' || verdict.kind === 'ask-person' ? verdict.rule?.id : undefined;
  return named === TRIAL_ID || outcome.route?.rule.id === TRIAL_ID || outcome.approvers?.rule.id === TRIAL_ID;
}

export async function testRule(pool: Pool, principal: PersonPrincipal, fields: RuleFields, now = new Date()): Promise<RuleTestResult> {
  const rule: Rule = {
    ...fields,
    id: TRIAL_ID,
    mode: 'on',
    endsAt: null,
    author: principal.memberId,
    authorRole: principal.role,
    revision: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const since = new Date(now.getTime() - TEST_WINDOW_DAYS * 86_400_000);
  const decisions = await trialDecisions(pool, principal.workspaceId, since);
  const authors = await authorsOf(pool, principal.workspaceId, [principal.memberId]);
  const cacheKey = `${principal.workspaceId}#trial`;
  forgetRules(cacheKey);
  const matches: RuleTestMatch[] = [];
  let considered = 0;
  for (const decision of decisions) {
    const request = requestFromSnapshot(decision.snapshot, {
      now: decision.createdAt,
      principal: decision.agentId ? { kind: 'agent', id: decision.agentId } : { kind: 'member', id: decision.filedBy },
      agentId: decision.agentId,
      sessionId: decision.sessionId,
      project: decision.project,
      cluster: decision.cluster,
      assigneeKey: decision.assigneeKey,
      authors,
    });
    considered += request.asks.length;
    const outcomes = evaluateRules([rule], { ...request, workspaceId: cacheKey });
    for (const outcome of outcomes.filter(matched)) {
      const ask = decision.snapshot.asks[outcome.position - 1];
      const answer = ask?.answer;
      matches.push({
        decisionId: decision.snapshot.id,
        position: outcome.position,
        question: decision.snapshot.question,
        effect: fields.effect,
        answered: ask && answer ? describeAnswer(ask as Ask, answer.value as AnswerValue) : null,
        at: decision.createdAt,
      });
    }
  }
  return { considered, matches };
}
