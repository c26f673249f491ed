/**
 * Issue 41 items 3, 4 as pure rules: the quorum an approval ask is asked with (the strictest of
 * the agent's count, its action kind's and its risks'), who may approve it, when an approval
 * answers it, and what undo takes back — the rules the workflow's validator and handlers run.
 */
import { describe, expect, it } from 'vitest';
import { checkApproval, completesQuorum, quorumFor, type ApprovalPolicy } from '../../domain/approval-quorum';
import { fullSettings, policyOf } from '../../domain/approval-settings-schema';
import type { DecisionSnapshot } from '../../domain/decision';
import { applyAnswer, checkAnswer, openDecision, type AnswerCommand } from '../../domain/decision-state';
import { checkUndo, undoAnswer } from '../../domain/undo';
import { decisionStart } from '../support/fixtures';

const ask = (extra: Record<string, unknown> = {}) => ({
  kind: 'approval' as const,
  prompt: 'Go over budget?',
  required: true,
  action: { kind: 'override_budget' as const, summary: 'Subscribe to the feed' },
  risks: ['Spends real money'],
  ...extra,
});
const policy = (over: Partial<ApprovalPolicy>): ApprovalPolicy => ({ actions: {}, risks: {}, asker: 'mb_asker', ...over });
const approve = (by: string): AnswerCommand => ({ ask: 1, value: { kind: 'approval', decision: 'approve' }, reason: null, answeredBy: by });
const reject = (by: string): AnswerCommand => ({ ask: 1, value: { kind: 'approval', decision: 'reject' }, reason: 'No.', answeredBy: by });

function decision(approvalPolicy: ApprovalPolicy, required?: number): DecisionSnapshot {
  const start = decisionStart(
    { question: 'Go over budget?', asks: [{ ...ask(), ...(required ? { approvers: { required } } : {}) }] },
    { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb_asker' },
  );
  return openDecision({ ...start, approvalPolicy }, new Date('2026-12-04T10:00:00Z'));
}

describe('the quorum an approval ask is asked with', () => {
  it('takes the strictest of the agent, the action kind and each risk; one approver and nobody barred is no quorum', () => {
    expect(quorumFor(ask({ approvers: { required: 2 } }), policy({}))).toEqual({ required: 2, barred: null, approvals: [] });
    expect(quorumFor(ask(), policy({ actions: { override_budget: { minimum: 3, separation: false } } }))?.required).toBe(3);
    expect(
      quorumFor(ask({ approvers: { required: 4 } }), policy({ actions: { override_budget: { minimum: 2, separation: false } } }))?.required,
    ).toBe(4);
    expect(quorumFor(ask(), policy({ risks: { 'Spends real money': { minimum: 2, separation: true } } }))).toEqual({
      required: 2,
      barred: 'mb_asker',
      approvals: [],
    });
    expect(quorumFor(ask(), policy({ actions: { send_message: { minimum: 5, separation: true } } }))).toBeUndefined();
    expect(quorumFor(ask({ approvers: { required: 3 } }), undefined)).toBeUndefined();
  });

  it("the workspace's settings become a policy with a risk matched by its flag and by its words", () => {
    const settings = fullSettings({ actions: {}, risks: { spends_money: { minimumApprovers: 2, separationOfDuties: false } } });
    const made = policyOf(settings, 'mb_asker');
    expect(made.actions).toEqual({});
    expect(made.risks).toEqual({
      spends_money: { minimum: 2, separation: false },
      'Spends real money': { minimum: 2, separation: false },
    });
  });
});

describe('counting approvals', () => {
  it('the same person once, never the barred asker; a rejection is anyone’s', () => {
    const quorum = {
      required: 2,
      barred: 'mb_asker',
      approvals: [{ by: 'mb_dana', at: '2026-12-04T10:00:00Z', channel: null, reason: null }],
    };
    expect(checkApproval(quorum, 1, approve('mb_dana').value, 'mb_dana')?.code).toBe('already_approved');
    expect(checkApproval(quorum, 1, approve('mb_asker').value, 'mb_asker')?.code).toBe('separation_of_duties');
    expect(checkApproval(quorum, 1, reject('mb_asker').value, 'mb_asker')).toBeNull();
    expect(checkApproval(quorum, 1, approve('mb_eli').value, 'mb_eli')).toBeNull();
    expect(completesQuorum(quorum, approve('mb_eli').value)).toBe(true);
    expect(completesQuorum({ ...quorum, approvals: [] }, approve('mb_eli').value)).toBe(false);
    expect(completesQuorum({ ...quorum, approvals: [] }, reject('mb_eli').value)).toBe(true);
  });

  it('an approval short of the quorum keeps the decision open; the one that reaches it answers; undo takes back one', () => {
    const open = decision(policy({}), 2);
    const now = new Date('2026-12-04T10:01:00Z');
    const once = applyAnswer(open, approve('mb_dana'), now);
    expect(once.status).toBe('open');
    expect(once.asks[0]).toMatchObject({ status: 'open', answer: null, quorum: { approvals: [{ by: 'mb_dana' }] } });
    expect(checkAnswer(once, approve('mb_dana'))?.code).toBe('already_approved');
    const twice = applyAnswer(once, approve('mb_eli'), now);
    expect(twice.status).toBe('resolved');
    expect(twice.asks[0]).toMatchObject({ status: 'answered', answer: { answeredBy: 'mb_eli' } });

    expect(checkUndo(twice, 1, now, 'mb_fay')?.code).toBe('nothing_to_undo');
    expect(checkUndo(twice, 1, now, 'mb_dana')).toBeNull();
    const undone = undoAnswer(twice, 1, 'mb_dana', now);
    expect(undone.status).toBe('open');
    expect(undone.asks[0]).toMatchObject({
      status: 'open',
      answer: null,
      quorum: { approvals: [{ by: 'mb_eli' }] },
      withdrawnAnswers: [{ answeredBy: 'mb_dana', withdrawnBy: 'mb_dana' }],
    });
    // Past ten minutes from her approval, Eli's stands.
    expect(checkUndo(undone, 1, new Date('2026-12-04T10:11:01Z'), 'mb_eli')?.code).toBe('undo_window_passed');
  });

  it('a rejection vetoes at once and undoes like any answer', () => {
    const vetoed = applyAnswer(applyAnswer(decision(policy({}), 3), approve('mb_dana'), new Date()), reject('mb_eli'), new Date());
    expect(vetoed.status).toBe('resolved');
    expect(vetoed.asks[0]).toMatchObject({ answer: { value: { decision: 'reject' }, answeredBy: 'mb_eli' } });
    expect(checkUndo(vetoed, 1, new Date(), 'mb_fay')).toBeNull();
    expect(undoAnswer(vetoed, 1, 'mb_fay', new Date()).asks[0]).toMatchObject({
      status: 'open',
      quorum: { approvals: [{ by: 'mb_dana' }] },
    });
  });
});
