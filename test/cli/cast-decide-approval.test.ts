/**
 * Issue 31 item 4: `cast decide answer sd-N yes|no [--reason …]` answers an approval ask — a
 * permission card's y / n — from a shell, as the web's Approve and Reject do; the real `cast`
 * against a real Cast. An answer of the wrong kind is refused by Cast (exit 7, docs/cli.md),
 * saying what the ask takes; nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { approvalAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

/** A person with a shell, and a permission card their agent's hook filed (`alwaysAllows`: the rules its host keeps on "always"). */
const BASH = { tool: 'Bash', toolInput: { command: 'rm -rf build/' } };
/** A fetch is kept by its domain, which neither this host's card nor a rule of Cast keeps (issue 42 item 4). */
const FETCH = { tool: 'WebFetch', toolInput: { url: 'https://example.com/a' } };

async function permissionCard(
  alwaysAllows?: string[],
  call: { tool: string; toolInput: Record<string, unknown> } = BASH,
  editable = false,
) {
  const member = await cast.newMember();
  const me = world(cast, member);
  const agent = world(cast, await agentTokenOf(cast.pool, member, 'Claude Code'));
  const { decision } = await agent.send(sessionRoutes.fileHostPrompt, {
    params: { id: randomUUID() },
    body: { kind: 'permission', ...call, ...(alwaysAllows ? { alwaysAllows } : {}), ...(editable ? { editable: true } : {}) },
  });
  return { me, shell: castShell({ url: cast.url, token: member.token }), id: decision.id };
}

type Outcome = { id: string; state: string; verdict?: string | null; answeredBy: string | null; message: string | null };

describe('issue 31 item 4: cast decide answer on an approval ask', () => {
  it('issue 31 item 4: yes approves a permission card', async () => {
    const { me, shell, id } = await permissionCard();
    const run = await shell.run(['decide', 'answer', id, 'yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf<Outcome>(run)).toMatchObject({ id, state: 'resolved', verdict: 'approve', answeredBy: expect.any(String) });
    const decision = await me.decision(id);
    expect(decision.status).toBe('resolved');
    expect(decision.asks[0]!.answer!.value).toEqual({ kind: 'approval', decision: 'approve' });
    // Said again, the first answer stands (exit 3), as for a choice.
    const again = await shell.run(['decide', 'answer', id, 'no', '--reason', 'Changed my mind.']);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('was already answered: approved');
  });

  it("issue 39 item 12: no denies a permission card, a reason optional (cast-decide: y / n answer it); an agent's own approval still needs one (exit 2, nothing changed)", async () => {
    const { me, shell, id } = await permissionCard();
    const bare = await shell.run(['decide', 'answer', id, 'no']);
    expect(bare.code, bare.stderr).toBe(0);
    expect((await me.decision(id)).asks[0]!.answer).toMatchObject({ value: { kind: 'approval', decision: 'reject' }, reason: null });

    const filed = (await me.file({ question: 'Spend $240?', context: 'The paid feed returned 402.', asks: [approvalAsk()] })).body.decision
      .id;
    const refused = await shell.run(['decide', 'answer', filed, 'no']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs a reason');
    expect((await me.decision(filed)).status).toBe('open');
  });

  it('issue 31 item 4: no with --reason rejects it with the reason', async () => {
    const { me, shell, id } = await permissionCard();
    const run = await shell.run(['decide', 'answer', id, 'no', '--reason', 'Not in this folder; use scratch/.']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${id} answered: rejected (reason: Not in this folder; use scratch/.)\n`);
    const answer = (await me.decision(id)).asks[0]!.answer!;
    expect(answer.value).toEqual({ kind: 'approval', decision: 'reject' });
    expect(answer.reason).toBe('Not in this folder; use scratch/.');
  });

  it('issue 31 item 4: yes on a choice is refused by Cast (exit 7) saying it takes an option number; a number on a permission card says yes / no', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const shell = castShell({ url: cast.url, token: member.token });
    const {
      body: { decision: choice },
    } = await me.file({
      question: 'Which schema wins?',
      context: 'The daemon writes ids from the path; the web index from frontmatter.',
      asks: [{ kind: 'decision', prompt: 'Which wins?', options: [{ label: 'Path' }, { label: 'Frontmatter' }] }],
    });
    const yes = await shell.run(['decide', 'answer', choice.id, 'yes', '--json']);
    expect(yes.code).toBe(7);
    expect(yes.stderr).toContain(`${choice.id} asks for a decision, not an approval`);
    expect(yes.stderr).toContain('give an option number');
    expect(jsonOf(yes)).toMatchObject({ error: { code: 'answer_kind_mismatch' } });
    expect((await me.decision(choice.id)).status).toBe('open');

    const { shell: own, id, me: owner } = await permissionCard();
    const number = await own.run(['decide', 'answer', id, '1']);
    expect(number.code).toBe(7);
    expect(number.stderr).toContain(`${id} asks for an approval: answer yes, or no --reason`);
    expect((await owner.decision(id)).status).toBe('open');
  });

  it('issue 31 item 9: yes --always approves and records the always-allow the host turns into a rule; --always with anything but yes sends nothing', async () => {
    const { me, shell, id } = await permissionCard(['Bash(rm -rf build/)']);
    const refused = await shell.run(['decide', 'answer', id, 'no', '--reason', 'not now', '--always']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--always goes with yes');
    expect((await me.decision(id)).status).toBe('open');
    const run = await shell.run(['decide', 'answer', id, 'yes', '--always', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((await me.decision(id)).asks[0]!.answer!.value).toEqual({ kind: 'approval', decision: 'approve', always: true });
  });

  it('issue 42 item 4: yes --always on a card neither its host nor Cast can keep is refused by Cast (exit 7) and changes nothing', async () => {
    const { me, shell, id } = await permissionCard(undefined, FETCH);
    const run = await shell.run(['decide', 'answer', id, 'yes', '--always', '--json']);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`${id} offers no "always"`);
    expect(jsonOf(run)).toMatchObject({ error: { code: 'always_not_offered' } });
    expect((await me.decision(id)).status).toBe('open');
  });

  it('issue 43 item 6: yes --command approves the call as edited where its host runs an edit; elsewhere Cast refuses (exit 7), and a bad flag sends nothing', async () => {
    const { me, shell, id } = await permissionCard(undefined, BASH, true);
    const both = await shell.run(['decide', 'answer', id, 'yes', '--command', 'ls', '--input', '{}']);
    expect(both.code).toBe(2);
    const notJson = await shell.run(['decide', 'answer', id, 'yes', '--input', '[1]']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('--input must be a JSON object');
    const withNo = await shell.run(['decide', 'answer', id, 'no', '--command', 'ls']);
    expect(withNo.code).toBe(2);
    expect((await me.decision(id)).status).toBe('open');
    const run = await shell.run(['decide', 'answer', id, 'yes', '--command', 'rm -rf build/cache', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((await me.decision(id)).asks[0]!.answer!.value).toEqual({
      kind: 'approval',
      decision: 'approve',
      editedInput: { command: 'rm -rf build/cache' },
    });

    const plain = await permissionCard();
    const refused = await plain.shell.run(['decide', 'answer', plain.id, 'yes', '--input', '{"command":"ls"}', '--json']);
    expect(refused.code).toBe(7);
    expect(jsonOf(refused)).toMatchObject({ error: { code: 'edit_not_offered' } });
    expect((await plain.me.decision(plain.id)).status).toBe('open');
  });
});
