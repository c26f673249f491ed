/**
 * Who may do what (DESIGN §8, issue "people and agents"): an agent token files, waits, edits
 * and withdraws its own decisions; everything that decides is refused with 403
 * `forbidden_for_agent` and changes nothing. People add members and mint, list and revoke
 * tokens; a revoked token is refused on the next request in a second API process too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from '../../api/server';
import { activityRoutes } from '../../domain/routes/activity';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { healthSettingsRoutes } from '../../domain/routes/health-settings';
import { inboxRoutes } from '../../domain/routes/inbox';
import { peopleRoutes } from '../../domain/routes/people';
import type { RouteContract } from '../../domain/routes/route';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { stackRoutes } from '../../domain/routes/stacks';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { agentRoutes } from '../../domain/routes/agents';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { agentTokenOf, type AgentMember } from '../support/members';
import { expectProblem } from '../support/problem';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { typedCallsOver, type InputOf } from '../support/typed-calls';

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
    const waited = await bot.send(decisionRoutes.waitForDecision, { params: { id }, query: { timeout: 1 } });
    expect(waited.settled).toBe(false);
    const queue = await bot.send(decisionRoutes.listQueue);
    expect(queue.decisions.map((decision) => decision.id)).toEqual([id]);
    // The workspace's health line is a person's to read.
    expect(queue.health).toBeNull();

    const edited = await bot.send(decisionRoutes.editDecision, { params: { id }, body: { question: 'Which tier now?' } });
    expect(edited.decision.question).toBe('Which tier now?');
    const withdrawn = await bot.send(decisionRoutes.withdrawDecision, { params: { id }, body: {} });
    expect(withdrawn.decision.status).toBe('withdrawn');
  });

  it("cannot see or touch another agent's decision, nor file one in another agent's name", async () => {
    const { owner, agent } = await team();
    const other = await agentTokenOf(cast.pool, owner, 'Reviewer', 'ci');
    const theirs = (await world(cast, other).file({ question: 'Theirs?', context: CONTEXT, asks: [tierAsk()] })).body.decision.id;
    const bot = world(cast, agent);
    const params = { id: theirs };
    for (const attempt of [
      () => bot.send(decisionRoutes.getDecision, { params }),
      () => bot.send(decisionRoutes.waitForDecision, { params, query: { timeout: 1 } }),
      () => bot.send(decisionRoutes.editDecision, { params, body: { question: 'Mine now?' } }),
      () => bot.send(decisionRoutes.withdrawDecision, { params, body: {} }),
    ]) {
      await expectProblem(attempt(), 404, 'decision_not_found');
    }
    expect(await revisionOf(owner, theirs)).toBe(1);

    const impostor = bot.file({ question: 'As them?', context: CONTEXT, asks: [tierAsk()], agent: other.agentId });
    await expectProblem(impostor, 403, 'agent_mismatch');
    await expectProblem(bot.send(decisionRoutes.listQueue, { query: { agent: other.agentId } }), 403, 'agent_mismatch');
  });

  it('is refused every act that decides with 403 forbidden_for_agent, and nothing changes', async () => {
    const { owner, agent } = await team();
    const me = world(cast, owner);
    const bot = world(cast, agent);
    const id = (await bot.file({ question: 'Spend $240?', context: CONTEXT, asks: [approvalAsk()] })).body.decision.id;
    const approval = await bot.send(approvalRoutes.proposeApproval, { body: { actionType: 'send_message', summary: 'Send it?' } });
    const escalation = await bot.send(escalationRoutes.raiseEscalation, {
      body: { reasonCode: 'low_confidence', summary: 'Unsure.', mustDecide: 'Which?' },
    });
    const stack = await me.send(stackRoutes.createStack, { body: { title: 'Launch' } });

    /** One act the agent tries, named by its operation. */
    const act = <C extends RouteContract>(route: C, ...input: InputOf<C>) => ({
      name: route.operationId,
      call: () => bot.send(route, ...input),
    });
    const ask = { id, ask: 1 };
    const refused = [
      act(decisionRoutes.answerAsk, { params: ask, body: { answer: { kind: 'approval', decision: 'approve' } } }),
      act(decisionRoutes.undoAnswer, { params: ask, body: {} }),
      act(decisionRoutes.archiveDecision, { params: { id }, body: {} }),
      act(decisionRoutes.restoreDecision, { params: { id }, body: {} }),
      act(decisionRoutes.archiveAll, { body: {} }),
      act(approvalRoutes.approve, { params: { id: approval.approval.id }, body: {} }),
      act(approvalRoutes.reject, { params: { id: approval.approval.id }, body: { reason: 'No.' } }),
      act(escalationRoutes.resolveEscalation, { params: { id: escalation.escalation.id }, body: { resolution: 'Yes.' } }),
      act(inboxRoutes.replyToInbox, { params: { id: `approval:${approval.approval.id}` }, body: { text: 'yes' } }),
      act(stackRoutes.applyStackDefaults, { params: { id: stack.stack.id }, body: {} }),
      act(stackRoutes.setStackPolicy, { params: { id: stack.stack.id }, body: { dueAt: null } }),
      act(healthSettingsRoutes.updateHealthSettings, { body: { healthyCeiling: 40 } }),
      act(webhookRoutes.createWebhook, { body: { url: 'https://example.invalid/hook' } }),
      act(peopleRoutes.addMember, { body: { name: 'Mallory' } }),
      act(peopleRoutes.createToken, { body: { agent: 'Coder' } }),
      act(peopleRoutes.listTokens),
    ];
    for (const { name, call } of refused) {
      const problem = await expectProblem(call(), 403, 'forbidden_for_agent');
      expect(problem.detail, name).toMatch(/A person must do this/);
    }
    const decision = await me.decision(id);
    expect({ status: decision.status, revision: decision.revision, answer: decision.asks[0]!.answer }).toEqual({
      status: 'open',
      revision: 1,
      answer: null,
    });
    expect((await me.send(approvalRoutes.getApproval, { params: { id: approval.approval.id } })).approval.status).toBe('pending');
    expect((await me.send(escalationRoutes.getEscalation, { params: { id: escalation.escalation.id } })).escalation.status).toBe('open');
    expect((await me.send(webhookRoutes.listWebhooks)).webhooks).toEqual([]);
    expect((await me.send(peopleRoutes.listMembers)).members).toHaveLength(1);

    // A person answers it, and the history says who did what.
    const answered = await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    expect(answered.status).toBe(200);
    const history = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: id } });
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
    expect((await bot.send(sessionRoutes.getSession, { params: { id: ours } })).session.agentId).toBe(agent.agentId);
    await expectProblem(bot.send(sessionRoutes.getSession, { params: { id: personal } }), 404, 'session_not_found');
    await expectProblem(bot.send(sessionRoutes.putSession, { params: { id: personal }, body: {} }), 404, 'session_not_found');
    const sessions = await bot.send(sessionRoutes.listSessions);
    expect(sessions.sessions.map((session) => session.id)).toEqual([ours]);
    const run = await bot.run(ours, 'running');
    expect((await bot.send(runRoutes.getRun, { params: { id: run.id } })).run.id).toBe(run.id);
    const personalRun = await mine.run(personal, 'running');
    await expectProblem(bot.send(runRoutes.getRun, { params: { id: personalRun.id } }), 404, 'run_not_found');
  });
});

