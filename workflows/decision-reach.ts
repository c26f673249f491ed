/**
 * A decision's reach timers (issue 40 items 7, 8; decisions filed at workflow version 5 or
 * later): durable timers beside the main loop that remind its people and then the backup member
 * while it stays unanswered, and warn before its host stops waiting. Each timer is a
 * `condition` with a timeout, so the answer (or a withdrawal, an archive, an expiry) that takes
 * the decision out of `open` cancels the timers still pending in the same workflow task. They
 * emit events, not sends: the activity writes the outbox, the notifier's channels deliver.
 * A stack's auto-default warns from its side (workflows/stack-side.ts), which keeps that deadline.
 */
import { condition } from '@temporalio/workflow';
import type { DecisionSnapshot } from '../domain/decision';
import { autoDefaultLabel, hostPromptLeadMs, reminderSteps, type ReachNotice, type ReminderPlan } from '../domain/reminders';
import { announceReach } from './decision-activities';

/** What the timers read of their decision (the decision's state machine is one). */
export interface ReachingDecision {
  readonly state: DecisionSnapshot;
}

export class DecisionReach {
  /** Announcements in flight: the workflow does not end before they are written. */
  private pending = 0;

  constructor(
    private readonly decision: ReachingDecision,
    readonly plan: ReminderPlan,
  ) {}

  get quiet(): boolean {
    return this.pending === 0;
  }

  /**
   * The reminders, counted from the filing: the first to the decision's people, the second to the
   * backup member (none named: none). Only a blocking decision reminds, as it is when the timer
   * fires. Once it leaves `open` the chain ends for good: an undo that reopens it starts none.
   */
  async remind(): Promise<void> {
    const filedAt = Date.parse(this.decision.state.createdAt);
    for (const step of reminderSteps(this.plan)) {
      if (await this.leftOpenBefore(filedAt + step.afterMs)) return;
      if (this.decision.state.mode !== 'blocking') continue;
      await this.announce({ kind: 'reminder', nth: step.nth, backup: step.backup, backupMemberId: this.plan.backupMemberId });
    }
  }

  /** A host prompt warns its people before its host stops waiting (`hostPromptLeadMs`); the answer it then gets is none. */
  async warnBeforeLapse(waitsUntil: string): Promise<void> {
    const lead = hostPromptLeadMs(this.decision.state.createdAt, waitsUntil, this.plan.deadlineLeadMs);
    if (lead <= 0) return;
    if (await this.leftOpenBefore(Date.parse(waitsUntil) - lead)) return;
    await this.announce({ kind: 'deadline', at: waitsUntil, answersWith: null });
  }

  /** A stack member warns before its auto-default answers, naming the option it will pick; nothing to pick, no warning. */
  async warnBeforeDefault(deadline: string): Promise<void> {
    const answersWith = autoDefaultLabel(this.decision.state);
    if (answersWith !== null) await this.announce({ kind: 'deadline', at: deadline, answersWith });
  }

  /** Waits until `at` (a timer, cancelled once the decision leaves `open`); true when it left first. */
  private async leftOpenBefore(at: number): Promise<boolean> {
    const left = () => this.decision.state.status !== 'open';
    const ms = at - Date.now();
    return ms > 0 ? condition(left, ms) : left();
  }

  private async announce(notice: ReachNotice): Promise<void> {
    if (this.decision.state.status !== 'open') return;
    this.pending += 1;
    try {
      // The state as the timer found it: its revision is the guard against an answer recorded since.
      await announceReach(this.decision.state, notice);
    } finally {
      this.pending -= 1;
    }
  }
}
