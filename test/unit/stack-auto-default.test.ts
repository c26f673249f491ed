/**
 * Issue #30 (cast-decide "Decision stacks"): which members a new auto-default answers the
 * moment it is saved — the members' workflows' own rule (deadline reached, a default still to
 * take), counted before the stack page saves.
 */
import { describe, expect, it } from 'vitest';
import { openDecision } from '../../domain/decision-state';
import { memberDeadline, untilDue } from '../../domain/stack';
import { answeredAtOnce } from '../../domain/stack-auto-default';
import { decisionBody, decisionStart } from '../support/fixtures';

const now = new Date('2026-12-02T12:00:00Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;

function advisory(id: string) {
  const body = { ...decisionBody('Which?', 1), mode: 'advisory' as const, defaultOption: 2 };
  return openDecision(decisionStart(body, { id, workspaceId: 'ws', filedBy: 'mb' }), now);
}
const member = (decisionId: string, joinedAgoMs: number, open = true) => ({
  decisionId,
  joinedAt: new Date(now.getTime() - joinedAgoMs).toISOString(),
  open,
});

describe('what a new auto-default answers at once', () => {
  it('2h to 15m answers the two advisory members that joined an hour ago, not the one that joined 5 minutes ago', () => {
    const members = [member('sd-1', HOUR), member('sd-2', HOUR), member('sd-3', 5 * MINUTE)];
    const decisions = ['sd-1', 'sd-2', 'sd-3'].map(advisory);
    expect(answeredAtOnce(members, decisions, 2 * HOUR, now)).toEqual([]);
    expect(answeredAtOnce(members, decisions, 15 * MINUTE, now)).toEqual(['sd-1', 'sd-2']);
  });

  it('a deadline reached this very moment is due, as the workflow takes it (no wait left)', () => {
    const exactly = member('sd-1', 15 * MINUTE);
    expect(untilDue(memberDeadline(exactly, 15 * MINUTE)!, now)).toBe(0);
    expect(answeredAtOnce([exactly], [advisory('sd-1')], 15 * MINUTE, now)).toEqual(['sd-1']);
    expect(answeredAtOnce([member('sd-1', 15 * MINUTE - 1)], [advisory('sd-1')], 15 * MINUTE, now)).toEqual([]);
  });

  it('never a blocking member, one without a default, one answered or closed, or one the stack holds closed', () => {
    const blocking = { ...advisory('sd-1'), mode: 'blocking' as const };
    const noDefault = { ...advisory('sd-2'), defaultOption: null };
    const archived = { ...advisory('sd-3'), status: 'archived' as const };
    const closedInStack = advisory('sd-4');
    const members = [member('sd-1', HOUR), member('sd-2', HOUR), member('sd-3', HOUR), member('sd-4', HOUR, false)];
    expect(answeredAtOnce(members, [blocking, noDefault, archived, closedInStack], MINUTE, now)).toEqual([]);
  });

  it('no auto-default answers nothing; a member whose decision the read lacks is not counted', () => {
    expect(answeredAtOnce([member('sd-1', HOUR)], [advisory('sd-1')], null, now)).toEqual([]);
    expect(answeredAtOnce([member('sd-9', HOUR)], [advisory('sd-1')], MINUTE, now)).toEqual([]);
  });
});
