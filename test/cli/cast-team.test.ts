/**
 * Issue 41 item 1 through the `cast` door: an admin creates a team with a member, adds and
 * removes members by the team's name, renames and deletes it; `cast team` lists it; a member
 * without `team.manage` exits 4 naming it; a bad name exits 2 before anything is sent; a taken
 * name exits 3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRoutes } from '../../domain/routes/teams';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

type TeamOut = { team: { id: string; name: string; members: string[] } };

describe('cast team (CLI door)', () => {
  it('an admin keeps teams by name; a member may only list them', async () => {
    const owner = await cast.newMember();
    const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
    const dana = await colleagueOf(cast.pool, owner, 'Dana', 'member');
    const sam = await colleagueOf(cast.pool, owner, 'Sam', 'member');
    const shell = castShell({ url: cast.url, token: admin.token });

    const created = await shell.run(['team', 'create', 'infra', dana.memberId, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const { team } = jsonOf<TeamOut>(created);
    expect(team).toMatchObject({ name: 'infra', members: [dana.memberId] });

    expect((await shell.run(['team', 'add', 'infra', sam.memberId])).code).toBe(0);
    const removed = await shell.run(['team', 'remove', 'infra', dana.memberId]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`infra (${team.id}) · ${sam.memberId}`);
    const renamed = await shell.run(['team', 'rename', team.id, 'platform']);
    expect(renamed.code, renamed.stderr).toBe(0);

    const listed = await castShell({ url: cast.url, token: dana.token }).run(['team']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`platform (${team.id}) · ${sam.memberId}`);

    // Refusals: a member without team.manage (4, naming it); a bad name before sending (2); a taken one (3).
    const byDana = await castShell({ url: cast.url, token: dana.token }).run(['team', 'create', 'mine']);
    expect(byDana.code).toBe(4);
    expect(byDana.stderr).toContain('team.manage');
    expect((await shell.run(['team', 'create', 'not a name!'])).code).toBe(2);
    const taken = await shell.run(['team', 'create', 'platform']);
    expect(taken.code).toBe(3);
    expect(taken.stderr).toContain('A team named "platform" already exists');
    expect((await shell.run(['team', 'add', 'nosuch', sam.memberId])).code).toBe(2);

    const deleted = await shell.run(['team', 'delete', 'platform']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await cast.send(admin.token, teamRoutes.listTeams)).teams).toEqual([]);
  });
});
