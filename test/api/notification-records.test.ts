/**
 * Issue 40 items 9 and 10 — the records every member channel shares, on a real Postgres: a
 * member's settings, the delivery log written once per channel, member and event (the notifier
 * may hand an event on twice), presence that lapses, and whom a decision's notifications reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveries, recordDelivery, updateDelivery } from '../../db/notification-deliveries';
import { membersWhoAnswer } from '../../db/notification-recipients';
import { getNotificationSettings, putNotificationSettings } from '../../db/notification-settings';
import { isPresent, markAway, markPresent } from '../../db/presence';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { removeMember } from '../../db/members';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

describe('issue 40 items 9, 10: what member channels keep', () => {
  it('settings: defaults until changed, then the member’s own, and only in their workspace', async () => {
    const dana = await cast.newMember();
    const other = await cast.newMember();
    expect(await getNotificationSettings(cast.pool, dana.workspaceId, dana.memberId)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const chosen = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { enabled: true, address: 'dana@example.com', immediate: false } };
    await putNotificationSettings(cast.pool, dana.workspaceId, dana.memberId, chosen);
    expect(await getNotificationSettings(cast.pool, dana.workspaceId, dana.memberId)).toEqual(chosen);
    expect(await getNotificationSettings(cast.pool, other.workspaceId, dana.memberId)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('a delivery from an event is recorded once per channel and member; a retry counts its attempt', async () => {
    const dana = await cast.newMember();
    const base = { workspaceId: dana.workspaceId, memberId: dana.memberId, kind: 'decision.opened', eventId: 'ev_1', decisionId: null };
    const first = await recordDelivery(cast.pool, { ...base, channel: 'email', status: 'sent' });
    expect(first).not.toBeNull();
    expect(await recordDelivery(cast.pool, { ...base, channel: 'email', status: 'sent' })).toBeNull();
    expect(await recordDelivery(cast.pool, { ...base, channel: 'push', status: 'held', detail: 'present' })).not.toBeNull();
    await updateDelivery(cast.pool, first!, 'failed', 'SMTP 451', true);
    const log = await listDeliveries(cast.pool, dana.workspaceId, dana.memberId);
    expect(log.map((row) => [row.channel, row.status, row.attempts])).toEqual([
      ['push', 'held', 1],
      ['email', 'failed', 2],
    ]);
    expect(await listDeliveries(cast.pool, dana.workspaceId, dana.memberId, { channel: 'push' })).toHaveLength(1);
  });

  it('presence holds while renewed and ends when the member leaves or it lapses', async () => {
    const dana = await cast.newMember();
    expect(await isPresent(cast.pool, dana.workspaceId, dana.memberId)).toBe(false);
    await markPresent(cast.pool, dana.workspaceId, dana.memberId, 60);
    expect(await isPresent(cast.pool, dana.workspaceId, dana.memberId)).toBe(true);
    await markAway(cast.pool, dana.workspaceId, dana.memberId);
    expect(await isPresent(cast.pool, dana.workspaceId, dana.memberId)).toBe(false);
    await markPresent(cast.pool, dana.workspaceId, dana.memberId, -1);
    expect(await isPresent(cast.pool, dana.workspaceId, dana.memberId)).toBe(false);
  });

  it('a decision reaches the members who may answer it: not viewers, not the removed', async () => {
    const owner = await cast.newMember();
    const member = await colleagueOf(cast.pool, owner, 'Sam', 'member');
    await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const gone = await colleagueOf(cast.pool, owner, 'Gil', 'admin');
    await removeMember(cast.pool, owner.workspaceId, gone.memberId, () => {}, { kind: 'member', id: owner.memberId });
    const ids = (await membersWhoAnswer(cast.pool, owner.workspaceId)).map((row) => row.id);
    expect(ids).toEqual([owner.memberId, member.memberId]);
  });
});
