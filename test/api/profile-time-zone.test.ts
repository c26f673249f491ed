/**
 * Issue 39 item 10 — each member has a time zone. `GET/PATCH /api/v1/profile`: a person reads
 * and changes their own (any role, a viewer too); an unknown zone is refused with a specific
 * problem and changes nothing; an agent has no profile; members list it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleRoutes } from '../../domain/routes/people';
import { agentTokenOf, colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

describe('issue 39 item 10 — a member’s time zone', () => {
  it('is null until chosen; a person sets their own, stored as Intl spells it, and the members list shows it', async () => {
    const owner = await cast.newMember();
    expect((await cast.send(owner.token, peopleRoutes.getProfile)).member).toMatchObject({ id: owner.memberId, timeZone: null });
    const changed = await cast.send(owner.token, peopleRoutes.changeProfile, { body: { timeZone: 'america/new_york' } });
    expect(changed.member).toMatchObject({ id: owner.memberId, timeZone: 'America/New_York' });
    expect((await cast.send(owner.token, peopleRoutes.getProfile)).member.timeZone).toBe('America/New_York');
    const { members } = await cast.send(owner.token, peopleRoutes.listMembers, { query: {} });
    expect(members.find((member) => member.id === owner.memberId)?.timeZone).toBe('America/New_York');
  });

  it('a viewer changes their own, and only their own', async () => {
    const owner = await cast.newMember();
    const viewer = await colleagueOf(cast.pool, owner, 'Vera', 'viewer');
    await cast.send(viewer.token, peopleRoutes.changeProfile, { body: { timeZone: 'Asia/Tokyo' } });
    const { members } = await cast.send(owner.token, peopleRoutes.listMembers, { query: {} });
    expect(Object.fromEntries(members.map((member) => [member.id, member.timeZone]))).toEqual({
      [owner.memberId]: null,
      [viewer.memberId]: 'Asia/Tokyo',
    });
  });

  it('refuses an unknown zone, an empty one and another field with a specific 400, changing nothing', async () => {
    const owner = await cast.newMember();
    await cast.send(owner.token, peopleRoutes.changeProfile, { body: { timeZone: 'Europe/Paris' } });
    for (const [body, detail] of [
      [{ timeZone: 'Mars/Olympus_Mons' }, /"Mars\/Olympus_Mons" is not a time zone Cast knows/],
      [{ timeZone: '' }, /Give a time zone/],
      [{ timeZone: 'UTC', role: 'owner' }, /no field "role"/],
      [{}, /timeZone/],
    ] as const) {
      const problem = await expectProblem(await cast.request(owner.token, 'PATCH', '/api/v1/profile', body), 400, 'invalid_request');
      expect(problem.detail).toMatch(detail);
    }
    expect((await cast.send(owner.token, peopleRoutes.getProfile)).member.timeZone).toBe('Europe/Paris');
  });

  it('an agent token has no profile: 403 forbidden_for_agent', async () => {
    const owner = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, owner, 'Zoned agent');
    await expectProblem(await cast.request(agent.token, 'GET', '/api/v1/profile'), 403, 'forbidden_for_agent');
    await expectProblem(await cast.request(agent.token, 'PATCH', '/api/v1/profile', { timeZone: 'UTC' }), 403, 'forbidden_for_agent');
  });
});
