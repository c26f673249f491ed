/**
 * Issue 41 item 5: a member away hands what is addressed to them to another member for a window.
 * While it is open the delegate's "For me" holds it, they answer it where only assignees may (and
 * the record says for whom), and its notifications reach them; the card keeps the original
 * assignee. A window opens and closes on time; chains pass on and never loop; what is refused is
 * refused by code and changes nothing. Real Postgres and Temporal.
 */
import { Client, Connection } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersWhoAnswer } from '../../db/notification-recipients';
import { activityRoutes } from '../../domain/routes/activity';
import { assignmentRoutes } from '../../domain/routes/assignments';
import { decisionRoutes } from '../../domain/routes/decisions';
import { delegationRoutes } from '../../domain/routes/delegations';
import { reminderSettingsRoutes } from '../../domain/routes/reminder-settings';
import { teamRoutes } from '../../domain/routes/teams';
import { decisionWorkflowId } from '../../workflows/messages';
import { colleagueOf } from '../support/members';
import { changedTables, rowDigest } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const approval = (question: string, to?: string) => ({
  question,
  asks: [{ kind: 'approval' as const, prompt: question, action: { summary: question } }],
  ...(to ? { to } : {}),
});

async function file(member: Member, question: string, to?: string): Promise<string> {
  return (await cast.send(member.token, decisionRoutes.fileDecision, { body: approval(question, to) })).decision.id;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const forMeIds = async (member: Member) =>
  (await cast.send(member.token, decisionRoutes.listQueue, { query: { for: 'me' } })).decisions.map((card) => card.id).sort();

async function problem(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, ...((await response.json()) as { code: string }) };
}

async function people() {
  const owner = await cast.newMember();
  return {
    owner,
    admin: await colleagueOf(cast.pool, owner, 'Ada Admin', 'admin'),
    dana: await colleagueOf(cast.pool, owner, 'Dana Scully', 'member'),
    sam: await colleagueOf(cast.pool, owner, 'Sam Vimes', 'member'),
    kim: await colleagueOf(cast.pool, owner, 'Kim Wexler', 'member'),
  };
}

/** The reminder plan the decision's workflow was started with (its first event's input). */
async function startedPlan(id: string): Promise<{ backupMemberId: string | null }> {
  const connection = await Connection.connect({ address: cast.temporalAddress });
  try {
    const history = await new Client({ connection }).workflow.getHandle(decisionWorkflowId(id, cast.deployment)).fetchHistory();
    const payload = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
    return defaultPayloadConverter.fromPayload<{ reminders: { backupMemberId: string | null } }>(payload).reminders;
  } finally {
    await connection.close();
  }
}

describe("issue 41 item 5: a team's backup", () => {
  it("a decision for a team reminds the team's backup the second time; one for nobody, the workspace's; a viewer cannot be one", async () => {
    const { owner, admin, dana, sam } = await people();
    const viewer = await colleagueOf(cast.pool, owner, 'Vic Viewer', 'viewer');
    const { team } = await cast.send(admin.token, teamRoutes.createTeam, { body: { name: 'infra', members: [dana.memberId] } });
    await cast.send(admin.token, reminderSettingsRoutes.updateReminderSettings, { body: { backupMemberId: admin.memberId } });
    const refused = await problem(await cast.request(admin.token, 'PUT', `/api/v1/teams/${team.id}/backup`, { member: viewer.memberId }));
    expect(refused).toMatchObject({ status: 422, code: 'backup_cannot_answer' });
    const set = await cast.send(admin.token, teamRoutes.setTeamBackup, { params: { id: team.id }, body: { member: sam.memberId } });
    expect(set.team.backup).toBe(sam.memberId);

    expect((await startedPlan(await file(owner, 'Rotate the TLS keys?', 'team:infra'))).backupMemberId).toBe(sam.memberId);
    expect((await startedPlan(await file(owner, 'Ship on Friday?'))).backupMemberId).toBe(admin.memberId);
    // Cleared: the workspace's backup again.
    await cast.send(admin.token, teamRoutes.setTeamBackup, { params: { id: team.id }, body: { member: null } });
    expect((await startedPlan(await file(owner, 'Renew the certificate?', 'team:infra'))).backupMemberId).toBe(admin.memberId);
  });
});

