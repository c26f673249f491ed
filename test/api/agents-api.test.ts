/** `/api/v1/agents` and tool grants over HTTP, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../domain/agent';
import { activityRoutes } from '../../domain/routes/activity';
import { agentRoutes } from '../../domain/routes/agents';
import { ruleRoutes } from '../../domain/routes/rules';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

async function createAgent(member: Member, name = 'Researcher', instructions = 'Find sources.'): Promise<Agent> {
  return (await cast.send(member.token, agentRoutes.createAgent, { body: { name, instructions } })).agent;
}

const readAgent = (member: Member, id: string) => cast.send(member.token, agentRoutes.getAgent, { params: { id } });

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
    expect(await readAgent(alice, agent.id)).toMatchObject({ agent });
    const list = await cast.send(alice.token, agentRoutes.listAgents);
    expect(list.agents.map((a) => a.id)).toEqual([agent.id]);

    const patched = await cast.send(alice.token, agentRoutes.updateAgent, {
      params: { id: agent.id },
      body: { instructions: 'Rule: prefer primary sources.' },
    });
    expect(patched).toMatchObject({
      agent: { id: agent.id, name: 'Researcher', instructions: 'Rule: prefer primary sources.' },
    });
  });

  it('refuses a second agent with the same name in a workspace with 409, but another workspace may use it', async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const first = await createAgent(alice, 'Writer');
    await expectProblem(cast.send(alice.token, agentRoutes.createAgent, { body: { name: 'Writer' } }), 409, 'agent_name_taken');
    await createAgent(bob, 'Writer');
    const other = await createAgent(alice, 'Editor');
    await expectProblem(
      cast.send(alice.token, agentRoutes.updateAgent, { params: { id: other.id }, body: { name: 'Writer' } }),
      409,
      'agent_name_taken',
    );
    expect(await count('agents', alice.workspaceId)).toBe(2);
    expect(await readAgent(alice, first.id)).toMatchObject({
      agent: { name: 'Writer' },
    });
  });

  it("answers 404 for another workspace's agent, with the same body as a missing id, and changes nothing", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const agent = await createAgent(alice);
    const missing = await expectProblem(readAgent(bob, 'ag_00000000000000000000000000000000'), 404, 'agent_not_found');
    const params = { id: agent.id };
    const attempts = [
      () => readAgent(bob, agent.id),
      () => cast.send(bob.token, agentRoutes.updateAgent, { params, body: { instructions: 'hijacked' } }),
      () => cast.send(bob.token, agentRoutes.listGrants, { params }),
      () => cast.send(bob.token, agentRoutes.addGrant, { params, body: { toolPattern: '*', effect: 'allow' } }),
    ];
    for (const attempt of attempts) {
      expect(await expectProblem(attempt(), 404, 'agent_not_found')).toEqual(missing);
    }
    expect(missing.detail).not.toContain(agent.id);
    expect(await readAgent(alice, agent.id)).toMatchObject({
      agent: { instructions: 'Find sources.' },
    });
    expect(await count('rules', alice.workspaceId)).toBe(0);
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
    expect(await count('rules', alice.workspaceId)).toBe(0);
    expect(await readAgent(alice, agent.id)).toMatchObject({
      agent: { instructions: 'Find sources.' },
    });
  });
});

describe('tool grants', () => {
  it('adds, re-adds, changes and removes grants; a pattern appears once per agent', async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    const params = { id: agent.id };
    const added = await cast.reply(alice.token, agentRoutes.addGrant, {
      params,
      body: { toolPattern: 'mcp__analytics__*', effect: 'allow' },
    });
    expect(added.status).toBe(201);
    const grant = added.body.grant;
    expect(grant).toMatchObject({
      id: expect.stringMatching(/^ru_/),
      toolPattern: 'mcp__analytics__*',
      effect: 'allow',
      createdBy: alice.memberId,
    });

    const again = await cast.reply(alice.token, agentRoutes.addGrant, {
      params,
      body: { toolPattern: 'mcp__analytics__*', effect: 'allow' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ grant });

    const flipped = await cast.reply(alice.token, agentRoutes.addGrant, {
      params,
      body: { toolPattern: 'mcp__analytics__*', effect: 'deny' },
    });
    expect(flipped.status).toBe(200);
    expect(flipped.body).toMatchObject({ grant: { id: grant.id, effect: 'deny' } });
    await cast.send(alice.token, agentRoutes.addGrant, { params, body: { toolPattern: 'Read', effect: 'allow' } });

    const list = await cast.send(alice.token, agentRoutes.listGrants, { params });
    expect(list.grants.map((g) => [g.toolPattern, g.effect])).toEqual([
      ['mcp__analytics__*', 'deny'],
      ['Read', 'allow'],
    ]);

    const grantParams = { id: agent.id, grantId: grant.id };
    const removed = await cast.reply(alice.token, agentRoutes.removeGrant, { params: grantParams });
    expect(removed.status).toBe(204);
    await expectProblem(cast.send(alice.token, agentRoutes.removeGrant, { params: grantParams }), 404, 'grant_not_found');
    const after = await cast.send(alice.token, agentRoutes.listGrants, { params });
    expect(after.grants.map((g) => g.toolPattern)).toEqual(['Read']);
  });

  it("a grant is a rule of the workspace; changed as a rule, it is no longer one of the agent's grants", async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    const { grant } = await cast.send(alice.token, agentRoutes.addGrant, {
      params: { id: agent.id },
      body: { toolPattern: 'mcp__github__*', effect: 'allow' },
    });
    const { rules } = await cast.send(alice.token, ruleRoutes.listRules, {});
    expect(rules).toEqual([
      expect.objectContaining({
        id: grant.id,
        name: 'Tool grant: mcp__github__*',
        conditions: { agent: agent.id, tool: { name: 'mcp__github__*' } },
        effect: { kind: 'approve' },
        author: alice.memberId,
      }),
    ]);
    await cast.send(alice.token, ruleRoutes.updateRule, {
      params: { id: grant.id },
      body: { conditions: { agent: agent.id, tool: { name: 'mcp__github__get_*' } } },
    });
    expect((await cast.send(alice.token, agentRoutes.listGrants, { params: { id: agent.id } })).grants).toEqual([]);
    // The pattern is free again: granting it makes a new rule.
    const again = await cast.reply(alice.token, agentRoutes.addGrant, {
      params: { id: agent.id },
      body: { toolPattern: 'mcp__github__*', effect: 'allow' },
    });
    expect(again.status).toBe(201);
    expect(again.body.grant.id).not.toBe(grant.id);
  });

  it("cannot remove another workspace's grant", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const agent = await createAgent(alice);
    const bobsAgent = await createAgent(bob);
    const { grant } = await cast.send(alice.token, agentRoutes.addGrant, {
      params: { id: agent.id },
      body: { toolPattern: 'Bash', effect: 'deny' },
    });
    await expectProblem(
      cast.send(bob.token, agentRoutes.removeGrant, { params: { id: agent.id, grantId: grant.id } }),
      404,
      'agent_not_found',
    );
    await expectProblem(
      cast.send(bob.token, agentRoutes.removeGrant, { params: { id: bobsAgent.id, grantId: grant.id } }),
      404,
      'grant_not_found',
    );
    expect(await count('rules', alice.workspaceId)).toBe(1);
  });

  it('records agent changes in the activity history', async () => {
    const alice = await cast.newMember();
    const agent = await createAgent(alice);
    await cast.send(alice.token, agentRoutes.updateAgent, { params: { id: agent.id }, body: { instructions: 'New rule.' } });
    await cast.send(alice.token, agentRoutes.addGrant, { params: { id: agent.id }, body: { toolPattern: 'Bash', effect: 'deny' } });
    const history = await cast.send(alice.token, activityRoutes.listActivity, { query: { subject_kind: 'agent', subject_id: agent.id } });
    expect(history.activity.map((entry) => entry.kind)).toEqual(['grant_added', 'updated', 'created']);
    expect(history.activity.every((entry) => entry.actorKind === 'member' && entry.actorId === alice.memberId)).toBe(true);
  });
});
