/**
 * Issue 40 items 7, 8: a workspace sets when its unanswered decisions remind people, who the
 * backup is, and how early an automatic answer is announced. Bad input is refused with a stable
 * code and changes nothing; another workspace's member reads as missing; a member without
 * `settings.manage` cannot change them; a decision filed afterwards carries them in its start.
 */
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionStart } from '../../domain/decision';
import { reminderSettingsRoutes } from '../../domain/routes/reminder-settings';
import { decisionWorkflowId } from '../../workflows/messages';
import { tierAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let connection: Connection;
beforeAll(async () => {
  cast = await startTestCast();
  connection = await Connection.connect({ address: cast.temporalAddress });
});
afterAll(async () => {
  await connection?.close();
  await cast?.stop();
});

const PATH = '/api/v1/settings/reminders';
const DEFAULTS = { remindAfterSeconds: 3600, backupAfterSeconds: 14_400, backupMemberId: null, deadlineLeadSeconds: 900 };

describe('issue 40 items 7, 8: the reminder settings', () => {
  it('default to an hour, four hours, no backup and fifteen minutes; a change is kept and read back', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    expect((await me.send(reminderSettingsRoutes.getReminderSettings)).settings).toEqual(DEFAULTS);
    const sam = await colleagueOf(cast.pool, owner, 'Sam');
    const changed = await me.send(reminderSettingsRoutes.updateReminderSettings, {
      body: { remindAfterSeconds: 1800, backupMemberId: sam.memberId },
    });
    expect(changed.settings).toEqual({ ...DEFAULTS, remindAfterSeconds: 1800, backupMemberId: sam.memberId });
    expect((await me.send(reminderSettingsRoutes.getReminderSettings)).settings).toEqual(changed.settings);
    const cleared = await me.send(reminderSettingsRoutes.updateReminderSettings, { body: { backupMemberId: null } });
    expect(cleared.settings.backupMemberId).toBeNull();
  });

  it('bad input is refused by its code and changes nothing', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const stranger = await cast.newMember();
    for (const bad of [
      {},
      { remindAfterSeconds: 0 },
      { remindAfterSeconds: -60 },
      { remindAfterSeconds: 59 },
      { remindAfterSeconds: 90.5 },
      { remindAfterSeconds: '1h' },
      { deadlineLeadSeconds: 0 },
      { backupMemberId: '' },
      { remindAfterSeconds: 3600, everyone: true },
    ]) {
      await expectProblem(await cast.request(owner.token, 'PATCH', PATH, bad), 400, 'invalid_request');
    }
    // The backup's reminder comes after the first: equal or earlier is refused, whichever field moved.
    await expectProblem(await cast.request(owner.token, 'PATCH', PATH, { backupAfterSeconds: 3600 }), 422, 'reminder_order');
    await expectProblem(await cast.request(owner.token, 'PATCH', PATH, { remindAfterSeconds: 20_000 }), 422, 'reminder_order');
    await expectProblem(await cast.request(owner.token, 'PATCH', PATH, { backupMemberId: viewer.memberId }), 422, 'backup_cannot_answer');
    // Another workspace's member reads exactly like a missing one.
    await expectProblem(await cast.request(owner.token, 'PATCH', PATH, { backupMemberId: stranger.memberId }), 404, 'member_not_found');
    await expectProblem(await cast.request(owner.token, 'PATCH', PATH, { backupMemberId: 'mb-nobody' }), 404, 'member_not_found');
    // A refused change writes nothing, not even the parts that were valid.
    await expectProblem(
      await cast.request(owner.token, 'PATCH', PATH, { deadlineLeadSeconds: 600, backupMemberId: viewer.memberId }),
      422,
      'backup_cannot_answer',
    );
    expect((await me.send(reminderSettingsRoutes.getReminderSettings)).settings).toEqual(DEFAULTS);
  });

  it('only a role holding settings.manage changes them; every member reads them', async () => {
    const owner = await cast.newMember();
    const member = await colleagueOf(cast.pool, owner, 'Dana');
    await expectProblem(await cast.request(member.token, 'PATCH', PATH, { remindAfterSeconds: 600 }), 403, 'forbidden_for_role');
    expect((await world(cast, member).send(reminderSettingsRoutes.getReminderSettings)).settings).toEqual(DEFAULTS);
  });

  it('a decision filed after a change carries the new times in its workflow start', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const sam = await colleagueOf(cast.pool, owner, 'Sam');
    await me.send(reminderSettingsRoutes.updateReminderSettings, {
      body: { remindAfterSeconds: 600, backupAfterSeconds: 1200, backupMemberId: sam.memberId, deadlineLeadSeconds: 300 },
    });
    const filed = await me.file({ question: 'Which tier?', context: 'Enough context to answer without the session.', asks: [tierAsk()] });
    const history = await new Client({ connection }).workflow
      .getHandle(decisionWorkflowId(filed.body.decision.id, cast.deployment))
      .fetchHistory();
    const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
    const payload = started?.input?.payloads?.[0]?.data;
    const start = JSON.parse(Buffer.from(payload!).toString('utf8')) as DecisionStart;
    expect(start.reminders).toEqual({
      remindAfterMs: 600_000,
      backupAfterMs: 1_200_000,
      backupMemberId: sam.memberId,
      deadlineLeadMs: 300_000,
    });
  });
});
