/**
 * Issue 40 item 5: an answer link's token and rules. Minted, it verifies to exactly the claims
 * it was made with and expires 24 hours on unless told otherwise; changed in any byte, cut short
 * or signed with another key it verifies to nothing; and the decision's rules refuse an answer
 * offered at a revision the decision has moved past.
 */
import { describe, expect, it } from 'vitest';
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
import { signLink, verifyLink } from '../../answer-links/link-token';
import { redactLinks } from '../../api/redact-links';
import { ANSWER_LINK_TTL_MS, linkExpired, type AnswerLinkClaims } from '../../domain/answer-link';
import { applyAnswer, checkAnswer, openDecision, type AnswerCommand } from '../../domain/decision-state';
import { decisionBody, decisionStart } from '../support/fixtures';

const KEY = 'k'.repeat(32);
const site = { key: KEY, publicUrl: 'https://cast.example.com/' };
const now = new Date('2026-12-03T09:00:00.250Z');
const link = {
  workspace: 'ws_1',
  member: 'mb_dana',
  decision: 'sd-12',
  ask: 1,
  option: 2,
  revision: 3,
  channel: 'email',
  now,
} as const;

const tokenOf = (url: string) => url.slice('https://cast.example.com/a/'.length);

describe('issue 40 item 5: answer link tokens', () => {
  it('issue 40 item 5: a minted link verifies to its claims and expires 24 hours on, in whole seconds', async () => {
    const url = await mintAnswerLink(site, link);
    expect(url).toMatch(/^https:\/\/cast\.example\.com\/a\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const claims = verifyLink(Buffer.from(KEY), tokenOf(url));
    expect(claims).toMatchObject({
      workspaceId: 'ws_1',
      memberId: 'mb_dana',
      decisionId: 'sd-12',
      ask: 1,
      answer: { kind: 'decision', selected: [2] },
      revision: 3,
      channel: 'email',
      expiresAt: Date.parse('2026-12-04T09:00:00.000Z'),
    });
    expect(ANSWER_LINK_TTL_MS).toBe(24 * 3600_000);
    expect(claims!.linkId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Two links for the same answer are two links: each is used once.
    expect(verifyLink(Buffer.from(KEY), tokenOf(await mintAnswerLink(site, link)))!.linkId).not.toBe(claims!.linkId);
    expect(linkExpired(claims!, new Date('2026-12-04T08:59:59Z'))).toBe(false);
    expect(linkExpired(claims!, new Date('2026-12-04T09:00:00Z'))).toBe(true);
  });

  it('issue 40 item 5: a link lives at most 7 days, and only email, Slack and push carry one', async () => {
    await expect(mintAnswerLink(site, { ...link, expiresIn: 8 * 24 * 3600_000 })).rejects.toThrow(/at most/);
    await expect(mintAnswerLink(site, { ...link, expiresIn: 0 })).rejects.toThrow(/more than 0/);
    await expect(mintAnswerLink(site, { ...link, channel: 'web' as 'email' })).rejects.toThrow(/email, slack, push/);
    const approval = await mintAnswerLink(site, {
      ...link,
      option: undefined,
      value: { kind: 'approval', decision: 'approve' },
      channel: 'push',
    });
    expect(verifyLink(Buffer.from(KEY), tokenOf(approval))).toMatchObject({
      answer: { kind: 'approval', decision: 'approve' },
      channel: 'push',
    });
  });

  it('issue 40 item 5: any changed byte, a cut token, or another key verifies to nothing', async () => {
    const token = tokenOf(await mintAnswerLink(site, link));
    const key = Buffer.from(KEY);
    const changed: string[] = [];
    for (let i = 0; i < token.length; i += 1) {
      if (token[i] === '.') continue;
      const swapped = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      if (verifyLink(key, swapped) !== null) changed.push(swapped);
    }
    // Not even the signature's last character, whose spare bits decode alike: one link, one spelling.
    expect(changed).toEqual([]);
    expect(verifyLink(key, token.slice(0, -1))).toBeNull();
    expect(verifyLink(key, token.split('.')[0]!)).toBeNull();
    expect(verifyLink(key, `${token}.x`)).toBeNull();
    expect(verifyLink(Buffer.from('x'.repeat(32)), token)).toBeNull();
    // A well-signed payload that is not a link's shape is nothing either.
    const claims = verifyLink(key, token)!;
    expect(() => signLink(key, { ...claims, decisionId: 'not-a-decision' } as AnswerLinkClaims)).toThrow();
  });

  it('issue 40 item 5: logs and traces name a link’s route, never its token', () => {
    expect(redactLinks('/a/eyJ2IjoxfQ.c2ln')).toBe('/a/<link>');
    expect(redactLinks('/api/v1/answer-links/eyJ2IjoxfQ.c2ln/answer?x=1')).toBe('/api/v1/answer-links/<link>/answer?x=1');
    expect(redactLinks('/api/v1/decisions/sd-1')).toBe('/api/v1/decisions/sd-1');
  });
});

describe('issue 40 item 5: an answer offered at a revision', () => {
  const start = decisionStart(decisionBody('Q?', 2), { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' });
  const answer = (ask: number, atRevision?: number): AnswerCommand => ({
    ask,
    value: { kind: 'decision', selected: [2] },
    reason: null,
    answeredBy: 'mb_1',
    ...(atRevision !== undefined ? { atRevision } : {}),
  });

  it('issue 40 item 5: lands at its revision, and is refused once the decision moved past it', () => {
    const opened = openDecision(start, new Date());
    expect(checkAnswer(opened, answer(1, opened.revision))).toBeNull();
    // Another ask answered moves the decision on: the link was pressed for the decision as it was.
    const moved = applyAnswer(opened, answer(2), new Date());
    const rejection = checkAnswer(moved, answer(1, opened.revision));
    expect(rejection).toMatchObject({ code: 'link_decision_changed', details: { decision: 'sd-1', linkRevision: 1, revision: 2 } });
    // Without a revision (every other door) nothing changes.
    expect(checkAnswer(moved, answer(1))).toBeNull();
  });

  it('issue 40 item 5: an ask answered first is said as such, whatever the revision', () => {
    const opened = openDecision(start, new Date());
    const answered = applyAnswer(opened, answer(1), new Date());
    expect(checkAnswer(answered, answer(1, opened.revision))?.code).toBe('ask_already_answered');
  });
});
