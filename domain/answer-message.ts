/**
 * The one message a resolved decision sends its agent (FR-30, DESIGN §3 "Delivery"): for a
 * single decision ask exactly `Decision: <chosen label>`; for several asks every ask with its
 * answer and reason. Both end with a `cast-decision` tag naming the id and the question, so
 * a host can render the message as the answer to its ask.
 */
import { describeAnswer } from './ask';
import type { DecisionSnapshot } from './decision';

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('\n', ' ');
}

export function castDecisionTag(decision: Pick<DecisionSnapshot, 'id' | 'question'>): string {
  return `<cast-decision id="${decision.id}" question="${attribute(decision.question)}" />`;
}

export function composeAnswerMessage(decision: Pick<DecisionSnapshot, 'id' | 'question' | 'asks'>): string {
  const answered = decision.asks.filter((ask) => ask.answer);
  const [only] = decision.asks;
  if (decision.asks.length === 1 && only?.kind === 'decision' && only.answer) {
    const lines = [`Decision: ${describeAnswer(only, only.answer.value)}`];
    if (only.answer.reason) lines.push(`Reason: ${only.answer.reason}`);
    return [...lines, castDecisionTag(decision)].join('\n');
  }
  const lines = [`Answers to "${decision.question}":`];
  for (const ask of answered) {
    lines.push(`${ask.position}. ${ask.prompt}`, `   Answer: ${describeAnswer(ask, ask.answer!.value)}`);
    if (ask.answer!.reason) lines.push(`   Reason: ${ask.answer!.reason}`);
  }
  for (const ask of decision.asks.filter((ask) => !ask.answer)) {
    lines.push(`${ask.position}. ${ask.prompt}`, '   Answer: (optional, not answered)');
  }
  return [...lines, castDecisionTag(decision)].join('\n');
}

/** What the person is told about where the answer went (FR-31, FR-33, FR-34; §6.18 copy). */
export function deliveryLine(delivery: NonNullable<DecisionSnapshot['delivery']>, agentName: string | null): string {
  if (delivery.kind === 'failed') return 'Answered, but the agent could not be restarted automatically.';
  if (delivery.otherBlockers > 0) {
    // §6.18's "blocker(s)" is the plural slot: one blocker, two blockers (§6.5, E16).
    const blockers = delivery.otherBlockers === 1 ? 'blocker' : 'blockers';
    return `Answered. This Task is still waiting on ${delivery.otherBlockers} other ${blockers}.`;
  }
  switch (delivery.kind) {
    case 'injected':
      return 'Sent to the Run that is already going.';
    case 'restarted':
      return `${agentName ?? 'The agent'} is picking the work back up.`;
    case 'queued':
      return 'Queued — waiting for a free slot.';
    case 'nothing':
      return 'Answered. There was no paused work left to restart.';
  }
}

/** What answering the rest will do (§6.18 "Pending line"), while required asks remain. */
export function pendingLine(progress: { answered: number; required: number }, agentName: string | null): string | null {
  const left = progress.required - progress.answered;
  const agent = agentName ?? 'the agent';
  if (left <= 0) return null;
  return left === 1
    ? `One more and ${agent} picks this up where it stopped.`
    : `Answer all ${left} and ${agent} picks this up where it stopped.`;
}
