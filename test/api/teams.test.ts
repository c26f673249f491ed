/**
 * Issue 41 item 1 (teams) and item 8 (their changes on record): an admin creates a team with
 * members, renames it, adds and removes members and deletes it; everyone reads them; each change
 * is in the activity history with its actor; a removed member leaves every team. What is refused
 * is refused with a specific code and changes nothing: a taken name, a name that is not one, a
 * member of another workspace, a plain member's attempt, another workspace's team.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRoutes } from '../../domain/routes/activity';
import { peopleRoutes } from '../../domain/routes/people';
import { teamRoutes } from '../../domain/routes/teams';
import { colleagueOf } from '../support/members';
import { changedTables, rowDigest } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

async function workspace(): Promise<{ owner: Member; admin: Member; dana: Member; sam: Member; viewer: Member }> {
  const owner = await cast.newMember();
  return {
    owner,
    admin: await colleagueOf(cast.pool, owner, 'Ada', 'admin'),
    dana: await colleagueOf(cast.pool, owner, 'Dana', 'member'),
    sam: await colleagueOf(cast.pool, owner, 'Sam', 'member'),
    viewer: await colleagueOf(cast.pool, owner, 'Vic', 'viewer'),
  };
}

async function problem(response: Response): Promise<{ status: number; code: string; detail: string; permission?: string }> {
  const body = (await response.json()) as { code: string; detail: string; permission?: string };
  return { status: response.status, ...body };
}

describe('issue 41 item 1: teams', () => {
  it('an admin creates, renames, fills and empties a team and deletes it; everyone reads it; each change is on record', async () => {
    const { admin, dana, sam, viewer } = await workspace();
    const { team } = await cast.send(admin.token, teamRoutes.createTeam, { body: { name: 'infra', members: [dana.memberId] } });
    expect(team).toMatchObject({ name: 'infra', members: [dana.memberId] });
    expect(team.id).toMatch(/^tm_/);

    // Adding twice changes nothing; a viewer reads the team as it is.
    await cast.send(admin.token, teamRoutes.addTeamMember, { params: { id: team.id, memberId: sam.memberId }, body: {} });
    await cast.send(admin.token, teamRoutes.addTeamMember, { params: { id: team.id, memberId: sam.memberId }, body: {} });
    const renamed = await cast.send(admin.token, teamRoutes.renameTeam, { params: { id: team.id }, body: { name: 'platform' } });
    expect(renamed.team).toMatchObject({ name: 'platform', members: [dana.memberId, sam.memberId] });
    expect((await cast.send(viewer.token, teamRoutes.listTeams)).teams).toEqual([renamed.team]);
    expect((await cast.send(viewer.token, teamRoutes.getTeam, { params: { id: team.id } })).team).toEqual(renamed.team);

    const removed = await cast.send(admin.token, teamRoutes.removeTeamMember, { params: { id: team.id, memberId: dana.memberId } });
    expect(removed.team.members).toEqual([sam.memberId]);
    expect((await cast.send(admin.token, teamRoutes.deleteTeam, { params: { id: team.id } })).team.name).toBe('platform');
    expect((await cast.send(viewer.token, teamRoutes.listTeams)).teams).toEqual([]);

    // The history, oldest first: who did each, and the team by name even once it is gone.
    const { activity: entries } = await cast.send(viewer.token, activityRoutes.listActivity, {
      query: { subject_kind: 'team', subject_id: team.id },
    });
    const story = [...entries].reverse().map((entry) => [entry.kind, entry.actorId, entry.detail]);
    expect(story).toEqual([
      ['created', admin.memberId, { name: 'infra', members: [dana.memberId] }],
      ['member_added', admin.memberId, { memberId: sam.memberId }],
      ['renamed', admin.memberId, { from: 'infra', to: 'platform' }],
      ['member_removed', admin.memberId, { memberId: dana.memberId }],
      ['deleted', admin.memberId, { name: 'platform' }],
    ]);
  });

  it('issue 41 item 7: a member removed from the workspace leaves every team at once', async () => {
    const { admin, dana, sam } = await workspace();
    const { team } = await cast.send(admin.token, teamRoutes.createTeam, {
      body: { name: 'data', members: [dana.memberId, sam.memberId] },
    });
    await cast.send(admin.token, peopleRoutes.removeMember, { params: { id: dana.memberId } });
    expect((await cast.send(admin.token, teamRoutes.getTeam, { params: { id: team.id } })).team.members).toEqual([sam.memberId]);
    // And cannot be added back while removed.
    const again = await problem(await cast.request(admin.token, 'PUT', `/api/v1/teams/${team.id}/members/${dana.memberId}`));
    expect(again).toMatchObject({ status: 404, code: 'member_not_found' });
  });

  it('refusals say why and change nothing: a taken name, a bad name, another workspace’s member, a plain member, another workspace’s team', async () => {
    const { owner, admin, dana } = await workspace();
    const elsewhere = await cast.newMember();
    await cast.send(admin.token, teamRoutes.createTeam, { body: { name: 'infra' } });
    const before = await rowDigest(cast.pool, owner.workspaceId);

    const taken = await problem(await cast.request(admin.token, 'POST', '/api/v1/teams', { name: 'infra' }));
    expect(taken).toMatchObject({ status: 409, code: 'team_name_taken', detail: 'A team named "infra" already exists in this workspace.' });
    const badName = await problem(await cast.request(admin.token, 'POST', '/api/v1/teams', { name: 'team infra!' }));
    expect(badName).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(badName.detail).toContain('team infra!');
    const stranger = await problem(
      await cast.request(admin.token, 'POST', '/api/v1/teams', { name: 'mixed', members: [dana.memberId, elsewhere.memberId] }),
    );
    expect(stranger).toMatchObject({ status: 404, code: 'member_not_found' });
    const plain = await problem(await cast.request(dana.token, 'POST', '/api/v1/teams', { name: 'mine' }));
    expect(plain).toMatchObject({ status: 403, code: 'forbidden_for_role', permission: 'team.manage' });
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);

    // Another workspace's team reads exactly as a missing one.
    const { team: theirs } = await cast.send(elsewhere.token, teamRoutes.createTeam, { body: { name: 'theirs' } });
    const foreign = await problem(await cast.request(admin.token, 'GET', `/api/v1/teams/${theirs.id}`));
    const missing = await problem(await cast.request(admin.token, 'GET', '/api/v1/teams/tm_00000000000000000000000000000000'));
    expect(foreign).toMatchObject({ status: 404, code: 'team_not_found' });
    expect(foreign.detail).toBe(missing.detail);
    const renameTheirs = await problem(await cast.request(admin.token, 'PATCH', `/api/v1/teams/${theirs.id}`, { name: 'mine-now' }));
    expect(renameTheirs).toMatchObject({ status: 404, code: 'team_not_found' });
    expect((await cast.send(elsewhere.token, teamRoutes.getTeam, { params: { id: theirs.id } })).team.name).toBe('theirs');
  });
});

describe('issue 41 item 8: membership, roles and tokens on record', () => {
  it('adding a member, changing their role, minting and revoking a token, and removing them are history entries with their actor', async () => {
    const { owner, admin } = await workspace();
    const { member } = await cast.send(admin.token, peopleRoutes.addMember, { body: { name: 'Nell', role: 'member' } });
    await cast.send(owner.token, peopleRoutes.changeMember, { params: { id: member.id }, body: { role: 'admin' } });
    const minted = await cast.send(admin.token, peopleRoutes.createToken, { body: { label: 'laptop' } });
    await cast.send(admin.token, peopleRoutes.revokeToken, { params: { id: minted.token.id } });
    // Revoking twice keeps the first time and records it once.
    await cast.send(admin.token, peopleRoutes.revokeToken, { params: { id: minted.token.id } });
    await cast.send(owner.token, peopleRoutes.removeMember, { params: { id: member.id } });

    const history = async (memberId: string) =>
      [...(await cast.send(owner.token, activityRoutes.listActivity, { query: { subject_kind: 'member', subject_id: memberId } })).activity]
        .reverse()
        .map((entry) => [entry.kind, entry.actorId, entry.detail, entry.subjectTitle]);
    expect(await history(member.id)).toEqual([
      ['added', admin.memberId, { name: 'Nell', role: 'member' }, 'Nell'],
      ['role_changed', owner.memberId, { from: 'member', to: 'admin' }, 'Nell'],
      ['removed', owner.memberId, { name: 'Nell', handedOver: { to: owner.memberId, sessions: 0, agents: 0 } }, 'Nell'],
    ]);
    expect(await history(admin.memberId)).toEqual([
      ['token_created', admin.memberId, { tokenId: minted.token.id, label: 'laptop' }, 'Ada'],
      ['token_revoked', admin.memberId, { tokenId: minted.token.id, label: 'laptop' }, 'Ada'],
    ]);
  });
});
