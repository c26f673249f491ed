/**
 * A decision's side of its stack, kept inside the decision workflow: it learns which stack it
 * is in and when its auto-default is due (a signal from the stack workflow), keeps that
 * deadline as a durable timer, answers with the declared default when it fires (through the
 * decision's automatic answers, serialised with people's answers, because both change this one
 * workflow's state) and reports back to the stack whenever the decision opens or closes.
 */
import { condition, getExternalWorkflowHandle } from '@temporalio/workflow';
import type { DecisionSnapshot } from '../domain/decision';
import type { DecisionEvent } from '../domain/decision-state';
import type { AutomaticAnswers } from './automatic-answers';
import { untilDue } from '../domain/stack';
import { memberStatusSignal, type StackMembershipMessage } from './membership-signals';
import { stackWorkflowId } from './stack-messages';

/** What the stack side needs of its decision (the decision's state machine is one). */
export interface StackedDecision {
  readonly state: DecisionSnapshot;
  /** False while another change (an undo) is under way; the default waits for it. */
  readonly idle: boolean;
  commit(next: DecisionSnapshot, ...events: DecisionEvent[]): Promise<DecisionSnapshot>;
  /** The one path the machine's answers take (issue 42 item 1): the default is one of them. */
  readonly automatic: AutomaticAnswers;
}

/** How long before its auto-default a member warns, and what warning it gives. */
export type DefaultWarning = { leadMs: number; warn: (deadline: string) => Promise<void> };

export class StackSide {
  /** The stack's revision of the last signal applied, so a delayed older one changes nothing. */
  private seenRevision = 0;
  /** A deadline fires once: after an undo of the default, or a restore, it does not fire again. */
  private firedFor: string | null = null;
  private stopped = false;
  private reportedOpen: boolean | null = null;
  /** The stack's workflow id, as the stack said (signals before that carried none: derived from its id). */
  private stackWorkflow: string | null = null;
  /**
   * The report in flight. Signals sent by separate commands may reach the stack in any order,
   * so one report waits for the one before it, and each says what is true when it is sent.
   */
  private reporting: Promise<void> = Promise.resolve();
  private inFlight = 0;
  /** A deadline warns once, like it fires once (issue 40 item 8). */
  private warnedFor: string | null = null;
  /** The deadline's timer runs from the workflow's start, beside its main loop, until `stop`. */
  private readonly timer: Promise<void>;

  /**
   * `warning`: decisions filed at workflow version 5 or later announce `leadMs` before their
   * auto-default answers (a second timer, a new command); older ones have none, as recorded.
   */
  constructor(
    private readonly decision: StackedDecision,
    private readonly warning: DefaultWarning | null = null,
  ) {
    this.timer = this.keepDeadline();
  }

  /**
   * Tells the stack whether this decision is open now; called after any change of status.
   * `undefined` when there is nothing to tell: no stack, and no report still in flight.
   */
  report(): Promise<void> | undefined {
    // Most decisions are in no stack: start nothing for them (the SDK traces every workflow promise).
    if (!this.decision.state.stack && this.inFlight === 0) return undefined;
    this.inFlight += 1;
    this.reporting = this.reporting.then(async () => {
      const state = this.decision.state;
      const open = state.status === 'open';
      if (!state.stack || open === this.reportedOpen) return;
      this.reportedOpen = open;
      // A finished stack workflow cannot hear it; there is nothing left to close.
      await getExternalWorkflowHandle(this.stackWorkflow ?? stackWorkflowId(state.stack.stackId, undefined))
        .signal(memberStatusSignal, { decisionId: state.id, open })
        .catch(() => undefined);
    });
    return this.reporting.finally(() => (this.inFlight -= 1));
  }

  /** The stack workflow says which stack this decision is in (or that it left) and when its default is due. */
  async follow(signal: StackMembershipMessage): Promise<void> {
    const state = this.decision.state;
    const current = state.stack?.stackId ?? null;
    if (signal.stackId === current && signal.revision <= this.seenRevision) return;
    if (!signal.member && signal.stackId !== current) return;
    this.seenRevision = signal.revision;
    this.stackWorkflow = signal.member ? (signal.stackWorkflowId ?? null) : null;
    const stack = signal.member ? { stackId: signal.stackId, deadline: signal.deadline } : null;
    const at = new Date().toISOString();
    await this.decision.commit({ ...state, stack, revision: state.revision + 1, updatedAt: at });
    // A new stack learns this member's status from the member itself, whatever it was told.
    this.reportedOpen = null;
    await this.report();
  }

  /** Stops the deadline's timer once the decision's workflow is ending. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.timer;
  }

  private async keepDeadline(): Promise<void> {
    while (!this.stopped) {
      const stack = this.decision.state.stack;
      const deadline = stack?.deadline ?? null;
      const changed = () => this.decision.state.stack !== stack || this.stopped;
      if (!deadline || deadline === this.firedFor) {
        await condition(changed);
        continue;
      }
      const wait = untilDue(deadline, new Date());
      if (this.warning && deadline !== this.warnedFor && wait > 0) {
        // A deadline learned closer than the lead warns at once; one already past, not at all.
        const early = wait - this.warning.leadMs;
        if (early > 0 && (await condition(changed, early))) continue;
        this.warnedFor = deadline;
        await this.warning.warn(deadline);
        continue;
      }
      if (wait > 0 && (await condition(changed, wait))) continue;
      this.firedFor = deadline;
      await this.applyDefault();
    }
  }

  private async applyDefault(): Promise<void> {
    await condition(() => this.decision.idle);
    await this.decision.automatic.stackDefault();
  }
}
