/**
 * Issue 42 "Tested": for random rule sets, a forbid always beats a permit, an admin's rule beats a
 * member's, no rule answers an ask its author could not answer by hand, an off or expired rule
 * never answers, and a rule the engine cannot evaluate sends the ask to a person.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayAnswer } from '../../../domain/assignment';
import type { Rule } from '../../../domain/rules/rule';
import type { RuleEffect } from '../../../domain/rules/rule-effect';
import { evaluateRules } from '../../../rules/evaluate-rules';
import { ADMIN, bashAsk, DANA, requestOf, ruleOf } from './rule-fixtures';

const COMMANDS = ['git status', 'git push origin main', 'npm test', 'rm -rf build', 'ls -la'];
const PREFIXES = ['git', 'git push', 'npm', 'rm', 'ls', 'curl'];
const AUTHORS = { mb_admin: ADMIN, mb_dana: DANA };

const effect: fc.Arbitrary<RuleEffect> = fc.oneof(
  fc.constant({ kind: 'approve' } as const),
  fc.constant({ kind: 'deny', reason: 'Not this one.' } as const),
  fc.constant({ kind: 'ask-person' } as const),
  fc.constant({ kind: 'route', to: 'team:infra' } as const),
);

const rule: fc.Arbitrary<Rule> = fc
  .record({
    effect,
    prefix: fc.option(fc.constantFrom(...PREFIXES), { nil: undefined }),
    admin: fc.boolean(),
    mode: fc.constantFrom('on', 'on', 'shadow', 'off'),
    expired: fc.boolean(),
  })
  .map(({ effect, prefix, admin, mode, expired }) =>
    ruleOf(effect, prefix === undefined ? {} : { tool: { name: 'Bash', commandPrefix: prefix } }, {
      mode: mode as Rule['mode'],
      author: admin ? 'mb_admin' : 'mb_dana',
      authorRole: admin ? 'admin' : 'member',
      endsAt: expired ? '2026-01-01T00:00:00.000Z' : null,
    }),
  );

const ask = fc.record({ command: fc.constantFrom(...COMMANDS), assigneeKey: fc.constantFrom('', 'mb_dana', 'mb_sam') });
const world = fc.record({ rules: fc.array(rule, { maxLength: 12 }), ask });

const live = (rule: Rule) => rule.mode === 'on' && rule.endsAt === null;
const request = (command: string, assigneeKey: string) =>
  requestOf([bashAsk(command, { assigneeKey })], { workspaceId: 'ws_property', authors: AUTHORS });

describe('rules over random rule sets', () => {
  it('a matching forbid always beats every permit: an unconditioned denial means no approval', () => {
    fc.assert(
      fc.property(world, ({ rules, ask }) => {
        const deny = ruleOf({ kind: 'deny', reason: 'Never.' }, {}, { author: 'mb_dana', authorRole: 'member' });
        const [outcome] = evaluateRules([...rules, deny], request(ask.command, ''));
        expect(outcome!.verdict.kind).not.toBe('none');
        if (outcome!.verdict.kind === 'answer') expect(outcome!.verdict.effect.kind).toBe('deny');
      }),
      { numRuns: 60 },
    );
  });

  it('an admin’s rule beats a member’s on the same side: an admin’s forbid always wins, an admin’s permit loses only to a forbid', () => {
    fc.assert(
      fc.property(world, fc.constantFrom<RuleEffect>({ kind: 'approve' }, { kind: 'ask-person' }), ({ rules, ask }, adminEffect) => {
        const admin = ruleOf(adminEffect, {}, { createdAt: '2027-01-01T00:00:00.000Z' });
        const all = [...rules, admin];
        const [outcome] = evaluateRules(all, request(ask.command, ask.assigneeKey));
        const verdict = outcome!.verdict;
        const winner = verdict.kind === 'answer' || verdict.kind === 'ask-person' ? verdict.rule : null;
        expect(winner).not.toBeNull();
        const rule = all.find((candidate) => candidate.id === winner!.id)!;
        const forbids = (candidate: Rule) => candidate.effect.kind === 'deny' || candidate.effect.kind === 'ask-person';
        if (rule.authorRole !== 'admin') {
          expect(adminEffect.kind).toBe('approve');
          expect(forbids(rule)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('no rule answers an ask its author could not answer by hand', () => {
    fc.assert(
      fc.property(world, ({ rules, ask }) => {
        const [outcome] = evaluateRules(rules, request(ask.command, ask.assigneeKey));
        const verdict = outcome!.verdict;
        if (verdict.kind !== 'answer') return;
        const author = rules.find((candidate) => candidate.id === verdict.rule.id)!.author as keyof typeof AUTHORS;
        expect(mayAnswer(AUTHORS[author], ask.assigneeKey)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('an off, expired or shadow rule never answers, and off or expired ones are no shadow hit either', () => {
    fc.assert(
      fc.property(world, ({ rules, ask }) => {
        const [outcome] = evaluateRules(rules, request(ask.command, ask.assigneeKey));
        const byId = new Map(rules.map((candidate) => [candidate.id, candidate]));
        const verdict = outcome!.verdict;
        if (verdict.kind === 'answer') expect(live(byId.get(verdict.rule.id)!)).toBe(true);
        for (const hit of outcome!.shadowHits) {
          const shadow = byId.get(hit.rule.id)!;
          expect(shadow.mode).toBe('shadow');
          expect(shadow.endsAt).toBeNull();
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a live rule the engine cannot evaluate sends the ask to a person, whatever else matches', () => {
    fc.assert(
      fc.property(world, fc.boolean(), ({ rules, ask }, unparsable) => {
        const cedar = unparsable
          ? 'permit (principal, action == Action::"answer", resource'
          : 'permit (principal, action == Action::"answer", resource is Ask) when { resource.position + 9223372036854775807 > 0 };';
        const broken = ruleOf({ kind: 'approve' }, {}, { cedar, handWritten: true });
        const [outcome] = evaluateRules([...rules, broken], request(ask.command, ask.assigneeKey));
        expect(outcome!.verdict).toMatchObject({ kind: 'ask-person', cause: 'engine-error' });
      }),
      { numRuns: 40 },
    );
  });
});
