/**
 * Issue 41 items 6–8 below the browser: who a checked identity signs in as (db/oidc-sign-in.ts,
 * on the real database) and the admin's invitation routes. The browser flow through a real
 * provider is test/e2e/oidc-sign-in.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithIdentity, type CheckedIdentity, type SignInPolicy } from '../../db/oidc-sign-in';
import { findWebSession } from '../../db/web-sessions';
import { activityRoutes } from '../../domain/routes/activity';
import { peopleRoutes } from '../../domain/routes/people';
import { signInRoutes } from '../../domain/routes/sign-in';
import { teamRoutes } from '../../domain/routes/teams';
import { colleagueOf } from '../support/members';
import { world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast.stop());

const ISSUER = 'https://idp.example.com';
const identity = (subject: string, more: Partial<CheckedIdentity> = {}): CheckedIdentity => ({
  issuer: ISSUER,
  subject,
  email: `${subject}@example.com`,
  emailVerified: true,
  name: null,
  groups: null,
  ...more,
});
const POLICY: SignInPolicy = { jit: false, requiredGroup: null, teamMap: [] };

async function kinds(owner: Member, subjectId: string): Promise<string[]> {
  const { activity } = await cast.send(owner.token, activityRoutes.listActivity, {
    query: { subject_kind: 'member', subject_id: subjectId },
  });
  return activity.map((entry) => entry.kind).reverse();
}

describe('issue 41 item 6: who a checked identity signs in as', () => {
  it('just-in-time creation on: an unknown, verified identity becomes a member (role member), linked and signed in', async () => {
    const owner = await cast.newMember();
    const outcome = await signInWithIdentity(cast.pool, owner.workspaceId, identity('newcomer', { name: 'New Comer' }), {
      ...POLICY,
      jit: true,
    });
    if (outcome.outcome !== 'signed_in') throw new Error(`refused: ${outcome.code}`);
    expect(outcome.created).toBe(true);
    const { members } = await cast.send(owner.token, peopleRoutes.listMembers, { query: {} });
    expect(members.find((member) => member.id === outcome.principal.memberId)).toMatchObject({ name: 'New Comer', role: 'member' });
    expect(await findWebSession(cast.pool, outcome.sessionId)).toMatchObject({ memberId: outcome.principal.memberId, tokenId: null });
    expect(await kinds(owner, outcome.principal.memberId)).toEqual(['added', 'sign_in_linked', 'signed_in']);
    // The second time, the subject finds the same member; nobody new is made.
    const again = await signInWithIdentity(cast.pool, owner.workspaceId, identity('newcomer'), { ...POLICY, jit: true });
    expect(again).toMatchObject({
      outcome: 'signed_in',
      created: false,
      linked: false,
      principal: { memberId: outcome.principal.memberId },
    });
  });

  it('just-in-time creation off: an identity nobody invited is refused, and the refusal is in the history by its subject', async () => {
    const owner = await cast.newMember();
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('stranger'), POLICY)).toMatchObject({
      outcome: 'refused',
      code: 'oidc_not_invited',
    });
    const { activity } = await cast.send(owner.token, activityRoutes.listActivity, { query: { subject_kind: 'member' } });
    expect(activity[0]).toMatchObject({
      kind: 'sign_in_refused',
      subjectId: 'oidc:stranger',
      actorKind: 'system',
      detail: { reason: 'oidc_not_invited', subject: 'stranger', issuer: ISSUER },
    });
  });

  it('an invitation links one subject only; a removed member is refused; another workspace never sees the link', async () => {
    const owner = await cast.newMember();
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    await cast.send(owner.token, signInRoutes.inviteMemberSignIn, { params: { id: dana.memberId }, body: { email: 'dana@example.com' } });
    const first = await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana-1', { email: 'DANA@example.com' }), POLICY);
    expect(first).toMatchObject({ outcome: 'signed_in', linked: true, principal: { memberId: dana.memberId } });
    // The invitation is used up: another subject with the same email is nobody.
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana-2', { email: 'dana@example.com' }), POLICY)).toMatchObject(
      {
        outcome: 'refused',
        code: 'oidc_not_invited',
      },
    );
    const elsewhere = await cast.newMember();
    expect(await signInWithIdentity(cast.pool, elsewhere.workspaceId, identity('dana-1'), POLICY)).toMatchObject({
      code: 'oidc_not_invited',
    });
    await cast.send(owner.token, peopleRoutes.removeMember, { params: { id: dana.memberId } });
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana-1'), POLICY)).toMatchObject({ code: 'member_removed' });
  });

  it('a groups claim maps to teams the workspace has; a mapped team it lacks is left alone', async () => {
    const owner = await cast.newMember();
    const infra = (await cast.send(owner.token, teamRoutes.createTeam, { body: { name: 'infra' } })).team;
    const policy: SignInPolicy = {
      ...POLICY,
      jit: true,
      teamMap: [
        { group: 'eng', team: 'infra' },
        { group: 'data', team: 'no-such-team' },
      ],
    };
    const outcome = await signInWithIdentity(cast.pool, owner.workspaceId, identity('ivy', { groups: ['eng', 'data'] }), policy);
    if (outcome.outcome !== 'signed_in') throw new Error(`refused: ${outcome.code}`);
    expect((await cast.send(owner.token, teamRoutes.getTeam, { params: { id: infra.id } })).team.members).toEqual([
      outcome.principal.memberId,
    ]);
  });

  it('item 7: a token without the groups claim is refused but revokes nothing (the provider is misconfigured, not the person gone)', async () => {
    const owner = await cast.newMember();
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    await cast.send(owner.token, signInRoutes.inviteMemberSignIn, { params: { id: dana.memberId }, body: { email: 'dana@example.com' } });
    const policy: SignInPolicy = { ...POLICY, requiredGroup: 'cast-users' };
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana', { groups: ['cast-users'] }), policy)).toMatchObject({
      outcome: 'signed_in',
    });
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana', { groups: null }), policy)).toMatchObject({
      code: 'oidc_group_missing',
    });
    expect((await cast.request(dana.token, 'GET', '/api/v1/profile')).status).toBe(200);
  });

  it('item 7: a linked member signing in without the required group ends their tokens, sessions and open streams at once', async () => {
    const owner = await cast.newMember();
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    await cast.send(owner.token, signInRoutes.inviteMemberSignIn, { params: { id: dana.memberId }, body: { email: 'dana@example.com' } });
    const policy: SignInPolicy = { ...POLICY, requiredGroup: 'cast-users' };
    const first = await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana', { groups: ['cast-users'] }), policy);
    if (first.outcome !== 'signed_in') throw new Error(`refused: ${first.code}`);
    const session = await world(cast, dana).session();
    const controller = new AbortController();
    const stream = await fetch(`${cast.url}/api/v1/sessions/${session}/events`, {
      headers: { authorization: `Bearer ${dana.token}` },
      signal: controller.signal,
    });
    try {
      expect(stream.status).toBe(200);
      expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana', { groups: ['eng'] }), policy)).toMatchObject({
        code: 'oidc_group_missing',
      });
      // The stream ends by itself: reading to its end is the proof.
      expect(await stream.text()).toContain('event: revoked\n');
    } finally {
      controller.abort();
    }
    expect((await cast.request(dana.token, 'GET', '/api/v1/profile')).status).toBe(401);
    expect(await findWebSession(cast.pool, first.sessionId)).toBeNull();
    const { activity } = await cast.send(owner.token, activityRoutes.listActivity, {
      query: { subject_kind: 'member', subject_id: dana.memberId },
    });
    expect(activity[0]).toMatchObject({
      kind: 'sign_in_refused',
      actorKind: 'member',
      actorId: dana.memberId,
      detail: { reason: 'oidc_group_missing', group: 'cast-users', revoked: { tokens: 1, sessions: 1 } },
    });
  });

  it('two first sign-ins of one subject at once make one member', async () => {
    const owner = await cast.newMember();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => signInWithIdentity(cast.pool, owner.workspaceId, identity('racer'), { ...POLICY, jit: true })),
    );
    const ids = outcomes.map((outcome) => (outcome.outcome === 'signed_in' ? outcome.principal.memberId : outcome.code));
    expect(new Set(ids).size).toBe(1);
    expect((await cast.send(owner.token, peopleRoutes.listMembers, { query: {} })).members).toHaveLength(2);
  });

  it('item 7: without the required group an unlinked identity is refused and nothing is linked or made', async () => {
    const owner = await cast.newMember();
    const policy: SignInPolicy = { ...POLICY, jit: true, requiredGroup: 'cast-users' };
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('outsider', { groups: ['eng'] }), policy)).toMatchObject({
      code: 'oidc_group_missing',
    });
    const { members } = await cast.send(owner.token, peopleRoutes.listMembers, { query: {} });
    expect(members).toHaveLength(1);
  });
});

describe('issue 41 item 6: an admin invites a member by email', () => {
  it('one member per email (case aside); only an owner invites an owner or an admin; withdrawing unlinks', async () => {
    const owner = await cast.newMember();
    const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    const eli = await colleagueOf(cast.pool, owner, 'Eli');
    const invited = await cast.send(admin.token, signInRoutes.inviteMemberSignIn, {
      params: { id: dana.memberId },
      body: { email: 'Dana@Example.com' },
    });
    expect(invited.signIn).toEqual({ memberId: dana.memberId, email: 'dana@example.com', identity: null });
    await expectProblem(
      cast.request(admin.token, 'PUT', `/api/v1/members/${eli.memberId}/sign-in`, { email: 'dana@EXAMPLE.com' }),
      409,
      'sign_in_email_taken',
    );
    await expectProblem(
      cast.request(admin.token, 'PUT', `/api/v1/members/${owner.memberId}/sign-in`, { email: 'owner@example.com' }),
      403,
      'forbidden_for_role',
    );
    await expectProblem(cast.request(dana.token, 'GET', `/api/v1/members/${dana.memberId}/sign-in`), 403, 'forbidden_for_role');
    await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana-sub', { email: 'dana@example.com' }), POLICY);
    const unlinked = await cast.send(admin.token, signInRoutes.unlinkMemberSignIn, { params: { id: dana.memberId } });
    expect(unlinked.signIn).toEqual({ memberId: dana.memberId, email: null, identity: null });
    expect(await signInWithIdentity(cast.pool, owner.workspaceId, identity('dana-sub'), POLICY)).toMatchObject({
      code: 'oidc_not_invited',
    });
    expect(await kinds(owner, dana.memberId)).toEqual(['sign_in_invited', 'sign_in_linked', 'signed_in', 'sign_in_unlinked']);
  });
});
