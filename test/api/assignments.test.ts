/**
 * Issue 41 items 1-2 and 7: a decision is addressed to a member, a team or nobody; "For me"
 * lists what is the reader's, their teams' and nobody's, with counts from the counters; a
 * person reassigns, claims and releases; where the workspace says so, only the assignee, their
 * team and admins answer (403 `not_assignee`, nothing written); a removed member's decisions
 * return to their team, a deleted team's to everyone. Real Postgres and Temporal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRoutes } from '../../domain/routes/activity';
import { assignmentRoutes } from '../../domain/routes/assignments';
import { decisionRoutes } from '../../domain/routes/decisions';
import { peopleRoutes } from '../../domain/routes/people';
import { sessionRoutes } from '../../domain/routes/sessions';
import { teamRoutes } from '../../domain/routes/teams';
import { membersWhoAnswer } from '../../db/notification-recipients';
import { agentTokenOf, colleagueOf } from '../support/members';
import { changedTables, rowDigest } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type People = { owner: Member; admin: Member; dana: Member; sam: Member; infra: string };

/** A workspace with Dana in team infra and Sam in no team. */
async function workspace(): Promise<People> {
  const owner = await cast.newMember();
  const admin = await colleagueOf(cast.pool, owner, 'Ada Admin', 'admin');
  const dana = await colleagueOf(cast.pool, owner, 'Dana Scully', 'member');
  const sam = await colleagueOf(cast.pool, owner, 'Sam Vimes', 'member');
  const { team } = await cast.send(admin.token, teamRoutes.createTeam, { body: { name: 'infra', members: [dana.memberId] } });
  return { owner, admin, dana, sam, infra: team.id };
}

const approval = (question: string, to?: string) => ({
  question,
  asks: [{ kind: 'approval' as const, prompt: question, action: { summary: question } }],
  ...(to ? { to } : {}),
});

async function file(member: Member, question: string, to?: string): Promise<string> {
  const { decision } = await cast.send(member.token, decisionRoutes.fileDecision, { body: approval(question, to) });
  return decision.id;
}

async function problem(response: Response): Promise<{ status: number; code: string; detail: string }> {
  return { status: response.status, ...((await response.json()) as { code: string; detail: string }) };
}

async function forMe(member: Member, audience: 'me' | 'everyone' = 'me') {
  return cast.send(member.token, decisionRoutes.listQueue, { query: { for: audience } });
}

