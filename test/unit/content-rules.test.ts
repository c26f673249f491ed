/**
 * The content rules that span fields (cast-decide "Blocking and advisory", "Keeping an ask
 * correct"): filing checks them on the body, an edit on the decision it would leave behind.
 */
import { describe, expect, it } from 'vitest';
import { EditDecisionBody, FileDecisionBody } from '../../domain/decision-schema';
import { applyAnswer, mergeEdit, openDecision } from '../../domain/decision-state';
import { undoAnswer } from '../../domain/undo';
import { decisionBody, decisionStart } from '../support/fixtures';

const who = { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' };
const twoOptions = { kind: 'decision' as const, prompt: 'Back off?', options: [{ label: 'Back off' }, { label: 'Switch keys' }] };
const fact = { kind: 'fact' as const, prompt: 'Which key?' };

function filed(extra: Record<string, unknown> = {}) {
  return openDecision(decisionStart({ ...decisionBody('Which schema wins?'), ...extra }, who), new Date('2026-01-01T00:00:00Z'));
}

function issues(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined }) {
  return result.error?.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) ?? [];
}

describe('filing checks the rules that span fields', () => {
  it('an advisory decision declares a default among the options of its decision ask; a blocking one has none', () => {
    const body = decisionBody();
    expect(issues(FileDecisionBody.safeParse({ ...body, defaultOption: 1 }))).toEqual([
      { path: 'defaultOption', message: 'Only an advisory decision has a default option.' },
    ]);
    expect(issues(FileDecisionBody.safeParse({ ...body, mode: 'advisory', defaultOption: 4 }))).toEqual([
      { path: 'defaultOption', message: 'An advisory decision declares its default: an option between 1 and 3.' },
    ]);
    expect(issues(FileDecisionBody.safeParse({ ...body, asks: [fact], mode: 'advisory', defaultOption: 1 }))).toEqual([
      { path: 'mode', message: 'An advisory decision needs a decision ask (kind "decision") whose default it proceeds on.' },
    ]);
    expect(FileDecisionBody.safeParse({ ...body, mode: 'advisory', defaultOption: 3 }).success).toBe(true);
  });

  it('an option page belongs to an option of a decision ask', () => {
    const page = (ask: number, option: number) => ({ ask, option, html: '<p>Plan</p>' });
    const body = { ...decisionBody(), asks: [...decisionBody().asks, fact] };
    expect(issues(FileDecisionBody.safeParse({ ...body, optionPages: [page(1, 3), page(1, 4), page(2, 1)] }))).toEqual([
      { path: 'optionPages.1', message: 'Ask 1 has no option 4 to attach a page to.' },
      { path: 'optionPages.2', message: 'Ask 2 has no option 1 to attach a page to.' },
    ]);
    expect(issues(EditDecisionBody.safeParse({ asks: [twoOptions], optionPages: [page(1, 3)] }))).toEqual([
      { path: 'optionPages.0', message: 'Ask 1 has no option 3 to attach a page to.' },
    ]);
    // Without asks, the pages are checked against the decision's own once merged.
    expect(EditDecisionBody.safeParse({ optionPages: [page(1, 3)] }).success).toBe(true);
  });
});

describe('an edit is checked against the decision it leaves behind', () => {
  it('turning advisory needs a default that fits the options kept', () => {
    expect(mergeEdit(filed(), { mode: 'advisory' })).toEqual({
      code: 'invalid_request',
      message: 'An advisory decision declares its default: an option between 1 and 3.',
    });
    expect(mergeEdit(filed(), { mode: 'advisory', defaultOption: 3 })).toMatchObject({ mode: 'advisory', defaultOption: 3 });
  });

  it('new asks must still carry the advisory default', () => {
    const advisory = filed({ mode: 'advisory', defaultOption: 3 });
    expect(mergeEdit(advisory, { asks: [FileDecisionBody.parse({ ...decisionBody(), asks: [twoOptions] }).asks[0]!] })).toEqual({
      code: 'invalid_request',
      message: 'An advisory decision declares its default: an option between 1 and 2.',
    });
    expect(mergeEdit(advisory, { asks: [{ ...fact, required: true, multiline: false }] })).toEqual({
      code: 'invalid_request',
      message: 'An advisory decision needs a decision ask (kind "decision") whose default it proceeds on.',
    });
  });

  it('turning blocking clears the default', () => {
    expect(mergeEdit(filed({ mode: 'advisory', defaultOption: 2 }), { mode: 'blocking' })).toMatchObject({
      mode: 'blocking',
      defaultOption: undefined,
    });
  });

  it('an option page must still have its option', () => {
    expect(mergeEdit(filed(), { documents: { options: { '1.4': 'hash' } } })).toEqual({
      code: 'invalid_request',
      message: 'Ask 1 has no option 4 to attach a page to.',
    });
    const withPage = { ...filed(), documents: { options: { '1.3': 'hash' } } };
    const narrowed = FileDecisionBody.parse({ ...decisionBody(), asks: [twoOptions] }).asks;
    expect(mergeEdit(withPage, { asks: narrowed })).toEqual({
      code: 'invalid_request',
      message: 'Ask 1 has no option 3 to attach a page to.',
    });
  });

  it('a valid edit merges onto what the decision already says', () => {
    const state = filed({ confidence: 0.4 });
    const { position: _p, status: _s, answer: _a, ...ask } = state.asks[0]!;
    expect(mergeEdit(state, { question: 'Which schema, then?', documents: { report: 'hash' } })).toEqual({
      question: 'Which schema, then?',
      context: 'Two migrations conflict; one of them has to go.',
      asks: [ask],
      mode: 'blocking',
      defaultOption: undefined,
      confidence: 0.4,
      attempts: [],
      documents: { report: 'hash' },
    });
  });

  it('an edit after an undo keeps the ask and the answer it withdrew (FR-42)', () => {
    const answered = applyAnswer(
      filed(),
      { ask: 1, value: { kind: 'decision', selected: [2] }, reason: null, answeredBy: 'mb' },
      new Date(),
    );
    const undone = undoAnswer(answered, 1, 'mb', new Date());
    const merged = mergeEdit(undone, { question: 'Which schema, then?' });
    expect(merged).toMatchObject({ question: 'Which schema, then?', asks: [{ withdrawnAnswers: [{ withdrawnBy: 'mb' }] }] });
  });
});
