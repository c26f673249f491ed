/**
 * Reminders and expiry warnings (issue 40 items 7, 8): when an unanswered blocking decision
 * reminds its people and then the workspace's backup member, and how long before an automatic
 * answer or a host's deadline the people are warned. Zod-free: the decision workflow imports it.
 * The timers are the decision workflow's (workflows/decision-reach.ts); the plan is read from the
 * workspace's settings when the decision is filed and passed in its start, so the workflow stays
 * deterministic and a settings change applies to decisions filed after it.
 */
import type { DecisionSnapshot } from './decision';
import { declaredDefault } from './decision-state';

/** One workspace's plan, as the filing passes it to the workflow. Milliseconds. */
export type ReminderPlan = {
  /** An unanswered blocking decision reminds its people this long after it was filed. */
  remindAfterMs: number;
  /** …and the backup member this long after it was filed (later than `remindAfterMs`). */
  backupAfterMs: number;
  /** Who the second reminder goes to; null: no second reminder. */
  backupMemberId: string | null;
  /** How long before a stack's auto-default answers the people are warned. */
  deadlineLeadMs: number;
};

const MINUTE = 60_000;

/** One hour, four hours, no backup, fifteen minutes. */
export const REMINDER_DEFAULTS: ReminderPlan = {
  remindAfterMs: 60 * MINUTE,
  backupAfterMs: 4 * 60 * MINUTE,
  backupMemberId: null,
  deadlineLeadMs: 15 * MINUTE,
};

/** One reminder: the first goes to the decision's people, the second to the backup. */
export type ReminderStep = { nth: number; afterMs: number; backup: boolean };

/** The reminders a plan schedules, in order: the second only with a backup member named. */
export function reminderSteps(plan: ReminderPlan): ReminderStep[] {
  const steps: ReminderStep[] = [{ nth: 1, afterMs: plan.remindAfterMs, backup: false }];
  if (plan.backupMemberId) steps.push({ nth: 2, afterMs: plan.backupAfterMs, backup: true });
  return steps;
}

/**
 * How long before a host prompt's `waitsUntil` its people are warned. Host prompts wait minutes,
 * not hours: the workspace's lead, but never more than half of the prompt's whole wait, so a
 * prompt that waits ten minutes warns at its fifth, not at its filing.
 */
export function hostPromptLeadMs(filedAt: string, waitsUntil: string, deadlineLeadMs: number): number {
  const wait = Date.parse(waitsUntil) - Date.parse(filedAt);
  return Math.max(0, Math.min(deadlineLeadMs, Math.floor(wait / 2)));
}

/** What the workflow asks its activity to announce: a reminder, or a deadline drawing near. */
export type ReachNotice =
  | { kind: 'reminder'; nth: number; backup: boolean; backupMemberId: string | null }
  | { kind: 'deadline'; at: string; answersWith: string | null };

/** The label of the option a stack's auto-default would answer with now, or null when it would answer nothing. */
export function autoDefaultLabel(state: Pick<DecisionSnapshot, 'status' | 'mode' | 'defaultOption' | 'asks'>): string | null {
  const answer = declaredDefault(state);
  if (!answer || answer.value.kind !== 'decision') return null;
  const ask = state.asks[answer.ask - 1];
  const option = ask?.kind === 'decision' ? ask.options[(answer.value.selected[0] ?? 0) - 1] : undefined;
  return option?.label ?? null;
}

/**
 * What an open decision will do by itself unless someone answers, as the queue card and the
 * decision page say it (issue 40 item 8): a stack member answers itself with its default at its
 * deadline; a host prompt expires when its host stops waiting. Null: nothing happens by itself.
 */
export type SelfAnswer = { at: string; answersWith: string | null };

export function selfAnswer(
  decision: Pick<DecisionSnapshot, 'status' | 'mode' | 'defaultOption' | 'asks' | 'stack' | 'source'>,
): SelfAnswer | null {
  if (decision.status !== 'open') return null;
  const deadline = decision.stack?.deadline ?? null;
  const answersWith = deadline ? autoDefaultLabel(decision) : null;
  if (deadline && answersWith !== null) return { at: deadline, answersWith };
  const source = decision.source;
  const waitsUntil = source && (source.kind === 'permission' || source.kind === 'terminal') ? (source.waitsUntil ?? null) : null;
  return waitsUntil ? { at: waitsUntil, answersWith: null } : null;
}
