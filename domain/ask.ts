/**
 * Asks: the typed questions inside a decision. Five kinds (FR-16), each with its rules in
 * `asks/`; this module is the dispatch. Zod-free, like everything the workflow bundle
 * imports (the SDK evaluates that bundle afresh for every workflow); the wire shapes are in
 * `ask-schema.ts`.
 */
import type { Rejection } from './errors';
import type { AnswerValue, Ask } from './ask-schema';
import { approvalNeedsReason, describeApproval } from './asks/approval-ask';
import { checkDecisionAnswer, decisionNeedsReason, describeDecisionAnswer } from './asks/decision-ask';

export { recommendedOption } from './asks/decision-ask';
export { AccessVerification } from './asks/access-ask';

export const AskKind = ['decision', 'approval', 'fact', 'access', 'action'] as const;
export type AskKind = (typeof AskKind)[number];

export const REASON_MAX = 1000;

const ANSWER_HINT: Record<AskKind, string> = {
  decision: '{"kind":"decision","selected":[1]}',
  approval: '{"kind":"approval","decision":"approve"}',
  fact: '{"kind":"fact","text":"…"}',
  access: '{"kind":"access","granted":true}',
  action: '{"kind":"action","done":true}',
};

/** "an approval", "a fact": the kinds read as words in a sentence. */
const withArticle = (kind: AskKind) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;

/**
 * Where the ask is shown. cast-decide "Permission prompts in the same queue": a permission card
 * is answered with y or n alone, so its Deny needs no reason; FR-24's reason is for a rejection
 * of an action an agent proposed, which it learns from.
 */
export type AskPlace = { permission?: boolean };

/** Checks an answer against the ask it answers (FR-23, FR-24); `null` means it fits. */
export function checkAnswerShape(
  ask: Ask,
  position: number,
  answer: AnswerValue,
  reason: string | null,
  place: AskPlace = {},
): Rejection | null {
  if (answer.kind !== ask.kind) {
    return {
      code: 'answer_kind_mismatch',
      message: `Ask ${position} is ${withArticle(ask.kind)} ask; answer it with ${ANSWER_HINT[ask.kind]}, not ${withArticle(answer.kind)} answer.`,
      details: { ask: position, expected: ask.kind, received: answer.kind },
    };
  }
  if (ask.kind === 'decision' && answer.kind === 'decision') {
    const rejection = checkDecisionAnswer(ask, position, answer);
    if (rejection) return rejection;
  }
  if (!reason && needsReason(ask, answer, place)) {
    return {
      code: 'reason_required',
      message:
        ask.kind === 'approval'
          ? `Rejecting ask ${position} needs a reason: one sentence is enough. This is what the agent learns from.`
          : `Choosing against the recommended option of ask ${position} needs a reason: one sentence is enough. This is what the agent learns from.`,
      details: { ask: position },
    };
  }
  return null;
}

export function needsReason(ask: Ask, answer: AnswerValue, place: AskPlace = {}): boolean {
  if (ask.kind === 'approval' && answer.kind === 'approval') return !place.permission && approvalNeedsReason(answer);
  if (ask.kind === 'decision' && answer.kind === 'decision') return decisionNeedsReason(ask, answer);
  return false;
}

/** The answer in words, as the agent and the queue show it. */
export function describeAnswer(ask: Ask, answer: AnswerValue): string {
  if (ask.kind === 'decision' && answer.kind === 'decision') return describeDecisionAnswer(ask, answer);
  if (answer.kind === 'approval') return describeApproval(answer);
  if (answer.kind === 'fact') return answer.text;
  if (answer.kind === 'access') return 'Access granted';
  if (answer.kind === 'action') return answer.note ? `Done — ${answer.note}` : 'Done';
  return '';
}
