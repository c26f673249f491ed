/**
 * Issue 41 item 1 through the `cast` door: `cast decide --to @dana` files a decision for Dana;
 * `cast decide assign` readdresses it to a team or everyone; `claim` and `release` say who is on
 * it; a name nobody goes by is refused with the server's words; a malformed one exits 2 before
 * anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { teamRoutes } from '../../domain/routes/teams';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type Filed = { id: string };
type AssignmentOut = { assignment: { assignee: { kind: string; name: string } | null; claimedBy: { name: string } | null } };

describe('cast decide --to, assign, claim, release (CLI door)', () => {
  it('files for a member, readdresses to a team and to everyone, and claims and releases', async () => {
    const owner = await cast.newMember();
    const dana = await colleagueOf(cast.pool, owner, 'Dana Scully', 'member');
    await cast.send(owner.token, teamRoutes.createTeam, { body: { name: 'infra', members: [dana.memberId] } });
    const agent = castShell({ url: cast.url, token: owner.token });

    const filed = await agent.run([
      'decide',
      'Drop the staging table?',
      '-o',
      'Drop :: frees 40 GB',
      '-o',
      'Keep :: costs $12/month',
      '--context',
      'Nobody has read it since March.',
      '--to',
      '@dana',
      '--json',
    ]);
    expect(filed.code, filed.stderr).toBe(0);
    const { id } = jsonOf<Filed>(filed);
    const forDana = await cast.send(dana.token, decisionRoutes.listQueue, { query: { for: 'me' } });
    expect(forDana.decisions.map((card) => [card.id, card.assignment.assignee?.name])).toEqual([[id, 'Dana Scully']]);

    const toTeam = await agent.run(['decide', 'assign', id, 'team:infra']);
    expect(toTeam.code, toTeam.stderr).toBe(0);
    expect(toTeam.stdout).toContain(`${id} is for team infra.`);

    const me = castShell({ url: cast.url, token: dana.token });
    const claimed = await me.run(['decide', 'claim', id]);
    expect(claimed.code, claimed.stderr).toBe(0);
    expect(claimed.stdout).toContain(`${id} is for team infra; Dana Scully is on it.`);
    const released = jsonOf<AssignmentOut>(await me.run(['decide', 'release', id, '--json']));
    expect(released.assignment.claimedBy).toBeNull();

    const everyone = await agent.run(['decide', 'assign', id, '--everyone', '--json']);
    expect(jsonOf<AssignmentOut>(everyone).assignment.assignee).toBeNull();

    // Refusals: nobody by that name (the server's words); no target, or a malformed one, before sending (2).
    const nobody = await agent.run(['decide', 'assign', id, '@zed']);
    expect(nobody.code).not.toBe(0);
    expect(nobody.stderr).toContain('No member of this workspace goes by @zed');
    expect((await agent.run(['decide', 'assign', id])).code).toBe(2);
    expect((await agent.run(['decide', 'assign', id, 'dana'])).code).toBe(2);
    expect((await agent.run(['decide', 'Who?', '-o', 'A :: a', '-o', 'B :: b', '--context', 'Context enough.', '--to', 'dana'])).code).toBe(
      2,
    );
  });
});
