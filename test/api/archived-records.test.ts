/**
 * AW-03 §10: approvals and escalations gain `archived`. Archiving the decision that carries one
 * archives the record with it — its own endpoints, Home and the Inbox read the same state — and
 * leaves its task as it was (AW-03 §7: "deliberately not chained"); a restore makes the record
 * wait again, and the task still as it was.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { homeRoutes } from '../../domain/routes/home';
import { inboxRoutes } from '../../domain/routes/inbox';
import { taskRoutes } from '../../domain/routes/tasks';
import { world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type Me = ReturnType<typeof world>;

const archive = (me: Me, id: string) => me.send(decisionRoutes.archiveDecision, { params: { id }, body: {} });
const restore = (me: Me, id: string) => me.send(decisionRoutes.restoreDecision, { params: { id }, body: {} });
const taskOf = (me: Me, id: string) => me.send(taskRoutes.getTask, { params: { id } }).then((body) => body.task);
const inboxStatus = async (me: Me, id: string) => {
  const { messages } = await me.send(inboxRoutes.listInbox);
  return messages.find((message) => message.id === id);
};

describe('an archived approval is archived everywhere (§10)', () => {
  it('§10, §7 — GET /approvals reads archived after its decision is archived, the task stays blocked; a restore makes it pending', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    const { approval } = await me.send(approvalRoutes.proposeApproval, {
      body: { actionType: 'override_budget', summary: 'Approve the $240 spend', risks: ['spends_money'], task: task.id },
    });
    const decisionId = approval.decisionId!;
    expect((await taskOf(me, task.id)).status).toBe('blocked');

    await archive(me, decisionId);
    // The archive's response returns once its mirror landed: every read below sees it at once.
    expect((await me.send(approvalRoutes.getApproval, { params: { id: approval.id } })).approval.status).toBe('archived');
    const listed = await me.send(approvalRoutes.listApprovals, { query: {} });
    expect(listed.approvals.find((item) => item.id === approval.id)?.status).toBe('archived');
    expect((await me.send(approvalRoutes.listApprovals, { query: { status: 'pending' } })).approvals.map((item) => item.id)).not.toContain(
      approval.id,
    );
    expect((await me.send(approvalRoutes.listApprovals, { query: { status: 'archived' } })).approvals.map((item) => item.id)).toContain(
      approval.id,
    );
    expect((await me.send(homeRoutes.home)).approvals.map((item) => item.id)).not.toContain(approval.id);
    expect(await inboxStatus(me, `approval:${approval.id}`)).toMatchObject({ status: 'archived', open: false });
    // §7: the task's status is the task's own; archiving the decision does not chain into it.
    const kept = await taskOf(me, task.id);
    expect(kept).toMatchObject({ status: 'blocked', statusBeforeBlocked: 'in_progress' });
    expect(kept.blockers.filter((blocker) => !blocker.resolvedAt).map((blocker) => blocker.ref)).toEqual([decisionId]);
    // Its own door still refuses, in the queue's words (E18).
    const refused = await expectProblem(
      me.reply(approvalRoutes.approve, { params: { id: approval.id }, body: {} }),
      409,
      'decision_archived',
    );
    expect(refused.detail).toBe('This decision was archived.');

    await restore(me, decisionId);
    expect((await me.send(approvalRoutes.getApproval, { params: { id: approval.id } })).approval.status).toBe('pending');
    expect((await me.send(homeRoutes.home)).approvals.map((item) => item.id)).toContain(approval.id);
    expect(await inboxStatus(me, `approval:${approval.id}`)).toMatchObject({ status: 'pending', open: true });
    const held = await taskOf(me, task.id);
    expect(held).toMatchObject({ status: 'blocked', statusBeforeBlocked: 'in_progress' });
    expect(held.blockers.filter((blocker) => !blocker.resolvedAt).map((blocker) => blocker.ref)).toEqual([decisionId]);

    // Restored, it answers again like any pending approval.
    const approved = await me.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} });
    expect(approved.approval.status).toBe('approved');
  });

  it('§10, §7 — a task with another blocker keeps both blockers when the approval is archived (E16)', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    await me.send(taskRoutes.blockTask, { params: { id: task.id }, body: { kind: 'other', ref: 'Waiting on legal' } });
    const { approval } = await me.send(approvalRoutes.proposeApproval, {
      body: { actionType: 'send_message', summary: 'Email the supplier', task: task.id },
    });
    await archive(me, approval.decisionId!);
    const task1 = await taskOf(me, task.id);
    expect(task1.status).toBe('blocked');
    expect(
      task1.blockers
        .filter((blocker) => !blocker.resolvedAt)
        .map((blocker) => blocker.ref)
        .sort(),
    ).toEqual([approval.decisionId, 'Waiting on legal'].sort());
  });
});

describe('an archived escalation is archived everywhere (§10)', () => {
  it('§10, §7 — GET /escalations reads archived after its decision is archived, the task stays blocked; a restore opens it', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    const { escalation } = await me.send(escalationRoutes.raiseEscalation, {
      body: { reasonCode: 'missing_information', summary: 'No VAT rate for Ireland.', mustDecide: 'Which VAT rate?', task: task.id },
    });
    const decisionId = escalation.decisionId!;
    expect((await taskOf(me, task.id)).status).toBe('blocked');

    await archive(me, decisionId);
    expect((await me.send(escalationRoutes.getEscalation, { params: { id: escalation.id } })).escalation.status).toBe('archived');
    const listed = await me.send(escalationRoutes.listEscalations, { query: { task: task.id } });
    expect(listed.escalations.map((item) => [item.id, item.status])).toEqual([[escalation.id, 'archived']]);
    expect(await inboxStatus(me, `escalation:${escalation.id}`)).toMatchObject({ status: 'archived', open: false });
    expect((await taskOf(me, task.id)).status).toBe('blocked');

    await restore(me, decisionId);
    expect((await me.send(escalationRoutes.getEscalation, { params: { id: escalation.id } })).escalation.status).toBe('open');
    expect(await inboxStatus(me, `escalation:${escalation.id}`)).toMatchObject({ status: 'open', open: true });
    expect((await taskOf(me, task.id)).status).toBe('blocked');
  });

  it('§10 — a raise with an archived escalation’s dedupe key updates it, and a restore then opens one escalation, not two', async () => {
    const me = world(cast, await cast.newMember());
    const body = {
      reasonCode: 'repeated_failure',
      summary: 'The export failed.',
      mustDecide: 'Retry or skip?',
      dedupeKey: 'export-fail',
    } as const;
    const { escalation } = await me.send(escalationRoutes.raiseEscalation, { body: { ...body, attempts: ['first try'] } });
    await archive(me, escalation.decisionId!);
    const again = await me.reply(escalationRoutes.raiseEscalation, { body: { ...body, attempts: ['second try'] } });
    expect(again.status).toBe(200);
    expect(again.body.escalation).toMatchObject({ id: escalation.id, status: 'archived', attempts: ['first try', 'second try'] });

    await restore(me, escalation.decisionId!);
    const { escalations } = await me.send(escalationRoutes.listEscalations, { query: {} });
    expect(escalations.filter((item) => item.dedupeKey === 'export-fail').map((item) => [item.id, item.status])).toEqual([
      [escalation.id, 'open'],
    ]);
  });
});

describe('migration 0021', () => {
  it('§10 — a record whose decision was archived before it reads archived after it, and no longer holds its task', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    const { approval } = await me.send(approvalRoutes.proposeApproval, {
      body: { actionType: 'schedule_task', summary: 'Schedule the nightly export', task: task.id },
    });
    await archive(me, approval.decisionId!);
    // As an older version left it: the decision archived, the approval pending, the task held.
    await cast.pool.query(`update approvals set status = 'pending' where id = $1`, [approval.id]);
    await cast.pool.query(`update task_blockers set resolved_at = null where task_id = $1`, [task.id]);
    await cast.pool.query(`update tasks set status = 'blocked', status_before_blocked = 'in_progress' where id = $1`, [task.id]);
    expect((await taskOf(me, task.id)).status).toBe('blocked');

    // Its data fix, replayed on today's schema: its index step would undo 0023's (dedupe keys per
    // raiser), and fails once two raisers of one workspace share a key, as other files' rows do.
    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0021_archived_records.sql'), 'utf8');
    const dataFix = migration.indexOf('-- Records whose decisions were archived before this');
    expect(dataFix).toBeGreaterThan(0);
    const sql = migration.slice(dataFix);
    const client = await cast.pool.connect();
    try {
      await client.query('begin');
      await client.query(sql);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect((await me.send(approvalRoutes.getApproval, { params: { id: approval.id } })).approval.status).toBe('archived');
    expect((await taskOf(me, task.id)).status).toBe('in_progress');
  });
});
