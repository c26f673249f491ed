/** `/api/v1/missions` over HTTP, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Mission } from '../../domain/mission';
import { missionRoutes } from '../../domain/routes/missions';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

async function createMission(
  member: Member,
  body: z.input<typeof missionRoutes.createMission.body.schema> = { name: 'Launch v2' },
): Promise<Mission> {
  return (await cast.send(member.token, missionRoutes.createMission, { body })).mission;
}

const readMission = (member: Member, id: string) => cast.send(member.token, missionRoutes.getMission, { params: { id } });

describe('missions', () => {
  it('answers 401 without a token', async () => {
    await expectProblem(await cast.request(null, 'GET', '/api/v1/missions'), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'POST', '/api/v1/missions', { name: 'M' }), 401, 'unauthorized');
  });

  it('creates missions (active by default) that read back by id and filter by status', async () => {
    const alice = await cast.newMember();
    const active = await createMission(alice);
    const paused = await createMission(alice, { name: 'Migrate billing', status: 'paused' });
    expect(active).toMatchObject({ id: expect.stringMatching(/^mi_/), name: 'Launch v2', status: 'active' });
    expect(await readMission(alice, active.id)).toEqual({ mission: active });
    const all = await cast.send(alice.token, missionRoutes.listMissions);
    expect(all.missions.map((m) => m.id).sort()).toEqual([active.id, paused.id].sort());
    const onlyPaused = await cast.send(alice.token, missionRoutes.listMissions, { query: { status: 'paused' } });
    expect(onlyPaused.missions.map((m) => m.id)).toEqual([paused.id]);
    await expectProblem(await cast.request(alice.token, 'GET', '/api/v1/missions?status=blocked'), 400, 'invalid_request');
  });

  it("answers 404 for another workspace's mission, with the same body as a missing id", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const mission = await createMission(alice);
    const foreign = await expectProblem(readMission(bob, mission.id), 404, 'mission_not_found');
    const missing = await expectProblem(readMission(bob, 'mi_nope'), 404, 'mission_not_found');
    expect(foreign).toEqual(missing);
    expect(await cast.send(bob.token, missionRoutes.listMissions)).toEqual({ missions: [] });
  });

  it('answers 400 naming the field on malformed bodies, and writes nothing', async () => {
    const alice = await cast.newMember();
    for (const [body, detail] of [
      [{}, /name/],
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(201) }, /name/],
      [{ name: 'M', status: 'done' }, /status/],
      [{ name: 'M', owner: 'me' }, /owner/],
    ] as const) {
      const problem = await expectProblem(await cast.request(alice.token, 'POST', '/api/v1/missions', body), 400, 'invalid_request');
      expect(problem.detail).toMatch(detail);
    }
    const { rows } = await cast.pool.query('select count(*)::int as n from missions where workspace_id = $1', [alice.workspaceId]);
    expect(rows[0].n).toBe(0);
  });
});
