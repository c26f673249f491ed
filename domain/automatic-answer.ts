/**
 * Answers the machine gives (issue 42 item 1; DESIGN §11 "One home for automatic answers"): a
 * rule's, passed in the decision's start by the filing service that evaluated the rules, and the
 * stack's auto-default at its deadline. Both are recorded like a person's answer, through the
 * same `applyAnswer`, with an actor naming their source and no channel; the decision workflow
 * applies them in one place (workflows/automatic-answers.ts). Zod-free: the workflow imports it.
 */
import type { AnswerValue } from './ask-schema';
import type { AnswerCommand } from './decision-state';
import type { DecisionSnapshot, DecisionStart } from './decision';
import { approvedInput, digestOf, type Provenance, type ProvenanceActor } from './provenance';

/** The rule that answered, as it was when it matched: its name is kept for the words people and agents read. */
export type RuleRef = { id: string; name: string; revision: number };

/**
 * One answer a rule gives at filing, in the start's `automaticAnswers`. The answer has the shape a
 * person's answer command has — approve or reject, choose option N, a fact's value — and a deny
 * carries its `reason`, which the agent reads. `inputDigest` is the digest of the input the rule
 * matched (domain/provenance.ts `digestOf`), computed where the rule was evaluated.
 */
export type AutomaticAnswer = {
  ask: number;
  value: AnswerValue;
  reason: string | null;
  source: { kind: 'rule' } & RuleRef;
  inputDigest: string;
};

/** Who a rule's answer is recorded as (`answeredBy`): no member, the rule. */
export function ruleAnsweredBy(ruleId: string): string {
  return `rule:${ruleId}`;
}

/** Whether an `answeredBy` names a rule rather than a member (`ruleAnsweredBy`). */
export function isRuleAnswerer(answeredBy: string): boolean {
  return answeredBy.startsWith('rule:');
}

/** The answer command a rule's answer is checked and applied as, like a person's. */
export function ruleAnswerCommand(answer: AutomaticAnswer): AnswerCommand {
  return { ask: answer.ask, value: answer.value, reason: answer.reason, answeredBy: ruleAnsweredBy(answer.source.id), automatic: true };
}

/**
 * Whether a rule may give this answer at all, besides fitting the ask as a person's must. An
 * approval ask that needs several people, or bars its asker (issue 41), asks for people: a rule's
 * approval would count as one of them, or slip past the bar, so only a rejection (a veto) is a
 * rule's to give there. Fail closed: the ask stays for people.
 */
export function ruleMayAnswer(state: Pick<DecisionSnapshot, 'asks'>, answer: AutomaticAnswer): boolean {
  const ask = state.asks[answer.ask - 1];
  const approves = answer.value.kind === 'approval' && answer.value.decision === 'approve';
  return !(ask?.kind === 'approval' && ask.quorum && approves);
}

/** A rule's provenance: the rule at its revision, no channel, and the digest of what it matched. */
export function ruleProvenance(
  state: Pick<DecisionSnapshot, 'question' | 'context' | 'asks' | 'source'>,
  answer: AutomaticAnswer,
): Provenance {
  const { id, name, revision } = answer.source;
  return {
    actor: { kind: 'rule', id, name, revision },
    channel: null,
    inputDigest: answer.inputDigest,
    digestOf: approvedInput(state, answer.ask).digestOf,
  };
}

/** "rule 'tests may run' (r3)": how a rule is named wherever its answer is told. */
export function ruleWords(rule: Pick<RuleRef, 'name' | 'revision'>): string {
  return `rule '${rule.name}' (r${rule.revision})`;
}

/**
 * The line the agent's message carries for an answer the machine gave, or null for a person's:
 * "Answered by rule 'tests may run' (r3)". The stack's auto-default says so in its reason, as it
 * always has, so it adds no line.
 */
export function machineAnswerLine(answer: { provenance?: { actor: ProvenanceActor } | undefined }): string | null {
  const actor = answer.provenance?.actor;
  return actor?.kind === 'rule' ? `Answered by ${ruleWords(actor)}` : null;
}

/** Who gave a machine's answer, for a sentence ("… answered it"); null for a person's. */
export function machineAnswerer(answer: { automatic?: true; provenance?: { actor: ProvenanceActor } | undefined }): string | null {
  const actor = answer.provenance?.actor;
  if (actor?.kind === 'rule') return `The ${ruleWords(actor)}`;
  return answer.automatic ? "The stack's auto-default" : null;
}

/**
 * The digest of what an answer to ask `position` approves, computed from the filing before the
 * decision exists — the same digest the decision computes for a person's answer to it — so the
 * filing service can pass it with the rule's answer.
 */
export function digestAtFiling(filing: Pick<DecisionStart, 'question' | 'context' | 'asks' | 'source'>, position: number): string {
  // An ask as filed is the ask as asked: the decision only adds its bookkeeping, which the digest leaves out.
  const asks = filing.asks as unknown as DecisionSnapshot['asks'];
  const state = { question: filing.question, context: filing.context ?? null, asks, source: filing.source ?? null };
  return digestOf(approvedInput(state, position).input);
}

/** Given by the stack's auto-default: automatic, and not a rule's (both are `automatic`). */
export function byStackDefault(
  answer: { automatic?: true; provenance?: { actor: ProvenanceActor } | undefined } | null | undefined,
): boolean {
  return answer?.automatic === true && answer.provenance?.actor.kind !== 'rule';
}
