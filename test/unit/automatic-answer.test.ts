/**
 * Issue 42 items 1, 6: a rule's answer is a person's answer command with the rule as its actor,
 * and it is told in words — to the agent ("Answered by rule 'tests may run' (r3)") and to people.
 */
import { describe, expect, it } from 'vitest';
import { composeAnswerMessage } from '../../domain/answer-message';
import {
  digestAtFiling,
  machineAnswerer,
  ruleAnswerCommand,
  ruleMayAnswer,
  ruleProvenance,
  type AutomaticAnswer,
} from '../../domain/automatic-answer';
import { applyAnswer, answerProvenance, openDecision, toDecisionView } from '../../domain/decision-state';
import { digestOf } from '../../domain/provenance';
import { verdictOf } from '../../cli/hosts/claude-code/answer-verdict';
import { AnsweredByFilter, answeredByActor } from '../../domain/queue';
import { decisionStart } from '../support/fixtures';

const who = { id: 'sd-7', workspaceId: 'ws', filedBy: 'm-ana' };
const approval = {
  question: 'Run the test suite?',
  context: 'It needs the database.',
  asks: [{ kind: 'approval' as const, prompt: 'Run npm test', action: { kind: 'override_budget' as const, summary: 'Run npm test' } }],
};
const rule = { kind: 'rule' as const, id: 'rule-tests', name: 'tests may run', revision: 3 };

function answered(answer: Omit<AutomaticAnswer, 'inputDigest'>) {
  const start = decisionStart(approval, who);
  const state = openDecision(start, new Date('2026-12-04T10:00:00Z'));
  const full = { ...answer, inputDigest: digestAtFiling(start, answer.ask) };
  return { start, state, full, next: applyAnswer(state, ruleAnswerCommand(full), new Date(), ruleProvenance(state, full)) };
}

describe("a rule's answer", () => {
  it('is recorded as the rule, automatic, with the digest a person answering the same ask would record', () => {
    const { state, next } = answered({ ask: 1, value: { kind: 'approval', decision: 'approve' }, reason: null, source: rule });
    const answer = next.asks[0]!.answer!;
    expect(next.status).toBe('resolved');
    expect(answer).toMatchObject({ answeredBy: 'rule:rule-tests', automatic: true });
    expect(answer.provenance).toMatchObject({
      actor: { kind: 'rule', id: 'rule-tests', name: 'tests may run', revision: 3 },
      channel: null,
    });
    const person = answerProvenance(state, { ask: 1, value: { kind: 'approval', decision: 'approve' }, reason: null, answeredBy: 'm-ana' });
    expect(answer.provenance?.inputDigest).toBe(person.inputDigest);
  });

  it("tells the agent which rule answered, and a deny's reason in words", () => {
    const reason = 'Production needs a person.';
    const { next } = answered({ ask: 1, value: { kind: 'approval', decision: 'reject' }, reason, source: rule });
    const message = composeAnswerMessage(next);
    expect(message).toContain(`Reason: ${reason}`);
    expect(message).toContain("Answered by rule 'tests may run' (r3)");
  });

  it("names the rule for people; the stack's auto-default as before; a person's answer not at all", () => {
    const { next } = answered({ ask: 1, value: { kind: 'approval', decision: 'approve' }, reason: null, source: rule });
    expect(machineAnswerer(next.asks[0]!.answer!)).toBe("The rule 'tests may run' (r3)");
    expect(machineAnswerer({ automatic: true })).toBe("The stack's auto-default");
    expect(machineAnswerer({ provenance: { actor: { kind: 'member', id: 'm-ana' } } })).toBeNull();
  });
});

describe('an approval that needs people', () => {
  it("takes a rule's veto, never a rule's approval (it would count as a person, or slip past the bar)", () => {
    const policy = { actions: { override_budget: { minimum: 2, separation: false } }, risks: {}, asker: 'm-ana' };
    const state = openDecision({ ...decisionStart(approval, who), approvalPolicy: policy }, new Date());
    expect(state.asks[0]).toMatchObject({ quorum: { required: 2 } });
    const by = (decision: 'approve' | 'reject'): AutomaticAnswer => ({
      ask: 1,
      value: { kind: 'approval', decision },
      reason: decision === 'reject' ? 'Never.' : null,
      source: rule,
      inputDigest: digestAtFiling(decisionStart(approval, who), 1),
    });
    expect(ruleMayAnswer(state, by('approve'))).toBe(false);
    expect(ruleMayAnswer(state, by('reject'))).toBe(true);
    expect(ruleMayAnswer(openDecision(decisionStart(approval, who), new Date()), by('approve'))).toBe(true);
  });
});

describe("a rule's answer to a host's permission prompt", () => {
  it("digests the tool input, and the hook's verdict names the rule with a deny's reason", () => {
    const source = {
      kind: 'permission' as const,
      id: 'hp-1',
      tool: 'Bash',
      toolInput: { command: 'npm test' },
      lastAssistantMessage: null,
      pinned: null,
    };
    const start = { ...decisionStart(approval, who), source };
    const state = openDecision(start, new Date());
    const answer: AutomaticAnswer = {
      ask: 1,
      value: { kind: 'approval', decision: 'reject' },
      reason: 'Run the tests in CI instead.',
      source: rule,
      inputDigest: digestAtFiling(start, 1),
    };
    const provenance = ruleProvenance(state, answer);
    expect(provenance).toMatchObject({ digestOf: 'tool-input', inputDigest: digestOf({ command: 'npm test' }) });
    const view = toDecisionView(applyAnswer(state, ruleAnswerCommand(answer), new Date(), provenance));
    expect(verdictOf(view)).toEqual({
      decision: 'deny',
      reason: "Denied in Cast (sd-7) by rule 'tests may run' (r3): Run the tests in CI instead.",
    });
  });
});

describe('the Answered filter by rule', () => {
  it('takes `rule:<id>` and refuses anything else', () => {
    expect(AnsweredByFilter.parse('rule:rule-tests')).toBe('rule:rule-tests');
    expect(answeredByActor('rule:rule-tests')).toEqual({ kind: 'rule', id: 'rule-tests' });
    expect(AnsweredByFilter.safeParse('rule:').success).toBe(false);
    expect(AnsweredByFilter.safeParse('m-ana').success).toBe(false);
    expect(answeredByActor('m-ana')).toBeNull();
  });
});
