/**
 * The one path by which the machine answers a decision (issue 42 item 1): a rule's answer at
 * filing, passed in the start, and the stack's auto-default at its deadline. Each is checked as a
 * person's answer is, recorded through the same `applyAnswer` and `recordAnswer` (so the one that
 * resolves delivers the same way, and undo takes it back within the same window), with an actor
 * naming its source, no channel, and an `answered` entry that says so.
 */
import type { DecisionSnapshot } from '../domain/decision';
import { applyAnswer, autoDefaultAnswer, checkAnswer, type AnswerCommand, type DecisionEvent } from '../domain/decision-state';
import { ruleAnswerCommand, ruleMayAnswer, ruleProvenance, type AutomaticAnswer } from '../domain/automatic-answer';
import type { Provenance } from '../domain/provenance';

/** What answering needs of the decision (its state machine is one). */
export interface AnswerableDecision {
  readonly state: DecisionSnapshot;
  /** Records an answer, as a person's answer is recorded (the one that resolves also delivers). */
  recordAnswer(next: DecisionSnapshot, answered: DecisionEvent): Promise<DecisionSnapshot>;
  /** The answer's provenance, when the decision records it (filed at version 3 or later). */
  provenanceFor(command: AnswerCommand): Provenance | undefined;
}

/** The machine is no member: its entries are Cast's own, and their provenance names the source. */
const MACHINE: DecisionEvent['actor'] = { kind: 'system', id: null };

export class AutomaticAnswers {
  constructor(private readonly decision: AnswerableDecision) {}

  /**
   * The rules' answers from the start, in their order. One that does not fit (its ask answered
   * already, the decision closed, an approval that needs people) is skipped, never forced: a
   * person answers it instead.
   */
  async atFiling(answers: readonly AutomaticAnswer[]): Promise<void> {
    for (const answer of answers) {
      const command = ruleAnswerCommand(answer);
      if (!ruleMayAnswer(this.decision.state, answer) || checkAnswer(this.decision.state, command)) continue;
      await this.give(command, ruleProvenance(this.decision.state, answer));
    }
  }

  /** The stack's auto-default at its deadline, when the decision still has one to take. */
  async stackDefault(): Promise<void> {
    const command = autoDefaultAnswer(this.decision.state);
    if (command) await this.give(command, this.decision.provenanceFor(command));
  }

  private async give(command: AnswerCommand, provenance: Provenance | undefined): Promise<void> {
    const state = this.decision.state;
    await this.decision.recordAnswer(applyAnswer(state, command, new Date(), provenance), {
      kind: 'answered',
      actor: MACHINE,
      detail: { ask: command.ask, automatic: true, ...(provenance ? { provenance } : {}) },
    });
  }
}
