/**
 * Issue 42 through the `cast` door: a member adds a rule (in shadow), lists it, shows it with its
 * Cedar policy, tries another on the last 30 days and disables the first; an effect-less or
 * two-effect rule exits 2 before anything is sent; a viewer exits 4 naming `rule.manage`; Cedar's
 * refusal of hand-written text exits with its words.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleRoutes } from '../../domain/routes/rules';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

type RuleOut = { rule: { id: string; name: string; mode: string; revision: number; cedar: string } };

describe('cast rule (CLI door)', () => {
  it('a member adds, lists, shows, tests and disables a rule; refusals exit with their codes', async () => {
    const owner = await cast.newMember();
    const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
    const dana = await colleagueOf(cast.pool, owner, 'Dana', 'member');
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const shell = castShell({ url: cast.url, token: dana.token });

    const added = await shell.run([
      'rule',
      'add',
      'tests may run',
      '--command',
      'npm test',
      '--approve',
      '--reason',
      'They only read.',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { rule } = jsonOf<RuleOut>(added);
    expect(rule).toMatchObject({ name: 'tests may run', mode: 'shadow', revision: 1 });
    expect(rule.cedar).toContain('resource.command like "npm test*"');

    const listed = await shell.run(['rule']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`tests may run (${rule.id}) · shadow · r1 · approve`);
    const shown = await shell.run(['rule', 'show', rule.id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('permit (principal, action == Action::"answer", resource is Ask)');
    expect(shown.stdout).toContain('No hits yet.');

    const tried = await shell.run([
      'rule',
      'test',
      'no pushes',
      '--words',
      'git push',
      '--deny',
      'Push from CI.',
      '--reason',
      'CI pushes.',
    ]);
    expect(tried.code, tried.stderr).toBe(0);
    expect(tried.stdout).toContain('Over the last 30 days it matched 0 of 0 asks.');

    // Refused before sending (2): no effect, two effects.
    expect((await shell.run(['rule', 'add', 'nothing', '--reason', 'x'])).code).toBe(2);
    expect((await shell.run(['rule', 'add', 'both', '--approve', '--ask-person', '--reason', 'x'])).code).toBe(2);
    // A viewer lacks rule.manage (4, naming it).
    const byViewer = await castShell({ url: cast.url, token: viewer.token }).run(['rule', 'add', 'mine', '--approve', '--reason', 'x']);
    expect(byViewer.code).toBe(4);
    expect(byViewer.stderr).toContain('rule.manage');
    // Hand-written Cedar the schema cannot type: refused with Cedar's words.
    const file = join(tmpdir(), `cast-rule-${process.pid}.cedar`);
    writeFileSync(file, 'permit (principal, action == Action::"answer", resource is Ask) when { resource.command == "ls" };');
    const untyped = await castShell({ url: cast.url, token: admin.token }).run([
      'rule',
      'add',
      'ls',
      '--approve',
      '--reason',
      'x',
      '--cedar-file',
      file,
    ]);
    expect(untyped.code).not.toBe(0);
    expect(untyped.stderr).toContain('optional attribute `command`');

    const disabled = await shell.run(['rule', 'disable', rule.id]);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('Rule off:');
    expect((await cast.send(dana.token, ruleRoutes.getRule, { params: { id: rule.id } })).rule).toMatchObject({ mode: 'off', revision: 2 });
  });
});
