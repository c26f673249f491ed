/** Issue 40 items 7, 8: the pure rules behind reminders and expiry warnings (domain/reminders.ts). */
import { describe, expect, it } from 'vitest';
import { hostPromptLeadMs, REMINDER_DEFAULTS, reminderSteps, selfAnswer } from '../../domain/reminders';

const MINUTE = 60_000;
const choice = {
  kind: 'decision' as const,
  position: 1,
  prompt: 'Billing period',
  options: [{ label: 'Monthly' }, { label: 'Yearly' }],
  answer: null,
};
type Decision = Parameters<typeof selfAnswer>[0];
const open = (extra: Partial<Decision> = {}): Decision =>
  ({ status: 'open', mode: 'advisory', defaultOption: 1, asks: [choice], stack: null, source: null, ...extra }) as Decision;

describe('issue 40 item 7: the reminder plan', () => {
  it('reminds the people after an hour, and the backup only when one is named', () => {
    expect(reminderSteps(REMINDER_DEFAULTS)).toEqual([{ nth: 1, afterMs: 60 * MINUTE, backup: false }]);
    expect(reminderSteps({ ...REMINDER_DEFAULTS, backupMemberId: 'mb-sam' })).toEqual([
      { nth: 1, afterMs: 60 * MINUTE, backup: false },
      { nth: 2, afterMs: 240 * MINUTE, backup: true },
    ]);
  });
});

describe('issue 40 item 8: what a decision does by itself', () => {
  it('a host prompt is warned the workspace lead before it expires, never earlier than halfway', () => {
    const filed = '2026-12-04T16:00:00.000Z';
    expect(hostPromptLeadMs(filed, '2026-12-04T16:10:00.000Z', 15 * MINUTE)).toBe(5 * MINUTE);
    expect(hostPromptLeadMs(filed, '2026-12-04T18:00:00.000Z', 15 * MINUTE)).toBe(15 * MINUTE);
    expect(hostPromptLeadMs(filed, filed, 15 * MINUTE)).toBe(0);
  });

  it("a stack member answers itself with its default's label at its deadline; a host prompt expires; others do nothing", () => {
    const deadline = '2026-12-04T17:00:00.000Z';
    expect(selfAnswer(open({ stack: { stackId: 'ds-1', deadline } }))).toEqual({ at: deadline, answersWith: 'Monthly' });
    expect(selfAnswer(open({ stack: { stackId: 'ds-1', deadline: null } }))).toBeNull();
    expect(selfAnswer(open({ stack: { stackId: 'ds-1', deadline }, mode: 'blocking' }))).toBeNull();
    expect(selfAnswer(open({ stack: { stackId: 'ds-1', deadline }, status: 'resolved' }))).toBeNull();
    const source = { kind: 'permission', id: 'p', tool: 'Bash', lastAssistantMessage: null, pinned: null, waitsUntil: deadline } as const;
    expect(selfAnswer(open({ mode: 'blocking', defaultOption: null, source }))).toEqual({ at: deadline, answersWith: null });
  });
});
