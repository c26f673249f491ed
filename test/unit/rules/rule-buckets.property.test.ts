/**
 * Issue 42's speed comes from an index: rules are filed by ask kind, agent, tool and a Bash
 * command's first word, and an ask meets only the sets it could match. The index must never
 * lose a match: for random rules and asks, the outcome is the same as when every rule is tried
 * on every ask (hand-written rules are never indexed beyond their effect's ask kind).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../domain/rules/rule';
import type { RuleConditions } from '../../../domain/rules/rule-conditions';
import type { RuleEffect } from '../../../domain/rules/rule-effect';
import { evaluateRules } from '../../../rules/evaluate-rules';
import { bashAsk, requestOf, ruleOf } from './rule-fixtures';

const AGENTS = ['ag_a', 'ag_b'];
const COMMANDS = ['git status', 'sudo git push origin', 'FOO=1 npm test', 'npm  test', 'ls', 'lsof -i', 'rm -rf /'];
const TOOLS = ['Bash', 'Write', 'mcp__github__create_pr', 'mcp__slack__post'];

const conditions: fc.Arbitrary<RuleConditions> = fc.record(
  {
    agent: fc.constantFrom(...AGENTS),
    askKind: fc.constantFrom('approval', 'decision'),
    tool: fc.oneof(
      fc.record({ name: fc.constant('Bash'), commandPrefix: fc.constantFrom('git ', 'git', 'npm test', 'ls', 'sudo git', 'FOO=1 npm') }),
      fc.record({ name: fc.constant('Bash'), commandWords: fc.constantFrom('git push', 'npm test', 'ls', 'git status') }),
      fc.record({ name: fc.constantFrom('Write', 'mcp__github__*', 'mcp__*', '*', 'Bash') }),
      fc.record({ name: fc.constantFrom('Write', '*'), pathGlob: fc.constantFrom('src/*', '*.md') }),
    ),
  },
  { requiredKeys: [] },
);

const effect: fc.Arbitrary<RuleEffect> = fc.constantFrom<RuleEffect>(
  { kind: 'approve' },
  { kind: 'deny', reason: 'No.' },
  { kind: 'ask-person' },
  { kind: 'choose', option: 1 },
  { kind: 'route', to: 'team:infra' },
);

const rules = fc.array(
  fc
    .record({ conditions, effect, shadow: fc.boolean() })
    .map(({ conditions, effect, shadow }) => ruleOf(effect, conditions, { mode: shadow ? 'shadow' : 'on' })),
  { maxLength: 10 },
);

const ask = fc.record({
  agent: fc.constantFrom(...AGENTS, null),
  tool: fc.constantFrom(...TOOLS),
  command: fc.constantFrom(...COMMANDS),
  path: fc.constantFrom('src/main.ts', 'README.md'),
  decision: fc.boolean(),
});

let run = 0;

describe('the rule index', () => {
  it('never loses a match: indexed and unindexed evaluation agree', () => {
    fc.assert(
      fc.property(rules, ask, (saved, shape) => {
        run += 1;
        const input =
          shape.tool === 'Bash' ? { command: shape.command } : shape.tool === 'Write' ? { file_path: shape.path } : { title: 'x' };
        const one = shape.decision
          ? bashAsk('', { kind: 'decision', optionCount: 2, tool: null, approval: null })
          : bashAsk('', { tool: { name: shape.tool, input, summary: null } });
        const request = (workspaceId: string) =>
          requestOf([one], { workspaceId, agentId: shape.agent, principal: { kind: 'agent', id: shape.agent ?? 'ag_none' } });
        const indexed = evaluateRules(saved, request(`ws_indexed_${run}`));
        const unindexed = evaluateRules(
          saved.map((rule): Rule => ({ ...rule, handWritten: true })),
          request(`ws_unindexed_${run}`),
        );
        const sortHits = (outcome: (typeof indexed)[number]) => ({
          ...outcome,
          shadowHits: [...outcome.shadowHits].sort((a, b) => a.rule.id.localeCompare(b.rule.id)),
        });
        expect(indexed.map(sortHits)).toEqual(unindexed.map(sortHits));
      }),
      { numRuns: 150 },
    );
  });
});
