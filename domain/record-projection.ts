/**
 * How approvals and escalations appear in the queue (FR-13): each as a decision with one
 * derived ask, and how the answer to that ask settles the record (FR-29).
 */
import { describeAnswer } from './ask';
import { Ask } from './ask-schema';
import { RISK_WORDS, type ProposeApprovalBody } from './approval';
import type { AskState, DecisionContent, RecordKind } from './decision';
import type { RaiseEscalationBody } from './escalation';

export function approvalDecision(approval: Pick<ProposeApprovalBody, 'actionType' | 'summary' | 'context' | 'risks'>): DecisionContent {
  const ask = Ask.parse({
    kind: 'approval',
    prompt: approval.summary,
    action: { kind: approval.actionType, summary: approval.summary },
    risks: approval.risks.map((risk) => RISK_WORDS[risk]),
  });
  return { question: approval.summary, ...(approval.context ? { context: approval.context } : {}), asks: [ask], mode: 'blocking' };
}

export function escalationDecision(
  escalation: Pick<RaiseEscalationBody, 'summary' | 'mustDecide' | 'options' | 'attempts' | 'confidence'>,
): DecisionContent {
  const ask = Ask.parse(
    escalation.options
      ? { kind: 'decision', prompt: escalation.mustDecide, options: escalation.options.map((label) => ({ label })) }
      : { kind: 'fact', prompt: escalation.mustDecide, multiline: true },
  );
  return {
    question: escalation.mustDecide,
    context: escalation.summary,
    asks: [ask],
    mode: 'blocking',
    attempts: escalation.attempts,
    ...(escalation.confidence !== undefined ? { confidence: escalation.confidence } : {}),
  };
}

/** What the record becomes once its derived ask is answered. */
export type Settlement =
  | { kind: 'approval'; status: 'approved' | 'rejected'; by: string; at: string; reason: string | null }
  | { kind: 'escalation'; resolution: string; by: string; at: string };

export function settlementOf(kind: RecordKind, ask: AskState): Settlement | null {
  const answer = ask.answer;
  if (!answer) return null;
  if (kind === 'approval') {
    if (answer.value.kind !== 'approval') return null;
    const status = answer.value.decision === 'approve' ? 'approved' : 'rejected';
    return { kind, status, by: answer.answeredBy, at: answer.answeredAt, reason: answer.reason };
  }
  const said = describeAnswer(ask, answer.value);
  return { kind, resolution: answer.reason ? `${said} — ${answer.reason}` : said, by: answer.answeredBy, at: answer.answeredAt };
}
