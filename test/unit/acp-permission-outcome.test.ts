/**
 * Issue 43 item 2: the agent's ACP option from the card's answer. Only a clear approval becomes an
 * allow, and "always" only where the person said it; anything else — a deny, a withdrawn card, an
 * answer of another kind, no answer — is the agent's reject option, or `cancelled` without one.
 */
import type { PermissionOption } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { agentAnswer } from '../../cli/hosts/acp/permission-outcome';

const ALL: PermissionOption[] = [
  { kind: 'allow_once', name: 'Allow', optionId: 'a1' },
  { kind: 'allow_always', name: 'Always allow', optionId: 'aa' },
  { kind: 'reject_once', name: 'Reject', optionId: 'r1' },
  { kind: 'reject_always', name: 'Always reject', optionId: 'ra' },
];

/** Only what the mapping reads of a card: its status and its one ask's answer. */
function card(status: DecisionView['status'], value: Record<string, unknown> | null, reason: string | null = null): DecisionView {
  return { id: 'sd-9', status, asks: [{ answer: value ? { value, reason } : null }] } as unknown as DecisionView;
}

/** As the core reports a card that left open: answered when resolved, else withdrawn. */
const outcomeOf = (decision: DecisionView) =>
  decision.status === 'resolved' ? ({ kind: 'answered', decision } as const) : ({ kind: 'withdrawn', decision } as const);
const chosen = (decision: DecisionView, options = ALL) => agentAnswer(outcomeOf(decision), options).outcome;

describe('issue 43: a card’s answer as the agent’s ACP option', () => {
  it('approve is allow_once; approve-and-always is allow_always', () => {
    expect(chosen(card('resolved', { kind: 'approval', decision: 'approve' }))).toEqual({ outcome: 'selected', optionId: 'a1' });
    expect(chosen(card('resolved', { kind: 'approval', decision: 'approve', always: true }))).toEqual({
      outcome: 'selected',
      optionId: 'aa',
    });
  });

  it('a plain approve never becomes a standing allow: without allow_once it is a no', () => {
    const noOnce = ALL.filter((option) => option.kind !== 'allow_once');
    expect(chosen(card('resolved', { kind: 'approval', decision: 'approve' }), noOnce)).toEqual({ outcome: 'selected', optionId: 'r1' });
  });

  it('reject, a withdrawn card, an answer of another kind and no answer are all the reject option', () => {
    for (const decision of [
      card('resolved', { kind: 'approval', decision: 'reject' }, 'Not on Fridays'),
      card('withdrawn', null),
      card('archived', null),
      card('resolved', { kind: 'option', option: 1 }),
    ])
      expect(chosen(decision)).toEqual({ outcome: 'selected', optionId: 'r1' });
    expect(agentAnswer({ kind: 'failed', error: new Error('connect ECONNREFUSED'), fate: null }, ALL).outcome).toEqual({
      outcome: 'selected',
      optionId: 'r1',
    });
  });

  it('the person’s reason goes with a reject, and an agent with no reject option hears cancelled', () => {
    const denied = card('resolved', { kind: 'approval', decision: 'reject' }, 'Not on Fridays');
    expect(agentAnswer({ kind: 'answered', decision: denied }, ALL).said).toBe('Denied in Cast (sd-9): Not on Fridays');
    const onlyAllows = ALL.filter((option) => option.kind.startsWith('allow'));
    expect(chosen(denied, onlyAllows)).toEqual({ outcome: 'cancelled' });
    expect(chosen(card('withdrawn', null), onlyAllows)).toEqual({ outcome: 'cancelled' });
  });
});
