/** `/api/v1/agents` and tool grants over HTTP, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

type Agent = { id: string; name: string; instructions: string };
type Grant = { id: string; toolPattern: string; effect: string };

async function createAgent(member: Member, name = 'Researcher', instructions = 'Find sources.'): Promise<Agent> {
  const response = await cast.request(member.token, 'POST', '/api/v1/agents', { name, instructions });
  expect(response.status).toBe(201);
  return ((await response.json()) as { agent: Agent }).agent;
}

async function count(table: string, workspaceId: string): Promise<number> {
  const { rows } = await cast.pool.query(`select count(*)::int as n from ${table} where workspace_id = $1`, [workspaceId]);
  return rows[0].n;
}

describe('agents', () => {
  it('answers 401 without a token', async () => {
    await expectProblem(await cast.request(null, 'GET', '/api/v1/agents'), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'POST', '/api/v1/agents', { name: 'X' }), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'GET', '/api/v1/agents/ag_x/grants'), 401, 'unauthorized');
  });

  it('creates an agent that reads back by id and in the list, and updates its instructions', async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    expect(agent).toMatchObject({ id: expect.stringMatching(/^ag_[0-9a-f]{32}$/), name: 'Researcher', instructions: 'Find sources.' });
    expect(await (await cast.request(alice.token, 'GET', `/api/v1/agents/${agent.id}`)).json()).toMatchObject({ agent });
    const list = (await (await cast.request(alice.token, 'GET', '/api/v1/agents')).json()) as { agents: Agent[] };
    expect(list.agents.map((a) => a.id)).toEqual([agent.id]);

    const patched = await cast.request(alice.token, 'PATCH', `/api/v1/agents/${agent.id}`, {
      instructions: 'Rule: prefer primary sources.',
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      agent: { id: agent.id, name: 'Researcher', instructions: 'Rule: prefer primary sources.' },
    });
  });

  it('refuses a second agent with the same name in a workspace with 409, but another workspace may use it', async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const first = await createAgent(alice, 'Writer');
    await expectProblem(await cast.request(alice.token, 'POST', '/api/v1/agents', { name: 'Writer' }), 409, 'agent_name_taken');
    await createAgent(bob, 'Writer');
    const other = await createAgent(alice, 'Editor');
    await expectProblem(
      await cast.request(alice.token, 'PATCH', `/api/v1/agents/${other.id}`, { name: 'Writer' }),
      409,
      'agent_name_taken',
    );
    expect(await count('agents', alice.workspaceId)).toBe(2);
    expect((await (await cast.request(alice.token, 'GET', `/api/v1/agents/${first.id}`)).json()) as unknown).toMatchObject({
      agent: { name: 'Writer' },
    });
  });

  it("answers 404 for another workspace's agent, with the same body as a missing id, and changes nothing", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const agent = await createAgent(alice);
    const missing = await expectProblem(
      await cast.request(bob.token, 'GET', '/api/v1/agents/ag_00000000000000000000000000000000'),
      404,
      'agent_not_found',
    );
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/agents/${agent.id}`],
      ['PATCH', `/api/v1/agents/${agent.id}`, { instructions: 'hijacked' }],
      ['GET', `/api/v1/agents/${agent.id}/grants`],
      ['POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: '*', effect: 'allow' }],
    ];
    for (const [method, path, body] of attempts) {
      expect(await expectProblem(await cast.request(bob.token, method, path, body), 404, 'agent_not_found')).toEqual(missing);
    }
    expect(missing.detail).not.toContain(agent.id);
    expect(await (await cast.request(alice.token, 'GET', `/api/v1/agents/${agent.id}`)).json()).toMatchObject({
      agent: { instructions: 'Find sources.' },
    });
    expect(await count('agent_tool_grants', alice.workspaceId)).toBe(0);
  });

  it('answers 400 naming the field on malformed bodies, and writes nothing', async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    const bad: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/api/v1/agents', {}, /name/],
      ['POST', '/api/v1/agents', { name: '  ' }, /name/],
      ['POST', '/api/v1/agents', { name: 'x'.repeat(201) }, /name/],
      ['POST', '/api/v1/agents', { name: 'Y', instructions: 'x'.repeat(20_001) }, /instructions/],
      ['POST', '/api/v1/agents', { name: 'Y', id: 'ag_mine' }, /id/],
      ['POST', '/api/v1/agents', [], /must be an object, not a list/],
      ['PATCH', `/api/v1/agents/${agent.id}`, {}, /name or instructions/],
      ['PATCH', `/api/v1/agents/${agent.id}`, { instructions: 5 }, /instructions/],
      ['POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: 'mcp/*', effect: 'allow' }, /toolPattern/],
      ['POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: 'Bash', effect: 'maybe' }, /effect/],
      ['POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: '', effect: 'allow' }, /toolPattern/],
      ['POST', '/api/v1/agents', { name: 'Nul\u0000agent' }, /body\.name: .*NUL/],
      ['GET', '/api/v1/agents/ag_%00', undefined, /url: .*NUL/],
    ];
    for (const [method, path, body, detail] of bad) {
      const problem = await expectProblem(await cast.request(alice.token, method, path, body), 400, 'invalid_request');
      expect(problem.detail).toMatch(detail);
    }
    await expectProblem(await cast.request(alice.token, 'POST', '/api/v1/agents', '{"name": '), 400, 'malformed_json');
    expect(await count('agents', alice.workspaceId)).toBe(1);
    expect(await count('agent_tool_grants', alice.workspaceId)).toBe(0);
    expect(await (await cast.request(alice.token, 'GET', `/api/v1/agents/${agent.id}`)).json()).toMatchObject({
      agent: { instructions: 'Find sources.' },
    });
  });
});

describe('tool grants', () => {
  it('adds, re-adds, changes and removes grants; a pattern appears once per agent', async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    const path = `/api/v1/agents/${agent.id}/grants`;
    const added = await cast.request(alice.token, 'POST', path, { toolPattern: 'mcp__analytics__*', effect: 'allow' });
    expect(added.status).toBe(201);
    const grant = ((await added.json()) as { grant: Grant }).grant;
    expect(grant).toMatchObject({
      id: expect.stringMatching(/^gr_/),
      toolPattern: 'mcp__analytics__*',
      effect: 'allow',
      createdBy: alice.memberId,
    });

    const again = await cast.request(alice.token, 'POST', path, { toolPattern: 'mcp__analytics__*', effect: 'allow' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ grant });

    const flipped = await cast.request(alice.token, 'POST', path, { toolPattern: 'mcp__analytics__*', effect: 'deny' });
    expect(flipped.status).toBe(200);
    expect(await flipped.json()).toMatchObject({ grant: { id: grant.id, effect: 'deny' } });
    await cast.request(alice.token, 'POST', path, { toolPattern: 'Read', effect: 'allow' });

    const list = (await (await cast.request(alice.token, 'GET', path)).json()) as { grants: Grant[] };
    expect(list.grants.map((g) => [g.toolPattern, g.effect])).toEqual([
      ['mcp__analytics__*', 'deny'],
      ['Read', 'allow'],
    ]);

    const removed = await cast.request(alice.token, 'DELETE', `${path}/${grant.id}`);
    expect(removed.status).toBe(204);
    await expectProblem(await cast.request(alice.token, 'DELETE', `${path}/${grant.id}`), 404, 'grant_not_found');
    const after = (await (await cast.request(alice.token, 'GET', path)).json()) as { grants: Grant[] };
    expect(after.grants.map((g) => g.toolPattern)).toEqual(['Read']);
  });

  it("cannot remove another workspace's grant", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const agent = await createAgent(alice);
    const bobsAgent = await createAgent(bob);
    const grant = (
      (await (
        await cast.request(alice.token, 'POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: 'Bash', effect: 'deny' })
      ).json()) as { grant: Grant }
    ).grant;
    await expectProblem(await cast.request(bob.token, 'DELETE', `/api/v1/agents/${agent.id}/grants/${grant.id}`), 404, 'agent_not_found');
    await expectProblem(
      await cast.request(bob.token, 'DELETE', `/api/v1/agents/${bobsAgent.id}/grants/${grant.id}`),
      404,
      'grant_not_found',
    );
    expect(await count('agent_tool_grants', alice.workspaceId)).toBe(1);
  });

  it('records agent changes in the activity history', async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    await cast.request(alice.token, 'PATCH', `/api/v1/agents/${agent.id}`, { instructions: 'New rule.' });
    await cast.request(alice.token, 'POST', `/api/v1/agents/${agent.id}/grants`, { toolPattern: 'Bash', effect: 'deny' });
    const history = (await (
      await cast.request(alice.token, 'GET', `/api/v1/activity?subject_kind=agent&subject_id=${agent.id}`)
    ).json()) as {
      activity: Array<{ kind: string; actorKind: string; actorId: string }>;
    };
    expect(history.activity.map((entry) => entry.kind)).toEqual(['grant_added', 'updated', 'created']);
    expect(history.activity.every((entry) => entry.actorKind === 'member' && entry.actorId === alice.memberId)).toBe(true);
  });
});
