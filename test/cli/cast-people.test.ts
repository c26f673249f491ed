/**
 * People and agents through the `cast` door (DESIGN §8): a person adds members and mints an
 * agent's token; the agent files, waits, edits and withdraws with it, and every act that
 * decides exits 9 with `forbidden_for_agent`, nothing changed; a revoked token exits 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleRoutes } from '../../domain/routes/people';
import { signInRoutes } from '../../domain/routes/sign-in';
import { world } from '../support/agent-world';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type Minted = { token: { id: string; kind: string; agentName: string; label: string; expiresAt: string | null }; secret: string };

async function agentShell(owner: Member, agent = 'Claude Code on the laptop') {
  const person = castShell({ url: cast.url, token: owner.token });
  const created = await person.run(['token', 'create', '--agent', agent, '--label', 'laptop', '--expires', '90d', '--json']);
  expect(created.code, created.stderr).toBe(0);
  const minted = jsonOf<Minted>(created);
  return { person, minted, shell: castShell({ url: cast.url, token: minted.secret }) };
}

describe('cast member and cast token (CLI door)', () => {
  it('issue 41 item 6: invites a member to sign in with the identity provider, and unlinks them; a bad email exits 2', async () => {
    const owner = await cast.newMember();
    const person = castShell({ url: cast.url, token: owner.token });
    const dana = jsonOf<{ member: { id: string } }>(await person.run(['member', 'add', 'Dana', '--json'])).member.id;
    const invited = await person.run(['member', 'invite', dana, 'Dana@Example.com', '--json']);
    expect(invited.code, invited.stderr).toBe(0);
    expect(jsonOf<{ signIn: unknown }>(invited).signIn).toEqual({ memberId: dana, email: 'dana@example.com', identity: null });
    expect((await person.run(['member', 'invite', dana, 'not-an-email'])).code).toBe(2);
    const unlinked = await person.run(['member', 'unlink', dana]);
    expect(unlinked.code, unlinked.stderr).toBe(0);
    expect(unlinked.stdout).toContain('no longer signs in through the identity provider');
    expect((await cast.send(owner.token, signInRoutes.getMemberSignIn, { params: { id: dana } })).signIn.email).toBeNull();
  });

  it('adds a member with a one-time person token, and lists tokens without their secrets', async () => {
    const owner = await cast.newMember();
    const person = castShell({ url: cast.url, token: owner.token });
    const added = await person.run(['member', 'add', 'Dana', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const dana = jsonOf<{ member: { name: string; role: string }; secret: string }>(added);
    expect(dana.member).toMatchObject({ name: 'Dana', role: 'member' });
    const asDana = await castShell({ url: cast.url, token: dana.secret }).run(['token', 'ls', '--json']);
    expect(asDana.code, asDana.stderr).toBe(0);
    // A member may not add people (exit 4, not allowed: forbidden_for_role); a bad role is refused before sending (exit 2).
    const byDana = await castShell({ url: cast.url, token: dana.secret }).run(['member', 'add', 'Eve']);
    expect(byDana.code, byDana.stderr).toBe(4);
    expect(byDana.stderr).toContain('member.manage');
    expect((await person.run(['member', 'add', 'Eve', '--role', 'boss'])).code).toBe(2);
    const viewer = await person.run(['member', 'add', 'Vic', '--role', 'viewer', '--json']);
    expect(viewer.code, viewer.stderr).toBe(0);
    expect(jsonOf<{ member: { role: string } }>(viewer).member.role).toBe('viewer');

    const { minted } = await agentShell(owner);
    expect(minted.token).toMatchObject({ kind: 'agent', agentName: 'Claude Code on the laptop', label: 'laptop' });
    expect(minted.token.expiresAt).not.toBeNull();
    const listed = await person.run(['token', 'ls']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('laptop · agent Claude Code on the laptop');
    expect(listed.stdout).toContain('never used');
    expect(listed.stdout).not.toContain(minted.secret);
    expect(listed.stdout).not.toContain(dana.secret);
  });

  it("changes a member's role and removes a member; refuses a role without member.manage, a bad role and the last owner", async () => {
    const owner = await cast.newMember();
    const person = castShell({ url: cast.url, token: owner.token });
    const added = await person.run(['member', 'add', 'Rae', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const rae = jsonOf<{ member: { id: string }; secret: string }>(added);
    const asRae = castShell({ url: cast.url, token: rae.secret });

    // A bad role is the CLI's own refusal (exit 2), before anything is sent.
    const bad = await person.run(['member', 'role', rae.member.id, 'boss']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('viewer, member, admin, owner');
    // A member may not change roles or remove anyone (exit 4, naming the permission), nor promote themselves.
    const selfPromote = await asRae.run(['member', 'role', rae.member.id, 'admin']);
    expect(selfPromote.code, selfPromote.stderr).toBe(4);
    expect(selfPromote.stderr).toContain('member.manage');
    const byRae = await asRae.run(['member', 'remove', owner.memberId]);
    expect(byRae.code, byRae.stderr).toBe(4);
    // The last owner is neither demoted nor removed (409 last_owner: exit 3).
    const demoteSelf = await person.run(['member', 'role', owner.memberId, 'member', '--json']);
    expect(demoteSelf.code).toBe(3);
    expect(jsonOf<{ error: { code: string } }>(demoteSelf).error.code).toBe('last_owner');
    expect((await person.run(['member', 'remove', owner.memberId])).code).toBe(3);
    const missing = await person.run(['member', 'remove', 'mb_nobody', '--json']);
    expect(missing.code).toBe(1);
    expect(jsonOf<{ error: { code: string } }>(missing).error.code).toBe('member_not_found');

    const changed = await person.run(['member', 'role', rae.member.id, 'viewer']);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('is now viewer');
    const members = await world(cast, owner).send(peopleRoutes.listMembers, { query: {} });
    expect(members.members.find((m) => m.id === rae.member.id)?.role).toBe('viewer');

    const removed = await person.run(['member', 'remove', rae.member.id, '--json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(jsonOf<{ member: { id: string; removedAt: string | null } }>(removed).member).toMatchObject({
      id: rae.member.id,
      removedAt: expect.any(String),
    });
    // Their token ends with them: their next command is refused (exit 4).
    expect((await asRae.run(['token', 'ls'])).code).toBe(4);
  });

  it('refuses a bad --expires before sending, with exit 2', async () => {
    const owner = await cast.newMember();
    const out = await castShell({ url: cast.url, token: owner.token }).run(['token', 'create', '--agent', 'X', '--expires', 'soon']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--expires: expiresIn is not a duration/);
  });
});

describe('an agent token (CLI door)', () => {
  it('files, lists, waits, edits and withdraws; answering exits 9 with forbidden_for_agent and changes nothing', async () => {
    const owner = await cast.newMember();
    const { shell } = await agentShell(owner);
    const filed = await shell.run([
      'decide',
      'Which schema wins?',
      '-o',
      'Keep v1',
      '-o',
      'Move to v2',
      '--context',
      'Both pass the tests.',
      '--json',
    ]);
    expect(filed.code, filed.stderr).toBe(0);
    const id = jsonOf<{ id: string }>(filed).id;

    const listed = await shell.run(['decide', 'ls', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.stringify(jsonOf(listed))).toContain(id);
    const waited = await shell.run(['decide', 'wait', id, '--timeout', '1s', '--json']);
    expect(waited.code).toBe(8);
    const edited = await shell.run(['decide', 'edit', id, '--context', 'Both pass; v2 is faster.', '--json']);
    expect(edited.code, edited.stderr).toBe(0);

    const answered = await shell.run(['decide', 'answer', id, '2', '--json']);
    expect(answered.code).toBe(9);
    expect(jsonOf<{ error: { code: string; message: string } }>(answered).error).toMatchObject({
      code: 'forbidden_for_agent',
      message: expect.stringMatching(/A person must do this/),
    });
    const human = await shell.run(['decide', 'answer', id, '2']);
    expect(human.code).toBe(9);
    expect(human.stderr).toMatch(/A person must do this/);
    const tokens = await shell.run(['token', 'ls']);
    expect(tokens.code).toBe(9);

    const decision = await world(cast, owner).decision(id);
    expect({ status: decision.status, answer: decision.asks[0]!.answer }).toEqual({ status: 'open', answer: null });

    const withdrawn = await shell.run(['decide', 'cancel', id, '--json']);
    expect(withdrawn.code, withdrawn.stderr).toBe(0);
    expect((await world(cast, owner).decision(id)).status).toBe('withdrawn');
  });

  it('exits 4 on its next command once a person revokes it', async () => {
    const owner = await cast.newMember();
    const { person, minted, shell } = await agentShell(owner);
    expect((await shell.run(['decide', 'ls'])).code).toBe(0);
    const revoked = await person.run(['token', 'revoke', minted.token.id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('revoked');
    const refused = await shell.run(['decide', 'ls', '--json']);
    expect(refused.code).toBe(4);
    expect(jsonOf<{ error: { code: string } }>(refused).error.code).toBe('unauthorized');
  });
});