describe('issue 41 item 1: addressed to someone, and "For me"', () => {
  it('a filing addresses a member or a team; "For me" lists mine, my teams\' and nobody\'s, with its counts', async () => {
    const { owner, dana, sam, infra } = await workspace();
    const toDana = await file(owner, 'Drop the staging table?', '@dana');
    const toInfra = await file(owner, 'Rotate the TLS keys?', `team:infra`);
    const toSam = await file(owner, 'Refund order 88?', '@Sam Vimes');
    const toNobody = await file(owner, 'Ship on Friday?');

    const danas = await forMe(dana);
    expect(new Set(danas.decisions.map((card) => card.id))).toEqual(new Set([toDana, toInfra, toNobody]));
    expect(danas.counts).toMatchObject({ open: 3, blocking: 3, total: 3 });
    expect(danas.tabs.open).toBe(3);
    const card = (id: string) => danas.decisions.find((one) => one.id === id)!;
    expect(card(toDana).assignment).toEqual({
      assignee: { kind: 'member', id: dana.memberId, name: 'Dana Scully' },
      delegatedTo: null,
      claimedBy: null,
      forMe: true,
      mayAnswer: true,
      asks: {},
    });
    expect(card(toInfra).assignment.assignee).toEqual({ kind: 'team', id: infra, name: 'infra' });
    expect(card(toNobody).assignment.assignee).toBeNull();

    const sams = await forMe(sam);
    expect(new Set(sams.decisions.map((one) => one.id))).toEqual(new Set([toSam, toNobody]));
    expect(sams.counts.open).toBe(2);

    // Everyone: the whole workspace, each card saying whether it is the reader's.
    const everyone = await forMe(sam, 'everyone');
    expect(everyone.counts.open).toBe(4);
    expect(everyone.decisions.find((one) => one.id === toDana)!.assignment).toMatchObject({ forMe: false, mayAnswer: true });

    // The same rows the slow way: the filtered general plan agrees with the keyed fast walk.
    const filtered = await cast.send(dana.token, decisionRoutes.listQueue, { query: { for: 'me', kind: 'approval' } });
    expect(filtered.decisions.map((one) => one.id)).toEqual(danas.decisions.map((one) => one.id));
    expect(filtered.counts).toEqual(danas.counts);

    // The decision's own read says whom it is for.
    const read = await cast.send(sam.token, decisionRoutes.getDecision, { params: { id: toInfra } });
    expect(read.detail.assignment).toMatchObject({ assignee: { kind: 'team', name: 'infra' }, forMe: false });
    expect(read.decision.links.assignee).toEqual({ kind: 'team', id: infra });
  });

  it('an agent addresses its filing the same way; reading "For me" through its token reads its own decisions', async () => {
    const { owner, dana } = await workspace();
    const agent = await agentTokenOf(cast.pool, owner, 'Coder');
    const { decision } = await cast.send(agent.token, decisionRoutes.fileDecision, { body: approval('Bump the node version?', '@dana') });
    expect((await forMe(dana)).decisions.map((card) => card.id)).toEqual([decision.id]);
    const own = await cast.send(agent.token, decisionRoutes.listQueue, { query: { for: 'me' } });
    expect(own.decisions.map((card) => card.id)).toEqual([decision.id]);
  });

  it('an assignee nobody goes by, or several, is refused by name and nothing is filed', async () => {
    const { owner } = await workspace();
    await colleagueOf(cast.pool, owner, 'Dana Other', 'member');
    const before = await rowDigest(cast.pool, owner.workspaceId);
    const nobody = await problem(await cast.request(owner.token, 'POST', '/api/v1/decisions', approval('Who?', '@zed')));
    expect(nobody).toMatchObject({ status: 422, code: 'assignee_not_found' });
    const noTeam = await problem(await cast.request(owner.token, 'POST', '/api/v1/decisions', approval('Who?', 'team:nope')));
    expect(noTeam).toMatchObject({ status: 422, code: 'assignee_not_found' });
    const two = await problem(await cast.request(owner.token, 'POST', '/api/v1/decisions', approval('Who?', '@dana')));
    expect(two).toMatchObject({ status: 422, code: 'assignee_ambiguous' });
    expect(two.detail).toContain('Dana Other or Dana Scully');
    const malformed = await problem(await cast.request(owner.token, 'POST', '/api/v1/decisions', approval('Who?', 'dana')));
    expect(malformed).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(malformed.detail).toContain('address a member as @name');
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
  });

  it('a person reassigns; a member claims ("Dana is on it"), others cannot, and it is released; all on record', async () => {
    const { owner, admin, dana, sam } = await workspace();
    const id = await file(owner, 'Rotate the TLS keys?');
    const moved = await cast.send(sam.token, assignmentRoutes.reassignDecision, { params: { id }, body: { to: 'team:infra' } });
    expect(moved.assignment).toMatchObject({ assignee: { kind: 'team', name: 'infra' }, forMe: false });
    expect((await forMe(sam)).decisions).toEqual([]);

    const claimed = await cast.send(dana.token, assignmentRoutes.claimDecision, { params: { id }, body: {} });
    expect(claimed.assignment.claimedBy).toMatchObject({ id: dana.memberId, name: 'Dana Scully' });
    // The others see who is on it.
    const seen = await cast.send(admin.token, decisionRoutes.getDecision, { params: { id } });
    expect(seen.detail.assignment.claimedBy?.name).toBe('Dana Scully');
    // Not Sam's to claim; nor to release.
    expect(await problem(await cast.request(sam.token, 'POST', `/api/v1/decisions/${id}/claim`))).toMatchObject({
      status: 409,
      code: 'already_claimed',
    });
    expect(await problem(await cast.request(sam.token, 'POST', `/api/v1/decisions/${id}/release`))).toMatchObject({
      status: 403,
      code: 'not_claimant',
    });
    // Claiming again changes nothing; releasing ends it.
    await cast.send(dana.token, assignmentRoutes.claimDecision, { params: { id }, body: {} });
    const released = await cast.send(dana.token, assignmentRoutes.releaseDecision, { params: { id }, body: {} });
    expect(released.assignment.claimedBy).toBeNull();
    // Someone not in infra cannot claim what is infra's.
    expect(await problem(await cast.request(sam.token, 'POST', `/api/v1/decisions/${id}/claim`))).toMatchObject({
      status: 403,
      code: 'not_assignee',
    });
    // A reassignment ends a claim.
    await cast.send(dana.token, assignmentRoutes.claimDecision, { params: { id }, body: {} });
    const back = await cast.send(admin.token, assignmentRoutes.reassignDecision, { params: { id }, body: { to: null } });
    expect(back.assignment).toMatchObject({ assignee: null, claimedBy: null, forMe: true });

    const { activity } = await cast.send(admin.token, activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: id } });
    const story = [...activity]
      .reverse()
      .filter((entry) => ['assigned', 'on_it', 'let_go'].includes(entry.kind))
      .map((entry) => [entry.kind, entry.actorId]);
    expect(story).toEqual([
      ['assigned', sam.memberId],
      ['on_it', dana.memberId],
      ['let_go', dana.memberId],
      ['on_it', dana.memberId],
      ['assigned', admin.memberId],
    ]);
  });

  it("an answered decision is not reassigned or claimed; another workspace's reads as missing", async () => {
    const { owner, dana } = await workspace();
    const id = await file(owner, 'Ship?');
    await cast.send(dana.token, decisionRoutes.answerAsk, {
      params: { id, ask: 1 },
      query: {},
      body: { answer: { kind: 'approval', decision: 'approve' } },
    });
    expect(await problem(await cast.request(dana.token, 'PUT', `/api/v1/decisions/${id}/assignee`, { to: '@dana' }))).toMatchObject({
      status: 409,
      code: 'decision_not_open',
    });
    const stranger = await cast.newMember();
    expect(await problem(await cast.request(stranger.token, 'POST', `/api/v1/decisions/${id}/claim`))).toMatchObject({
      status: 404,
      code: 'decision_not_found',
    });
  });
});

