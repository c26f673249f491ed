/** FR-56: the fingerprint that decides which decisions are "substantially identical". */
import { describe, expect, it } from 'vitest';
import { draftRule, normalisePrompt, recurringFingerprint } from '../../domain/recurring';

const fingerprint = (firstPrompt: string, agentId: string | null = 'agent-editor', source?: string) =>
  recurringFingerprint({ agentId, firstPrompt, ...(source ? { source } : {}) });

describe('what clusters', () => {
  it.each([
    ['Which supplier list is authoritative?', 'which supplier list is authoritative'],
    ['Which supplier list is authoritative?', '  WHICH   supplier list, is authoritative!! '],
    ['Which supplier list is right for Q3?', 'Which supplier list is right for Q4?'],
    ['Approve the $240 spend on "Acme Data"?', 'Approve the $1,200.50 spend on "Globex"?'],
    ["Use the 'staging' bucket for 3 days?", "Use the 'prod' bucket for 14 days?"],
    ['Ship the banner on 2026-09-06?', 'Ship the banner on 2026-10-01?'],
    ['Set the retry budget to 3.5%?', 'Set the retry budget to 10%?'],
  ])('%s ≈ %s', (a, b) => expect(fingerprint(a)).toBe(fingerprint(b)));
});

describe('what does not', () => {
  it.each([
    ['Which supplier list is right?', 'Which customer list is right?'],
    ['Approve the spend?', 'Reject the spend?'],
    ['Ship the banner?', 'Ship the banner copy?'],
  ])('%s ≠ %s', (a, b) => expect(fingerprint(a)).not.toBe(fingerprint(b)));

  it('another agent, or another source, is another cluster', () => {
    expect(fingerprint('Which list?', 'agent-editor')).not.toBe(fingerprint('Which list?', 'agent-ops'));
    expect(fingerprint('Which list?', 'agent-editor', 'decide')).not.toBe(fingerprint('Which list?', 'agent-editor', 'send_message'));
  });

  it('a decision with no agent never clusters: there are no instructions to fix', () => {
    expect(fingerprint('Which list?', null)).toBeNull();
  });

  it('an apostrophe inside a word is not a quoted literal', () => {
    expect(normalisePrompt("Don't ship Editor's draft?")).toBe('don t ship editor s draft');
  });
});

describe('the draft rule (FR-57)', () => {
  it('carries the question, the latest answer and its reason', () => {
    expect(draftRule('Which supplier list is authoritative?', 'The finance list', 'Ops keeps it current.')).toBe(
      'When you would ask "Which supplier list is authoritative?", do not ask: the answer is "The finance list". Reason: Ops keeps it current.',
    );
  });
});
