/**
 * Which matching rule wins (issue 42 item 2), once Cedar has said which rules match an ask:
 *   1. a forbid beats a permit, whoever wrote either (Cedar's own semantics: a denial or "ask a
 *      person" can never be outvoted, not even by an admin's approval);
 *   2. among rules of the winning side, an admin's (or owner's) beats a member's;
 *   3. then "ask a person" beats a denial (when rules disagree on how to refuse, a person does);
 *   4. then the older rule, then the smaller id, so the same rules always give the same answer.
 */
import { isAdmin } from '../assignment';
import type { Role } from '../permissions';
import type { RuleEffect } from './rule-effect';
import type { RuleRef } from './rule-request';

/** A rule Cedar found matching, with what precedence reads of it. */
export type Candidate = {
  rule: RuleRef & { authorRole: Role; createdAt: string };
  effect: RuleEffect;
  polarity: 'permit' | 'forbid';
};

function rank(candidate: Candidate): [number, number, number, string, string] {
  return [
    candidate.polarity === 'forbid' ? 0 : 1,
    isAdmin(candidate.rule.authorRole) ? 0 : 1,
    candidate.effect.kind === 'ask-person' ? 0 : 1,
    candidate.rule.createdAt,
    candidate.rule.id,
  ];
}

function before(a: Candidate, b: Candidate): boolean {
  const left = rank(a);
  const right = rank(b);
  for (let index = 0; index < left.length; index += 1) {
    if (left[index]! < right[index]!) return true;
    if (left[index]! > right[index]!) return false;
  }
  return false;
}

/** The winner among candidates, or undefined when there are none. */
export function strongest(candidates: readonly Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  for (const candidate of candidates) if (!best || before(candidate, best)) best = candidate;
  return best;
}

export function refOf(candidate: Candidate): RuleRef {
  return { id: candidate.rule.id, name: candidate.rule.name, revision: candidate.rule.revision };
}
