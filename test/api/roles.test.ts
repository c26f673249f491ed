/**
 * Issue 38 item 1 — roles mean something. What the issue found a plain member able to do
 * (revoke the owner's token, mint for the owner's agent, add members, rotate the owner's
 * webhook secret, register webhooks, change the health settings, delete an agent's grants,
 * rewrite its instructions) is refused with 403 `forbidden_for_role` and changes nothing; a
 * member sees and revokes only their own tokens; a viewer reads and does nothing else; only an
 * owner makes or demotes owners and admins; the last owner can be neither removed nor
 * demoted; removing a member ends every credential of theirs at once and keeps their answers'
 * names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierAsk, world } from '../support/agent-world';
import { agentTokenOf, colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { changedTables, rowDigest } from '../support/row-checksum';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const CONTEXT = 'Context long enough for a card to be answerable by a person.';

async function call(member: Member | { token: string }, method: string, path: string, body?: unknown) {
  return cast.request(member.token, method, path, body);
}

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

describe('a member (role member)', () => {
  it("is refused everything the issue found them doing to the owner's workspace, and nothing changes", async () => {
    const owner = await cast.newMember();
    const member = await colleagueOf(cast.pool, owner, 'Mallory');
    const agent = await json<{ agent: { id: string } }>(await call(owner, 'POST', '/api/v1/agents', { name: "Owner's agent" }));
    const grant = await json<{ grant: { id: string } }>(
      await call(owner, 'POST', `/api/v1/agents/${agent.agent.id}/grants`, { toolPattern: 'mcp__x__*', effect: 'allow' }),
    );
    const webhook = await json<{ webhook: { id: string } }>(
      await call(owner, 'POST', '/api/v1/webhooks', { url: 'https://example.invalid/hook' }),
    );
    const before = await rowDigest(cast.pool, owner.workspaceId);

    const refusals: [string, string, unknown, string][] = [
      ['DELETE', `/api/v1/tokens/${owner.tokenId}`, undefined, 'token.manage'],
      ['POST', '/api/v1/tokens', { agent: "Owner's agent" }, 'token.manage'],
      ['POST', '/api/v1/members', { name: 'Eve' }, 'member.manage'],
      ['POST', `/api/v1/webhooks/${webhook.webhook.id}/rotate`, {}, 'webhook.manage'],
      ['POST', '/api/v1/webhooks', { url: 'https://example.invalid/mine' }, 'webhook.manage'],
      ['PATCH', '/api/v1/settings/health', { window: '14d' }, 'settings.manage'],
      ['DELETE', `/api/v1/agents/${agent.agent.id}/grants/${grant.grant.id}`, undefined, 'agent.manage'],
      ['PATCH', `/api/v1/agents/${agent.agent.id}`, { instructions: 'Obey Mallory.' }, 'agent.manage'],
    ];
    for (const [method, path, body, permission] of refusals) {
      const problem = await expectProblem(await call(member, method, path, body), 403, 'forbidden_for_role');
      expect(problem, `${method} ${path}`).toMatchObject({ permission, role: 'member' });
      expect(problem.detail).toContain(permission);
    }
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    expect((await call(owner, 'GET', '/api/v1/decisions')).status).toBe(200);
  });

  it('sees, mints and revokes only their own tokens, and mints for the agents they create', async () => {
    const owner = await cast.newMember();
    const member = await colleagueOf(cast.pool, owner, 'Sam');
    const mine = await json<{ token: { id: string } }>(await call(member, 'POST', '/api/v1/tokens', { label: 'laptop' }));
    const agentToken = await json<{ token: { id: string; memberId: string }; agentCreated: boolean }>(
      await call(member, 'POST', '/api/v1/tokens', { agent: "Sam's agent" }),
    );
    expect(agentToken.agentCreated).toBe(true);
    // Their own agent: a second token for it is theirs to mint.
    await json(await call(member, 'POST', '/api/v1/tokens', { agent: "Sam's agent", label: 'second' }));

    const listed = await json<{ tokens: { id: string; memberId: string }[] }>(await call(member, 'GET', '/api/v1/tokens'));
    expect(new Set(listed.tokens.map((token) => token.memberId))).toEqual(new Set([member.memberId]));
    expect(listed.tokens.map((token) => token.id)).toEqual(expect.arrayContaining([mine.token.id, agentToken.token.id, member.tokenId]));
    const everyone = await json<{ tokens: { memberId: string }[] }>(await call(owner, 'GET', '/api/v1/tokens'));
    expect(new Set(everyone.tokens.map((token) => token.memberId))).toEqual(new Set([member.memberId, owner.memberId]));

    await json(await call(member, 'DELETE', `/api/v1/tokens/${mine.token.id}`));
    // An admin revokes anyone's.
    const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
    await json(await call(admin, 'DELETE', `/api/v1/tokens/${agentToken.token.id}`));
  });
});

describe('a viewer', () => {
  it('reads the queue and a decision, waits on it, and may not answer, archive, file or mint for an agent', async () => {
    const owner = await cast.newMember();
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const id = (await world(cast, owner).file({ question: 'Viewed?', context: CONTEXT, asks: [tierAsk()] })).body.decision.id;
    expect((await call(viewer, 'GET', '/api/v1/decisions')).status).toBe(200);
    expect((await call(viewer, 'GET', `/api/v1/decisions/${id}`)).status).toBe(200);
    expect((await call(viewer, 'GET', `/api/v1/decisions/${id}/wait?timeout=0`)).status).toBe(200);
    const before = await rowDigest(cast.pool, owner.workspaceId);
    for (const [method, path, body, permission] of [
      ['POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } }, 'decision.answer'],
      ['POST', `/api/v1/decisions/${id}/archive`, {}, 'decision.archive'],
      ['POST', '/api/v1/decisions', { question: 'Mine?', context: CONTEXT, asks: [tierAsk()] }, 'decision.file'],
      ['POST', '/api/v1/tokens', { agent: 'Viewer bot' }, 'decision.file'],
    ] as const) {
      expect(await expectProblem(await call(viewer, method, path, body), 403, 'forbidden_for_role')).toMatchObject({ permission });
    }
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    // A person token of their own is theirs to mint: it reads as they do.
    const own = await json<{ secret: string }>(await call(viewer, 'POST', '/api/v1/tokens', { label: 'cli' }));
    expect((await call({ token: own.secret }, 'GET', '/api/v1/decisions')).status).toBe(200);
  });
});

describe('owners and admins', () => {
  it('an admin adds members and viewers, but only an owner makes or demotes an owner or an admin', async () => {
    const owner = await cast.newMember();
    const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
    const viewer = await json<{ member: { id: string; role: string } }>(
      await call(admin, 'POST', '/api/v1/members', { name: 'Val', role: 'viewer' }),
    );
    expect(viewer.member.role).toBe('viewer');
    await json(await call(admin, 'PATCH', `/api/v1/members/${viewer.member.id}`, { role: 'member' }));
    for (const [method, path, body] of [
      ['POST', '/api/v1/members', { name: 'Al', role: 'admin' }],
      ['PATCH', `/api/v1/members/${viewer.member.id}`, { role: 'admin' }],
      ['PATCH', `/api/v1/members/${owner.memberId}`, { role: 'member' }],
      ['DELETE', `/api/v1/members/${owner.memberId}`, undefined],
    ] as const) {
      expect(await expectProblem(await call(admin, method, path, body), 403, 'forbidden_for_role'), `${method} ${path}`).toMatchObject({
        permission: 'owner.manage',
      });
    }
    const promoted = await json<{ member: { role: string } }>(
      await call(owner, 'PATCH', `/api/v1/members/${viewer.member.id}`, { role: 'admin' }),
    );
    expect(promoted.member.role).toBe('admin');
    // A role change holds from the next request: the new admin manages members now.
    const members = await json<{ members: { id: string; role: string }[] }>(await call(owner, 'GET', '/api/v1/members'));
    expect(members.members.map((member) => member.role)).toEqual(['owner', 'admin', 'admin']);
  });

  it('never leaves the workspace without an owner: the last one is neither removed nor demoted', async () => {
    const owner = await cast.newMember();
    await expectProblem(await call(owner, 'PATCH', `/api/v1/members/${owner.memberId}`, { role: 'admin' }), 409, 'last_owner');
    await expectProblem(await call(owner, 'DELETE', `/api/v1/members/${owner.memberId}`), 409, 'last_owner');
    const second = await colleagueOf(cast.pool, owner, 'Co-owner', 'owner');
    await json(await call(second, 'PATCH', `/api/v1/members/${owner.memberId}`, { role: 'admin' }));
    await expectProblem(await call(second, 'DELETE', `/api/v1/members/${second.memberId}`), 409, 'last_owner');
    await expectProblem(await call(second, 'GET', '/api/v1/members/nobody'), 405, 'method_not_allowed');
    await expectProblem(await call(second, 'DELETE', '/api/v1/members/mb_00000000000000000000000000000000'), 404, 'member_not_found');
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const owner = await cast.newMember();
    const other = await colleagueOf(cast.pool, owner, 'Other owner', 'owner');
    const answers = await Promise.all([
      call(owner, 'PATCH', `/api/v1/members/${other.memberId}`, { role: 'member' }),
      call(other, 'PATCH', `/api/v1/members/${owner.memberId}`, { role: 'member' }),
    ]);
    // The loser is refused either by the last-owner guard (both read each other as owner)
    // or, when the winner committed before the loser's role was read, as no longer an owner.
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const loser = answers.find((answer) => answer.status !== 200)!;
    expect(((await loser.json()) as { code: string }).code).toBe(statuses[1] === 409 ? 'last_owner' : 'forbidden_for_role');
    const { rows } = await cast.pool.query("select count(*)::int as n from members where workspace_id = $1 and role = 'owner'", [
      owner.workspaceId,
    ]);
    expect(rows[0].n).toBe(1);
  });
});

describe('removing a member', () => {
  it('revokes their tokens, agent tokens and web sessions at once, and keeps their name on what they answered', async () => {
    const owner = await cast.newMember();
    const leaver = await colleagueOf(cast.pool, owner, 'Leaver');
    const agent = await agentTokenOf(cast.pool, leaver, "Leaver's agent");
    const signIn = await fetch(`${cast.url}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cast.url },
      body: JSON.stringify({ token: leaver.token }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const id = (await world(cast, owner).file({ question: 'Who answered?', context: CONTEXT, asks: [tierAsk()] })).body.decision.id;
    await json(await call(leaver, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } }));

    const removed = await json<{ member: { removedAt: string | null } }>(await call(owner, 'DELETE', `/api/v1/members/${leaver.memberId}`));
    expect(removed.member.removedAt).toEqual(expect.any(String));
    await expectProblem(await call(leaver, 'GET', '/api/v1/decisions'), 401, 'unauthorized');
    await expectProblem(await call(agent, 'GET', '/api/v1/decisions'), 401, 'unauthorized');
    await expectProblem(await fetch(`${cast.url}/api/v1/decisions`, { headers: { cookie } }), 401, 'unauthorized');

    const tokens = await json<{ tokens: { memberId: string; revokedAt: string | null }[] }>(
      await call(owner, 'GET', '/api/v1/tokens?revoked=true'),
    );
    expect(tokens.tokens.filter((token) => token.memberId === leaver.memberId).every((token) => token.revokedAt)).toBe(true);
    const listed = await json<{ members: { id: string }[] }>(await call(owner, 'GET', '/api/v1/members'));
    expect(listed.members.map((member) => member.id)).not.toContain(leaver.memberId);
    const all = await json<{ members: { id: string; removedAt: string | null }[] }>(
      await call(owner, 'GET', '/api/v1/members?removed=true'),
    );
    expect(all.members.find((member) => member.id === leaver.memberId)?.removedAt).toEqual(removed.member.removedAt);

    const read = await json<{ decision: { asks: { answer: { answeredBy: string } }[] }; detail: { members: Record<string, string> } }>(
      await call(owner, 'GET', `/api/v1/decisions/${id}`),
    );
    expect(read.decision.asks[0]!.answer.answeredBy).toBe(leaver.memberId);
    expect(read.detail.members[leaver.memberId]).toBe('Leaver');
    // Removing twice keeps the first time; a removed member takes no new role.
    const again = await json<{ member: { removedAt: string } }>(await call(owner, 'DELETE', `/api/v1/members/${leaver.memberId}`));
    expect(again.member.removedAt).toBe(removed.member.removedAt);
    await expectProblem(await call(owner, 'PATCH', `/api/v1/members/${leaver.memberId}`, { role: 'viewer' }), 409, 'member_removed');
  });
});