describe('issue 41 item 1: the queue comes to whom a decision is for', () => {
  it("a decision's notifications reach its member, its team's members, or (for nobody) everyone who answers", async () => {
    const { owner, admin, dana, sam } = await workspace();
    const viewer = await colleagueOf(cast.pool, owner, 'Vic Viewer', 'viewer');
    const people = async (id: string) => (await membersWhoAnswer(cast.pool, owner.workspaceId, id)).map((member) => member.id).sort();
    expect(await people(await file(owner, 'Drop the staging table?', '@sam'))).toEqual([sam.memberId]);
    expect(await people(await file(owner, 'Rotate the TLS keys?', 'team:infra'))).toEqual([dana.memberId]);
    const everyone = [owner.memberId, admin.memberId, dana.memberId, sam.memberId].sort();
    expect(await people(await file(owner, 'Ship on Friday?'))).toEqual(everyone);
    expect(everyone).not.toContain(viewer.memberId);
  });
});

describe('issue 41 item 2: who may answer', () => {
  it('where only assignees answer, anyone else is refused with not_assignee and nothing changes; the assignee, their team and admins answer', async () => {
    const { owner, admin, dana, sam } = await workspace();
    const plain = await problem(await cast.request(sam.token, 'PATCH', '/api/v1/settings/answers', { whoMayAnswer: 'assignees' }));
    expect(plain).toMatchObject({ status: 403, code: 'forbidden_for_role' });
    const set = await cast.send(admin.token, assignmentRoutes.updateAnswerSettings, { body: { whoMayAnswer: 'assignees' } });
    expect(set.settings.whoMayAnswer).toBe('assignees');
    expect((await cast.send(sam.token, assignmentRoutes.getAnswerSettings, {})).settings.whoMayAnswer).toBe('assignees');

    const toInfra = await file(owner, 'Rotate the TLS keys?', 'team:infra');
    const toSam = await file(owner, 'Refund order 88?', '@sam');
    const toNobody = await file(owner, 'Ship on Friday?');
    const approve = { answer: { kind: 'approval' as const, decision: 'approve' as const } };

    // The card says so before anyone tries.
    const samsView = await cast.send(sam.token, decisionRoutes.getDecision, { params: { id: toInfra } });
    expect(samsView.detail.assignment).toMatchObject({ mayAnswer: false, forMe: false });

    const before = await rowDigest(cast.pool, owner.workspaceId);
    const refused = await problem(await cast.request(sam.token, 'POST', `/api/v1/decisions/${toInfra}/asks/1/answer`, approve));
    expect(refused).toMatchObject({ status: 403, code: 'not_assignee' });
    expect(refused.detail).toContain('a member of team infra or an admin');
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);

    // Dana (infra), an admin, and anyone for nobody's.
    const byDana = await cast.send(dana.token, decisionRoutes.answerAsk, { params: { id: toInfra, ask: 1 }, query: {}, body: approve });
    expect(byDana.decision.status).toBe('resolved');
    const byAdmin = await cast.send(admin.token, decisionRoutes.answerAsk, { params: { id: toSam, ask: 1 }, query: {}, body: approve });
    expect(byAdmin.decision.status).toBe('resolved');
    const bySam = await cast.send(sam.token, decisionRoutes.answerAsk, { params: { id: toNobody, ask: 1 }, query: {}, body: approve });
    expect(bySam.decision.status).toBe('resolved');
  });

  it('an ask addressed to someone of its own is theirs to answer, whoever the decision is for; kept by id', async () => {
    const { owner, admin, dana, sam, infra } = await workspace();
    await cast.send(admin.token, assignmentRoutes.updateAnswerSettings, { body: { whoMayAnswer: 'assignees' } });
    const { decision } = await cast.send(owner.token, decisionRoutes.fileDecision, {
      body: {
        question: 'Ship the billing change?',
        to: '@sam',
        asks: [
          { kind: 'approval', prompt: 'Ship it?', action: { summary: 'Deploy billing v2' } },
          { kind: 'fact', prompt: 'Which maintenance window?', to: 'team:infra' },
        ],
      },
    });
    expect(decision.asks[1]!.to).toBe(`team:${infra}`);
    const samsView = await cast.send(sam.token, decisionRoutes.getDecision, { params: { id: decision.id } });
    expect(samsView.detail.assignment).toMatchObject({
      mayAnswer: true,
      asks: { '2': { assignee: { kind: 'team', name: 'infra' }, mayAnswer: false } },
    });
    const danasView = await cast.send(dana.token, decisionRoutes.getDecision, { params: { id: decision.id } });
    expect(danasView.detail.assignment).toMatchObject({ mayAnswer: false, asks: { '2': { mayAnswer: true } } });

    const before = await rowDigest(cast.pool, owner.workspaceId);
    const fact = { answer: { kind: 'fact' as const, text: 'Sunday 02:00 UTC' } };
    const bySam = await problem(await cast.request(sam.token, 'POST', `/api/v1/decisions/${decision.id}/asks/2/answer`, fact));
    expect(bySam).toMatchObject({ status: 403, code: 'not_assignee' });
    expect(bySam.detail).toContain('a member of team infra or an admin');
    const byDana = await problem(
      await cast.request(dana.token, 'POST', `/api/v1/decisions/${decision.id}/asks/1/answer`, {
        answer: { kind: 'approval', decision: 'approve' },
      }),
    );
    expect(byDana).toMatchObject({ status: 403, code: 'not_assignee' });
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);

    await cast.send(dana.token, decisionRoutes.answerAsk, { params: { id: decision.id, ask: 2 }, query: {}, body: fact });
    const done = await cast.send(sam.token, decisionRoutes.answerAsk, {
      params: { id: decision.id, ask: 1 },
      query: {},
      body: { answer: { kind: 'approval', decision: 'approve' } },
    });
    expect(done.decision.status).toBe('resolved');
    // A name nobody goes by, on an ask, is refused before anything is filed.
    const nobody = await problem(
      await cast.request(owner.token, 'POST', '/api/v1/decisions', {
        question: 'Who?',
        asks: [{ kind: 'fact', prompt: 'Who knows?', to: '@zed' }],
      }),
    );
    expect(nobody).toMatchObject({ status: 422, code: 'assignee_not_found' });
  });

  it('under the default, anyone answers what is addressed to someone else', async () => {
    const { owner, sam } = await workspace();
    const toDana = await file(owner, 'Drop the staging table?', '@dana');
    const answered = await cast.send(sam.token, decisionRoutes.answerAsk, {
      params: { id: toDana, ask: 1 },
      query: {},
      body: { answer: { kind: 'approval', decision: 'reject' }, reason: 'Not before the backup.' },
    });
    expect(answered.decision.status).toBe('resolved');
  });
});

