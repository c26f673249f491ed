/**
 * Who may do what (DESIGN §8, issue "people and agents"): an agent token files, waits, edits
 * and withdraws its own decisions; everything that decides is refused with 403
 * `forbidden_for_agent` and changes nothing. People add members and mint, list and revoke
 * tokens; a revoked token is refused on the next request in a second API process too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { agentTokenOf, type AgentMember } from '../support/members';
import { expectProblem } from '../support/problem';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
let second: RunningApi;
beforeAll(async () => {
  cast = await startTestCast();
  second = await startSecondApi(cast);
});
afterAll(async () => {
  await second?.stop();
  await cast?.stop();
});

const CONTEXT = 'Context long enough for a card to be answerable by a person.';

async function team(): Promise<{ owner: Member; agent: AgentMember }> {
  const owner = await cast.newMember();
  return { owner, agent: await agentTokenOf(cast.pool, owner, 'Coder', 'laptop') };
}

async function revisionOf(owner: Member, id: string): Promise<number> {
  return (await world(cast, owner).decision(id)).revision;
}

describe('an agent token (API door)', () => {
  it('files, reads, waits on, edits and withdraws its own decision, which is linked to its agent', async () => {
    const { agent } = await team();
    const bot = world(cast, agent);
    const filed = await bot.file({ question: 'Which feed tier?', context: CONTEXT, asks: [tierAsk()] });
    expect(filed.status).toBe(201);
    const id = filed.body.decision.id;
    expect(filed.body.decision.links.agentId).toBe(agent.agentId);

    expect((await bot.decision(id)).question).toBe('Which feed tier?');
    const waited = await bot.ok<{ settled: boolean }>('GET', `/api/v1/decisions/${id}/wait?timeout=1`);
    expect(waited.settled).toBe(false);
    const queue = await bot.ok<{ decisions: Array<{ id: string }>; health: unknown }>('GET', '/api/v1/decisions');
    expect(queue.decisions.map((decision) => decision.id)).toEqual([id]);
    // The workspace's health line is a person's to read.
    expect(queue.health).toBeNull();

    const edited = await bot.ok<{ decision: { question: string } }>('PATCH', `/api/v1/decisions/${id}`, { question: 'Which tier now?' });
    expect(edited.decision.question).toBe('Which tier now?');
    const withdrawn = await bot.ok<{ decision: { status: string } }>('POST', `/api/v1/decisions/${id}/withdraw`, {});
    expect(withdrawn.decision.status).toBe('withdrawn');
  });

  it("cannot see or touch another agent's decision, nor file one in another agent's name", async () => {
    const { owner, agent } = await team();
    const other = await agentTokenOf(cast.pool, owner, 'Reviewer', 'ci');
    const theirs = (await world(cast, other).file({ question: 'Theirs?', context: CONTEXT, asks: [tierAsk()] })).body.decision.id;
    const bot = world(cast, agent);
    for (const [method, path, body] of [
      ['GET', `/api/v1/decisions/${theirs}`, undefined],
      ['GET', `/api/v1/decisions/${theirs}/wait?timeout=1`, undefined],
      ['PATCH', `/api/v1/decisions/${theirs}`, { question: 'Mine now?' }],
      ['POST', `/api/v1/decisions/${theirs}/withdraw`, {}],
    ] as const) {
      await expectProblem(await cast.request(agent.token, method, path, body), 404, 'decision_not_found');
    }
    expect(await revisionOf(owner, theirs)).toBe(1);

    const impostor = await bot.call('POST', '/api/v1/decisions', {
      question: 'As them?',
      context: CONTEXT,
      asks: [tierAsk()],
      agent: other.agentId,
    });
    expect({ status: impostor.status, code: (impostor.body as { code: string }).code }).toEqual({ status: 403, code: 'agent_mismatch' });
    const filter = await cast.request(agent.token, 'GET', `/api/v1/decisions?agent=${other.agentId}`);
    await expectProblem(filter, 403, 'agent_mismatch');
  });

  it('is refused every act that decides with 403 forbidden_for_agent, and nothing changes', async () => {
    const { owner, agent } = await team();
    const me = world(cast, owner);
    const bot = world(cast, agent);
    const id = (await bot.file({ question: 'Spend $240?', context: CONTEXT, asks: [approvalAsk()] })).body.decision.id;
    const approval = await bot.ok<{ approval: { id: string } }>('POST', '/api/v1/approvals', {
      actionType: 'send_message',
      summary: 'Send it?',
    });
    const escalation = await bot.ok<{ escalation: { id: string } }>('POST', '/api/v1/escalations', {
      reasonCode: 'low_confidence',
      summary: 'Unsure.',
      mustDecide: 'Which?',
    });
    const stack = await me.ok<{ stack: { id: string } }>('POST', '/api/v1/stacks', { title: 'Launch' });

    const refused: Array<[string, string, unknown]> = [
      ['POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'approval', decision: 'approve' } }],
      ['POST', `/api/v1/decisions/${id}/asks/1/undo`, {}],
      ['POST', `/api/v1/decisions/${id}/archive`, {}],
      ['POST', `/api/v1/decisions/${id}/restore`, {}],
      ['POST', '/api/v1/decisions/archive-all', {}],
      ['POST', `/api/v1/approvals/${approval.approval.id}/approve`, {}],
      ['POST', `/api/v1/approvals/${approval.approval.id}/reject`, { reason: 'No.' }],
      ['POST', `/api/v1/escalations/${escalation.escalation.id}/resolve`, { resolution: 'Yes.' }],
      ['POST', `/api/v1/inbox/approval:${approval.approval.id}/reply`, { text: 'yes' }],
      ['POST', `/api/v1/stacks/${stack.stack.id}/apply-defaults`, {}],
      ['PATCH', `/api/v1/stacks/${stack.stack.id}/policy`, { dueAt: null }],
      ['PATCH', '/api/v1/settings/health', { flooded: 40 }],
      ['POST', '/api/v1/webhooks', { url: 'https://example.invalid/hook' }],
      ['POST', '/api/v1/members', { name: 'Mallory' }],
      ['POST', '/api/v1/tokens', { agent: 'Coder' }],
      ['GET', '/api/v1/tokens', undefined],
    ];
    for (const [method, path, body] of refused) {
      const problem = await expectProblem(await cast.request(agent.token, method, path, body), 403, 'forbidden_for_agent');
      expect(problem.detail, `${method} ${path}`).toMatch(/A person must do this/);
    }
    const decision = await me.decision(id);
    expect({ status: decision.status, revision: decision.revision, answer: decision.asks[0]!.answer }).toEqual({
      status: 'open',
      revision: 1,
      answer: null,
    });
    expect((await me.ok<{ approval: { status: string } }>('GET', `/api/v1/approvals/${approval.approval.id}`)).approval.status).toBe(
      'pending',
    );
    expect(
      (await me.ok<{ escalation: { status: string } }>('GET', `/api/v1/escalations/${escalation.escalation.id}`)).escalation.status,
    ).toBe('open');
    expect((await me.ok<{ webhooks: unknown[] }>('GET', '/api/v1/webhooks')).webhooks).toEqual([]);
    expect((await me.ok<{ members: unknown[] }>('GET', '/api/v1/members')).members).toHaveLength(1);

    // A person answers it, and the history says who did what.
    const answered = await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    expect(answered.status).toBe(200);
    const history = await me.ok<{ activity: Array<{ kind: string; actorKind: string; actorId: string; actorLabel: string | null }> }>(
      'GET',
      `/api/v1/activity?subjectKind=decision&subjectId=${id}`,
    );
    const byKind = Object.fromEntries(history.activity.map((entry) => [entry.kind, entry]));
    expect(byKind.opened).toMatchObject({ actorKind: 'agent', actorId: agent.agentId, actorLabel: 'laptop' });
    expect(byKind.answered).toMatchObject({ actorKind: 'member', actorId: owner.memberId, actorLabel: null });
  });

  it('registers its own sessions, and reads only them and their runs', async () => {
    const { owner, agent } = await team();
    const mine = world(cast, owner);
    const bot = world(cast, agent);
    const personal = await mine.session();
    const ours = await bot.session();
    expect((await bot.ok<{ session: { agentId: string } }>('GET', `/api/v1/sessions/${ours}`)).session.agentId).toBe(agent.agentId);
    await expectProblem(await cast.request(agent.token, 'GET', `/api/v1/sessions/${personal}`), 404, 'session_not_found');
    await expectProblem(await cast.request(agent.token, 'PUT', `/api/v1/sessions/${personal}`, {}), 404, 'session_not_found');
    const sessions = await bot.ok<{ sessions: Array<{ id: string }> }>('GET', '/api/v1/sessions');
    expect(sessions.sessions.map((session) => session.id)).toEqual([ours]);
    const run = await bot.run(ours, 'running');
    expect((await bot.ok<{ run: { id: string } }>('GET', `/api/v1/runs/${run.id}`)).run.id).toBe(run.id);
    const personalRun = await mine.run(personal, 'running');
    await expectProblem(await cast.request(agent.token, 'GET', `/api/v1/runs/${personalRun.id}`), 404, 'run_not_found');
  });
});

describe('members and tokens (API)', () => {
  it('mints an agent token shown once, lists it without its secret, and revokes it for every API process', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const minted = await me.call<{
      token: { id: string; kind: string; agentName: string; label: string; expiresAt: string };
      secret: string;
      agentCreated: boolean;
    }>('POST', '/api/v1/tokens', { agent: 'Deployer', label: 'ci runner', expiresIn: '90d' });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ token: { kind: 'agent', agentName: 'Deployer', label: 'ci runner' }, agentCreated: true });
    const days = (Date.parse(minted.body.token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const secret = minted.body.secret;

    // Used through the second process: it works, and its last use is recorded.
    const viaSecond = await fetch(`${second.url}/api/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } });
    expect(viaSecond.status).toBe(200);
    const listed = await me.ok<{ tokens: Array<Record<string, unknown>> }>('GET', '/api/v1/tokens');
    const row = listed.tokens.find((token) => token.id === minted.body.token.id)!;
    expect(row).toMatchObject({ kind: 'agent', agentName: 'Deployer', revokedAt: null });
    expect(row.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await me.ok<{ token: { revokedAt: string } }>('DELETE', `/api/v1/tokens/${minted.body.token.id}`);
    expect(revoked.token.revokedAt).toEqual(expect.any(String));
    for (const base of [cast.url, second.url]) {
      const refused = await fetch(`${base}/api/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } });
      await expectProblem(refused, 401, 'unauthorized');
    }
    expect((await me.ok<{ tokens: Array<{ id: string }> }>('GET', '/api/v1/tokens')).tokens.map((token) => token.id)).not.toContain(
      minted.body.token.id,
    );
    const all = await me.ok<{ tokens: Array<{ id: string }> }>('GET', '/api/v1/tokens?revoked=true');
    expect(all.tokens.map((token) => token.id)).toContain(minted.body.token.id);
  });

  it('adds a member with a person token of their own; another workspace cannot revoke a token', async () => {
    const owner = await cast.newMember();
    const added = await world(cast, owner).call<{
      member: { name: string; role: string };
      token: { id: string; kind: string };
      secret: string;
    }>('POST', '/api/v1/members', { name: 'Dana' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ member: { name: 'Dana', role: 'member' }, token: { kind: 'person' } });
    const dana = await cast.request(added.body.secret, 'GET', '/api/v1/members');
    expect(((await dana.json()) as { members: Array<{ name: string }> }).members.map((member) => member.name)).toEqual(['Tester', 'Dana']);

    const stranger = await cast.newMember();
    await expectProblem(await cast.request(stranger.token, 'DELETE', `/api/v1/tokens/${added.body.token.id}`), 404, 'token_not_found');
    expect((await cast.request(added.body.secret, 'GET', '/api/v1/members')).status).toBe(200);
  });

  it('refuses a bad mint with a specific problem and writes nothing', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    await expectProblem(
      await cast.request(owner.token, 'POST', '/api/v1/tokens', { agent: 'X', expiresIn: 'soon' }),
      400,
      'invalid_request',
    );
    await expectProblem(
      await cast.request(owner.token, 'POST', '/api/v1/tokens', { agent: 'X', expiresIn: '400d' }),
      400,
      'invalid_request',
    );
    expect((await me.ok<{ tokens: Array<{ kind: string }> }>('GET', '/api/v1/tokens')).tokens.map((token) => token.kind)).toEqual([
      'person',
    ]);
    expect((await me.ok<{ agents: unknown[] }>('GET', '/api/v1/agents')).agents).toEqual([]);
  });
});

describe('web sign-in (web door)', () => {
  it('takes a person token and refuses an agent token with 403 forbidden_for_agent', async () => {
    const { owner, agent } = await team();
    const signIn = (token: string) =>
      fetch(`${cast.url}/auth/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cast.url },
        body: JSON.stringify({ token }),
      });
    const refused = await expectProblem(await signIn(agent.token), 403, 'forbidden_for_agent');
    expect(refused.detail).toMatch(/agent's token/);
    const accepted = await signIn(owner.token);
    expect(accepted.status).toBe(201);
  });
});