describe('issue 41 item 5: delegation', () => {
  it("while Dana is away Sam holds her decisions, answers them for her where only assignees answer, and is notified; the card keeps Dana's name", async () => {
    const { owner, admin, dana, sam } = await people();
    await cast.send(admin.token, assignmentRoutes.updateAnswerSettings, { body: { whoMayAnswer: 'assignees' } });
    const toDana = await file(owner, 'Drop the staging table?', '@dana');
    const toNobody = await file(owner, 'Ship on Friday?');
    expect(await forMeIds(sam)).toEqual([toNobody]);
    const before = await problem(
      await cast.request(sam.token, 'POST', `/api/v1/decisions/${toDana}/asks/1/answer`, {
        answer: { kind: 'approval', decision: 'approve' },
      }),
    );
    expect(before).toMatchObject({ status: 403, code: 'not_assignee' });

    const { delegation } = await cast.send(dana.token, delegationRoutes.createDelegation, {
      body: { to: sam.memberId, endsAt: inAnHour() },
    });
    expect(delegation).toMatchObject({ memberId: dana.memberId, delegateId: sam.memberId, delegateName: 'Sam Vimes', active: true });
    expect(await forMeIds(sam)).toEqual([toDana, toNobody].sort());
    const read = await cast.send(sam.token, decisionRoutes.getDecision, { params: { id: toDana } });
    expect(read.detail.assignment).toMatchObject({
      assignee: { kind: 'member', name: 'Dana Scully' },
      delegatedTo: { id: sam.memberId, name: 'Sam Vimes' },
      forMe: true,
      mayAnswer: true,
    });
    expect((await membersWhoAnswer(cast.pool, owner.workspaceId, toDana)).map((member) => member.id).sort()).toEqual(
      [dana.memberId, sam.memberId].sort(),
    );

    const answered = await cast.send(sam.token, decisionRoutes.answerAsk, {
      params: { id: toDana, ask: 1 },
      query: {},
      body: { answer: { kind: 'approval', decision: 'approve' } },
    });
    expect(answered.decision.asks[0]!.answer?.answeredBy).toBe(sam.memberId);
    const { activity } = await cast.send(admin.token, activityRoutes.listActivity, {
      query: { subject_kind: 'decision', subject_id: toDana },
    });
    expect(activity.find((entry) => entry.kind === 'answered_for')).toMatchObject({
      actorId: sam.memberId,
      detail: { ask: 1, for: dana.memberId },
    });

    // Dana's own record: the delegation, then its end.
    await cast.send(dana.token, delegationRoutes.endDelegation, { params: { id: delegation.id }, body: {} });
    const record = await cast.send(admin.token, activityRoutes.listActivity, {
      query: { subject_kind: 'member', subject_id: dana.memberId },
    });
    expect([...record.activity].reverse().map((entry) => [entry.kind, entry.actorId])).toEqual([
      ['delegated', dana.memberId],
      ['delegation_ended', dana.memberId],
    ]);
  });

  it('a window opens at its start and closes at its end, with nothing scheduled', async () => {
    const { owner, dana, sam } = await people();
    const toDana = await file(owner, 'Rotate the TLS keys?', '@dana');
    const startsAt = new Date(Date.now() + 1_500);
    const endsAt = new Date(startsAt.getTime() + 4_000);
    await cast.send(dana.token, delegationRoutes.createDelegation, {
      body: { to: sam.memberId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    });
    const seen: boolean[] = [];
    // Read until the window has opened and closed again: each read is what Sam sees at that moment.
    while (Date.now() < endsAt.getTime() + 500) {
      const before = Date.now();
      const covers = (await forMeIds(sam)).includes(toDana);
      const after = Date.now();
      // Only a read wholly on one side of each edge counts: one that straddles an edge may land either side.
      const side = (edge: number) => (after < edge ? 'before' : before > edge ? 'after' : 'straddles');
      const [start, end] = [side(startsAt.getTime()), side(endsAt.getTime())];
      if (start !== 'straddles' && end !== 'straddles') {
        expect(covers, `${before - startsAt.getTime()} ms from the start`).toBe(start === 'after' && end === 'before');
        seen.push(covers);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toContain(true);
    expect(seen.at(-1)).toBe(false);
  });

  it('chains pass on, never in a loop; refusals change nothing', async () => {
    const { owner, admin, dana, sam, kim } = await people();
    const toDana = await file(owner, 'Refund order 88?', '@dana');
    await cast.send(dana.token, delegationRoutes.createDelegation, { body: { to: sam.memberId, endsAt: inAnHour() } });
    await cast.send(sam.token, delegationRoutes.createDelegation, { body: { to: admin.memberId, endsAt: inAnHour() } });
    // Ada covers Sam, who covers Dana: Dana's decision reaches Ada.
    expect(await forMeIds(admin)).toContain(toDana);

    const before = await rowDigest(cast.pool, owner.workspaceId);
    const post = (member: Member, body: unknown) => cast.request(member.token, 'POST', '/api/v1/delegations', body);
    expect(await problem(await post(admin, { to: dana.memberId, endsAt: inAnHour() }))).toMatchObject({
      status: 409,
      code: 'delegation_loop',
    });
    expect(await problem(await post(dana, { to: dana.memberId, endsAt: inAnHour() }))).toMatchObject({
      status: 422,
      code: 'delegation_to_self',
    });
    expect(await problem(await post(dana, { to: kim.memberId, endsAt: new Date(Date.now() - 60_000).toISOString() }))).toMatchObject({
      status: 422,
      code: 'delegation_window',
    });
    expect(await problem(await post(kim, { from: dana.memberId, to: kim.memberId, endsAt: inAnHour() }))).toMatchObject({
      status: 403,
      code: 'forbidden_for_role',
    });
    expect(await problem(await post(dana, { to: 'mb_nobody', endsAt: inAnHour() }))).toMatchObject({
      status: 404,
      code: 'member_not_found',
    });
    const { delegations } = await cast.send(kim.token, delegationRoutes.listDelegations, {});
    const danas = delegations.find((one) => one.memberId === dana.memberId)!;
    expect(await problem(await cast.request(kim.token, 'POST', `/api/v1/delegations/${danas.id}/end`))).toMatchObject({
      status: 403,
      code: 'not_delegator',
    });
    const stranger = await cast.newMember();
    expect(await problem(await cast.request(stranger.token, 'POST', `/api/v1/delegations/${danas.id}/end`))).toMatchObject({
      status: 404,
      code: 'delegation_not_found',
    });
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);

    // An admin may set one for someone else, and end one; then the chain no longer reaches Ada.
    const forKim = await cast.send(admin.token, delegationRoutes.createDelegation, {
      body: { from: kim.memberId, to: sam.memberId, endsAt: inAnHour() },
    });
    expect(forKim.delegation.createdBy).toBe(admin.memberId);
    await cast.send(admin.token, delegationRoutes.endDelegation, { params: { id: danas.id }, body: {} });
    expect(await forMeIds(admin)).not.toContain(toDana);
  });
});