describe("issue 41 item 7: nobody's absence keeps their decisions", () => {
  it("a removed member's decisions return to their one team, and their claims end; a deleted team's return to everyone", async () => {
    const { owner, admin, dana, sam, infra } = await workspace();
    const toDana = await file(owner, 'Drop the staging table?', '@dana');
    const toInfra = await file(owner, 'Rotate the TLS keys?', 'team:infra');
    await cast.send(dana.token, assignmentRoutes.claimDecision, { params: { id: toInfra }, body: {} });
    const session = `dana-${Date.now()}`;
    await cast.send(dana.token, sessionRoutes.putSession, { params: { id: session }, body: { scope: 'infra' } });
    expect((await cast.request(admin.token, 'GET', `/api/v1/sessions/${session}`)).status).toBe(404);
    await cast.send(admin.token, peopleRoutes.removeMember, { params: { id: dana.memberId } });
    // Her session passes to the admin who removed her.
    expect((await cast.send(admin.token, sessionRoutes.getSession, { params: { id: session } })).session.scope).toBe('infra');

    const read = async (id: string) => (await cast.send(admin.token, decisionRoutes.getDecision, { params: { id } })).detail.assignment;
    expect(await read(toDana)).toMatchObject({ assignee: { kind: 'team', id: infra, name: 'infra' }, claimedBy: null });
    expect((await read(toInfra)).claimedBy).toBeNull();

    await cast.send(admin.token, teamRoutes.deleteTeam, { params: { id: infra } });
    expect((await read(toDana)).assignee).toBeNull();
    expect((await read(toInfra)).assignee).toBeNull();
    // Back in everyone's "For me".
    expect(new Set((await forMe(sam)).decisions.map((card) => card.id))).toEqual(new Set([toDana, toInfra]));
    const { activity } = await cast.send(admin.token, activityRoutes.listActivity, {
      query: { subject_kind: 'decision', subject_id: toDana },
    });
    expect(activity.filter((entry) => entry.kind === 'assigned').map((entry) => entry.detail['because'])).toEqual([
      'team_deleted',
      'member_removed',
    ]);
  });
});
