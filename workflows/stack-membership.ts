/**
 * A decision's side of its stack, run inside the decision workflow: it learns which stack it
 * is in and when its auto-default is due (a signal from the stack workflow), keeps that
 * deadline as a durable timer, answers with the declared default when it fires — serialised
 * with people's answers, because both change this one workflow's state — and reports back
 * to the stack whenever the decision opens or closes.
 */
import { condition, getExternalWorkflowHandle, setHandler } from '@temporalio/workflow';
import type { DecisionSnapshot } from '../domain/decision';
import { applyAnswer, autoDefaultAnswer, type DecisionEvent } from '../domain/decision-state';
import { stackMembershipSignal } from './messages';
import { memberStatusSignal, stackWorkflowId } from './stack-messages';

type Decision = {
  state(): DecisionSnapshot;
  commit(next: DecisionSnapshot, ...events: DecisionEvent[]): Promise<DecisionSnapshot>;
  /** Records an answer, as a person's answer is recorded (the one that resolves also delivers). */
  answer(next: DecisionSnapshot, answered: DecisionEvent): Promise<DecisionSnapshot>;
  /** False while another change (an undo) is under way; the default waits for it. */
  idle(): boolean;
};

export type StackMembershipKeeper = {
  /**
   * Tells the stack whether this decision is open now; call after any change of status.
   * `undefined` when there is nothing to tell: no stack, and no report still in flight.
   */
  report(): Promise<void> | undefined;
  /** Stops the deadline timer once the decision's workflow is ending. */
  stop(): Promise<void>;
};

export function keepStackMembership(decision: Decision): StackMembershipKeeper {
  // The stack's revision of the last signal applied, so a delayed older one changes nothing.
  let seenRevision = 0;
  // A deadline fires once: after an undo of the default, or a restore, it does not fire again.
  let firedFor: string | null = null;
  let stopped = false;
  let reportedOpen: boolean | null = null;

  // The report in flight. Signals sent by separate commands may reach the stack in any order,
  // so one report waits for the one before it, and each says what is true when it is sent.
  let reporting: Promise<void> = Promise.resolve();
  let inFlight = 0;

  function report(): Promise<void> | undefined {
    // Most decisions are in no stack: start nothing for them (the SDK traces every workflow promise).
    if (!decision.state().stack && inFlight === 0) return undefined;
    inFlight += 1;
    reporting = reporting.then(async () => {
      const state = decision.state();
      const open = state.status === 'open';
      if (!state.stack || open === reportedOpen) return;
      reportedOpen = open;
      // A finished stack workflow cannot hear it; there is nothing left to close.
      await getExternalWorkflowHandle(stackWorkflowId(state.stack.stackId))
        .signal(memberStatusSignal, { decisionId: state.id, open })
        .catch(() => undefined);
    });
    return reporting.finally(() => (inFlight -= 1));
  }

  setHandler(stackMembershipSignal, async (signal) => {
    const state = decision.state();
    const current = state.stack?.stackId ?? null;
    if (signal.stackId === current && signal.revision <= seenRevision) return;
    if (!signal.member && signal.stackId !== current) return;
    seenRevision = signal.revision;
    const stack = signal.member ? { stackId: signal.stackId, deadline: signal.deadline } : null;
    const at = new Date().toISOString();
    await decision.commit({ ...state, stack, revision: state.revision + 1, updatedAt: at });
    // A new stack learns this member's status from the member itself, whatever it was told.
    reportedOpen = null;
    await report();
  });

  async function applyDefault(): Promise<void> {
    await condition(decision.idle);
    const state = decision.state();
    const command = autoDefaultAnswer(state);
    if (!command) return;
    const actor = { kind: 'system' as const, id: null };
    await decision.answer(applyAnswer(state, command, new Date()), { kind: 'answered', actor, detail: { ask: command.ask, automatic: true } });
  }

  const timer = (async () => {
    while (!stopped) {
      const stack = decision.state().stack;
      const deadline = stack?.deadline ?? null;
      const changed = () => decision.state().stack !== stack || stopped;
      if (!deadline || deadline === firedFor) {
        await condition(changed);
        continue;
      }
      const wait = Date.parse(deadline) - Date.now();
      if (wait > 0 && (await condition(changed, wait))) continue;
      firedFor = deadline;
      await applyDefault();
    }
  })();

  return {
    report,
    async stop() {
      stopped = true;
      await timer;
    },
  };
}
