/** Issue 42 item 3: the Cedar schema comes from domain/, and Cedar accepts it; compiled rules validate against it. */
import { describe, expect, it } from 'vitest';
import { AskKind } from '../../../domain/ask';
import { cedarSchema } from '../../../domain/rules/cedar-schema';
import { compileRule } from '../../../domain/rules/compile-rule';
import { checkPolicy, checkSchema } from '../../../rules/cedar-engine';

describe('the Cedar schema generated from domain/', () => {
  it('is accepted by Cedar', () => {
    expect(checkSchema()).toBeNull();
  });

  it('lists every ask kind as an AskKind value, from the same tuple the API validates with', () => {
    expect(cedarSchema()[''].entityTypes.AskKind.enum).toEqual([...AskKind]);
  });

  it('validates a compiled rule of every condition and effect', () => {
    const text = compileRule(
      {
        agent: 'ag_1',
        project: '/work/app',
        askKind: 'approval',
        tool: { name: 'Bash', commandWords: 'git status', commandPrefix: 'git status --short *"\\', pathGlob: 'src/**' },
        approval: { action: 'spawn_agent', risks: ['spends_money'], noRisks: true },
        cluster: 'ag_1|permission|Bash|git status',
      },
      { kind: 'approve' },
    );
    expect(checkPolicy(text, { kind: 'approve' })).toBeNull();
    for (const effect of [
      { kind: 'deny', reason: 'no' },
      { kind: 'choose', option: 2 },
      { kind: 'fact', text: 'eu-west-1' },
      { kind: 'route', to: 'team:infra' },
      { kind: 'approvers', required: 2 },
      { kind: 'ask-person' },
    ] as const) {
      expect(checkPolicy(compileRule({ askKind: 'decision' }, effect), effect)).toBeNull();
    }
  });

  it('refuses a hand-written policy the schema cannot type, naming the problem', () => {
    const problem = checkPolicy('permit (principal, action == Action::"answer", resource is Ask) when { resource.command == "ls" };', {
      kind: 'approve',
    });
    expect(problem?.message).toMatch(/optional attribute `command`/);
    expect(
      checkPolicy('permit (principal, action == Action::"answer", resource) when { resource.kind == AskKind::"aproval" };', {
        kind: 'approve',
      })?.message,
    ).toBeTruthy();
  });

  it('refuses text that is not one policy, or whose effect or action is not the rule’s', () => {
    expect(checkPolicy('permit (', { kind: 'approve' })?.message).toBeTruthy();
    const two = 'permit (principal, action == Action::"answer", resource); permit (principal, action == Action::"answer", resource);';
    expect(checkPolicy(two, { kind: 'approve' })?.message).toMatch(/exactly one policy/);
    expect(checkPolicy('permit (principal, action == Action::"answer", resource);', { kind: 'deny', reason: 'no' })?.message).toMatch(
      /forbid/,
    );
    expect(checkPolicy('permit (principal, action == Action::"route", resource);', { kind: 'approve' })?.message).toMatch(
      /Action::"answer"/,
    );
    expect(checkPolicy('permit (principal == ?principal, action == Action::"answer", resource);', { kind: 'approve' })?.message).toMatch(
      /template/,
    );
  });
});
