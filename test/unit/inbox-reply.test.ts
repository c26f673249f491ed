/** FR-29: how an Inbox reply is read as an answer to its approval or escalation. */
import { describe, expect, it } from 'vitest';
import { approvalReply, escalationReply } from '../../domain/inbox-reply';

describe('a reply to an approval', () => {
  it.each([
    ['yes', { verdict: 'approve', reason: null }],
    ['Approve', { verdict: 'approve', reason: null }],
    ['LGTM — ship it', { verdict: 'approve', reason: 'ship it' }],
    ['no — budget is capped', { verdict: 'reject', reason: 'budget is capped' }],
    ['Reject: not this quarter.', { verdict: 'reject', reason: 'not this quarter.' }],
  ])('%s', (text, expected) => expect(approvalReply(text)).toEqual(expected));

  it('a no without a reason asks for one; anything else says how to reply', () => {
    expect(approvalReply('no')).toMatchObject({ code: 'reason_required' });
    expect(approvalReply('maybe later')).toMatchObject({ code: 'invalid_request' });
    // "nothing" starts with "no" but is not the word no.
    expect(approvalReply('nothing to add')).toMatchObject({ code: 'invalid_request' });
  });
});

describe('a reply to an escalation', () => {
  it('is the resolution when it offered no options', () => expect(escalationReply(' 23% ', null)).toEqual({ resolution: '23%' }));
  it('names or numbers an option, with the rest as the reason', () => {
    expect(escalationReply('2 — ops owns it', ['Finance', 'Ops'])).toEqual({ option: 2, reason: 'ops owns it' });
    expect(escalationReply('ops, they keep it current', ['Finance', 'Ops'])).toEqual({ option: 2, reason: 'they keep it current' });
    expect(escalationReply('Finance', ['Finance', 'Ops'])).toEqual({ option: 1, reason: null });
  });
  it('refuses anything else, listing the options', () => {
    expect(escalationReply('whichever', ['Finance', 'Ops'])).toEqual({
      code: 'invalid_request',
      message: 'Reply with one of its options, by number or name: 1. Finance; 2. Ops.',
      details: { expected: 'option_reply', options: ['Finance', 'Ops'] },
    });
    expect(escalationReply('3', ['Finance', 'Ops'])).toMatchObject({ code: 'invalid_request' });
  });
});
