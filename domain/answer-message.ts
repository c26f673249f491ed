/**
 * The one message a resolved decision sends its agent (FR-30, DESIGN §3 "Delivery"): for a
 * single decision ask exactly `Decision: <chosen label>`; for several asks every ask with its
 * answer and reason. Both end with a `cast-decision` tag naming the id and the question, so
 * a host can render the message as the answer to its ask.
 */
import { describeAnswer } from './ask';
import { machineAnswerLine } from './automatic-answer';
import type { DecisionSnapshot } from './decision';
import { pendingLead, pendingTask, stillWaits, taskWaitsReplaces, type HeldTask } from './pane-lines';
import type { Pickup } from './pickup';

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
    // Issue 42 item 6: an answer a rule gave says so, by the rule's name and revision.
    const byRule = machineAnswerLine(only.answer);
    if (byRule) lines.push(byRule);
    return [...lines, castDecisionTag(decision)].join('\n');
  }
  const lines = [`Answers to "${decision.question}":`];
  for (const ask of answered) {
    lines.push(`${ask.position}. ${ask.prompt}`, `   Answer: ${describeAnswer(ask, ask.answer!.value)}`);
    if (ask.answer!.reason) lines.push(`   Reason: ${ask.answer!.reason}`);
    const byRule = machineAnswerLine(ask.answer!);
    if (byRule) lines.push(`   ${byRule}`);
  }
  for (const ask of decision.asks.filter((ask) => !ask.answer)) {
    lines.push(`${ask.position}. ${ask.prompt}`, '   Answer: (optional, not answered)');
  }
  return [...lines, castDecisionTag(decision)].join('\n');
}

/** "This Task is still waiting on 1 other blocker." — what holds it now (E16, §6.18), or null when nothing else does. */
function taskWaitsLine(task: HeldTask | null): string | null {
  const waits = stillWaits(task);
  if (!waits) return null;
  return `This Task is still waiting on ${waits.count} other ${waits.count === 1 ? 'blocker' : 'blockers'}.`;
}

/**
 * What the person is told about where the answer went (FR-31, FR-34; §6.18 copy) and, when
 * something else still holds its task, that it does (FR-33, E16) — in the outcome's place or
 * after it (domain/pane-lines.ts). The task is read with the line, so the count never
 * outlives the blockers it counts.
 */
export function deliveryLine(
  delivery: NonNullable<DecisionSnapshot['delivery']>,
  agentName: string | null,
  task: HeldTask | null = null,
  rejected = false,
): string {
  // Issue 39 item 4: after a rejection the lines that open with "Answered" open with "Rejected",
  // as the web's do (ui/src/features/decision/outcome-line.tsx).
  const taken = rejected ? 'Rejected' : 'Answered';
  const happened = {
    failed: `${taken}, but the agent could not be restarted automatically.`,
    injected: 'Sent to the Run that is already going.',
    restarted: `${agentName ?? 'The agent'} is picking the work back up.`,
    queued: 'Queued — waiting for a free slot.',
    waiting: `${taken}. ${agentName ?? 'The agent'} picks the work back up once the other decisions it waits on are answered.`,
    nothing: `${taken}. There was no paused work left to restart.`,
  }[delivery.kind];
  const waits = taskWaitsLine(task);
  if (!waits) return happened;
  // §6.18 "Restart — other blockers": "Answered. This Task is still waiting on {count} other blocker(s)."
  return taskWaitsReplaces(delivery.kind) ? `${taken}. ${waits}` : `${happened} ${waits}`;
}

/** The decision closed on a rejection: an approval ask of it was rejected (issue 39 item 4). */
export function closedOnRejection(decision: Pick<DecisionSnapshot, 'asks'>): boolean {
  return decision.asks.some((ask) => ask.answer?.value.kind === 'approval' && ask.answer.value.decision === 'reject');
}

/**
 * What answering the rest will do (§6.18 "Pending line"), while required asks remain: the
 * agent picks it up only when a run will (FR-31); otherwise the answer waits for it, and the
 * task's fate is said instead.
 */
export function pendingLine(
  progress: { answered: number; required: number },
  agentName: string | null,
  pickup: Pickup,
  task: HeldTask | null = null,
): string | null {
  const lead = pendingLead(progress);
  if (!lead) return null;
  const agent = agentName ?? 'the agent';
  const opening = lead.kind === 'last' ? 'One more' : `Answer all ${lead.count}`;
  const [answers, go, are] = progress.required === 1 ? ['your answer', 'goes', 'is'] : ['your answers', 'go', 'are'];
  const then = {
    restart: `${agent} picks this up where it stopped.`,
    waits: `${answers} ${are} recorded, and ${agent} picks this up once the other decisions it waits on are answered.`,
    inject: `${answers} ${go} to the run ${agent} already has going.`,
    stopped: `${answers} ${are} recorded, but ${agent}'s session has stopped: nothing restarts until its host is back.`,
    none: `${answers} ${are} recorded for ${agent}'s next check.`,
  }[pickup];
  const sentences = [`${opening} and ${then}`];
  const fate = pendingTask(pickup, task);
  if (fate?.frees) sentences.push(`Then the task "${task!.title}" is no longer blocked.`);
  else if (fate) sentences.push(taskWaitsLine(task)!);
  return sentences.join(' ');
}