describe('members and tokens (API)', () => {
  it('mints an agent token shown once, lists it without its secret, and revokes it for every API process', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const minted = await me.reply(peopleRoutes.createToken, { body: { agent: 'Deployer', label: 'ci runner', expiresIn: '90d' } });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ token: { kind: 'agent', agentName: 'Deployer', label: 'ci runner' }, agentCreated: true });
    const days = (Date.parse(minted.body.token.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const secret = minted.body.secret;

    // Used through the second process: it works, and its last use is recorded.
    await typedCallsOver(second.url).send(secret, decisionRoutes.listQueue);
    const listed = await me.send(peopleRoutes.listTokens);
    const row = listed.tokens.find((token) => token.id === minted.body.token.id)!;
    expect(row).toMatchObject({ kind: 'agent', agentName: 'Deployer', revokedAt: null });
    expect(row.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain(secret);

    const revoked = await me.send(peopleRoutes.revokeToken, { params: { id: minted.body.token.id } });
    expect(revoked.token.revokedAt).toEqual(expect.any(String));
    for (const base of [cast.url, second.url]) {
      await expectProblem(typedCallsOver(base).send(secret, decisionRoutes.listQueue), 401, 'unauthorized');
    }
    expect((await me.send(peopleRoutes.listTokens)).tokens.map((token) => token.id)).not.toContain(minted.body.token.id);
    const all = await me.send(peopleRoutes.listTokens, { query: { revoked: 'true' } });
    expect(all.tokens.map((token) => token.id)).toContain(minted.body.token.id);
  });

  it('adds a member with a person token of their own; another workspace cannot revoke a token', async () => {
    const owner = await cast.newMember();
    const added = await world(cast, owner).reply(peopleRoutes.addMember, { body: { name: 'Dana' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ member: { name: 'Dana', role: 'member' }, token: { kind: 'person' } });
    const dana = await cast.send(added.body.secret, peopleRoutes.listMembers);
    expect(dana.members.map((member) => member.name)).toEqual(['Tester', 'Dana']);

    const stranger = await cast.newMember();
    await expectProblem(
      cast.send(stranger.token, peopleRoutes.revokeToken, { params: { id: added.body.token.id } }),
      404,
      'token_not_found',
    );
    await cast.send(added.body.secret, peopleRoutes.listMembers);
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
    expect((await me.send(peopleRoutes.listTokens)).tokens.map((token) => token.kind)).toEqual(['person']);
    expect((await me.send(agentRoutes.listAgents)).agents).toEqual([]);
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
