/**
 * Issue 41 item 5 through the `cast` door: a member hands their decisions to a colleague until a
 * date and `cast delegate` lists it, with its id; the delegate now finds them in "For me"; `end`
 * ends it and For me is theirs again. Refusals: a date the CLI cannot read exits 2 before
 * anything is sent, delegating to oneself exits 7 (Cast refused it) with the server's words, someone else's
 * decisions without member.manage exit 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { delegationRoutes } from '../../domain/routes/delegations';
import { decisionBody } from '../support/fixtures';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type Out = { delegation: { id: string; memberId: string; delegateId: string; active: boolean; endedAt: string | null } };

describe('cast delegate (CLI door)', () => {
  it("hands a member's decisions to a colleague until a date, lists it, and ends it", async () => {
    const owner = await cast.newMember();
    const dana = await colleagueOf(cast.pool, owner, 'Dana', 'member');
    const sam = await colleagueOf(cast.pool, owner, 'Sam', 'member');
    const filed = await cast.send(owner.token, decisionRoutes.fileDecision, {
      body: { ...decisionBody('Which mirror for Dana?'), to: `@${dana.memberId}` },
    });
    const forSam = async () =>
      (await cast.send(sam.token, decisionRoutes.listQueue, { query: { for: 'me' } })).decisions.map((decision) => decision.id);
    expect(await forSam()).not.toContain(filed.decision.id);

    const shell = castShell({ url: cast.url, token: dana.token });
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const started = await shell.run(['delegate', 'to', sam.memberId, '--until', until, '--json']);
    expect(started.code, started.stderr).toBe(0);
    const { delegation } = jsonOf<Out>(started);
    expect(delegation).toMatchObject({ memberId: dana.memberId, delegateId: sam.memberId, active: true, endedAt: null });
    expect(await forSam()).toContain(filed.decision.id);

    const listed = await castShell({ url: cast.url, token: sam.token }).run(['delegate']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`Sam covers for Dana · now until`);
    expect(listed.stdout).toContain(delegation.id);

    const ended = await shell.run(['delegate', 'end', delegation.id, '--json']);
    expect(ended.code, ended.stderr).toBe(0);
    expect(jsonOf<Out>(ended).delegation.endedAt).not.toBeNull();
    expect(await forSam()).not.toContain(filed.decision.id);
    expect((await cast.send(dana.token, delegationRoutes.listDelegations)).delegations).toEqual([]);
  });

  it('refuses an unreadable date before sending, a delegation to oneself, and someone else’s decisions without member.manage', async () => {
    const owner = await cast.newMember();
    const dana = await colleagueOf(cast.pool, owner, 'Dana', 'member');
    const sam = await colleagueOf(cast.pool, owner, 'Sam', 'member');
    const shell = castShell({ url: cast.url, token: dana.token });

    const unreadable = await shell.run(['delegate', 'to', sam.memberId, '--until', 'someday']);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('--until');
    const toSelf = await shell.run(['delegate', 'to', dana.memberId, '--until', 'tomorrow']);
    expect(toSelf.code).toBe(7);
    expect(toSelf.stderr).toContain('cannot delegate to themselves');
    const forOther = await shell.run(['delegate', 'to', dana.memberId, '--for', sam.memberId, '--until', 'tomorrow']);
    expect(forOther.code).toBe(4);
    expect(forOther.stderr).toContain('member.manage');
    expect((await cast.send(owner.token, delegationRoutes.listDelegations)).delegations).toEqual([]);
  });
});
