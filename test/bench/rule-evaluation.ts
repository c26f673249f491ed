/**
 * Issue 42's figure: rule evaluation P95 ≤ 1 ms with 1,000 rules in the workspace. In-process,
 * like the filing service calls it: a realistic mix of rules (Bash prefixes and command words by
 * agent, Write/Edit path globs, MCP tool globs, approval actions, decision and fact answers, a
 * fifth in shadow, some denials), then a host's Bash prompt evaluated over and over with the
 * parsed rules cached, as every filing after the first finds them. The first evaluation (Cedar
 * parsing the workspace's rules) is reported apart.
 */
import { compileRule } from '../../domain/rules/compile-rule';
import type { Rule } from '../../domain/rules/rule';
import type { RuleConditions } from '../../domain/rules/rule-conditions';
import type { RuleEffect } from '../../domain/rules/rule-effect';
import type { RuleAsk, RuleRequest } from '../../domain/rules/rule-request';
import { evaluateRules } from '../../rules/evaluate-rules';
import { summarize, type Summary } from './stats';

const AGENTS = 40;
const WORDS = ['git', 'npm', 'ls', 'cat', 'make', 'docker', 'kubectl', 'python', 'cargo', 'go', 'rm', 'curl', 'terraform', 'node', 'yarn'];

function ruleAt(index: number): Rule {
  const agent = `ag_${(index % AGENTS).toString(16).padStart(32, '0')}`;
  const word = WORDS[index % WORDS.length]!;
  const kind = index % 20;
  let conditions: RuleConditions;
  let effect: RuleEffect = index % 17 === 0 ? { kind: 'deny', reason: 'Not from an agent.' } : { kind: 'approve' };
  if (kind < 10) conditions = { agent, tool: { name: 'Bash', commandPrefix: `${word} sub${index} ` } };
  else if (kind < 13) conditions = { agent, tool: { name: 'Bash', commandWords: `${word} w${index}` } };
  else if (kind < 15) conditions = { tool: { name: index % 2 ? 'Write' : 'Edit', pathGlob: `src/area${index}/*` } };
  else if (kind < 16) conditions = { tool: { name: `mcp__server${index}__*` } };
  else if (kind < 18) conditions = { agent, approval: { action: 'spawn_agent', risks: [`risk${index}`] } };
  else if (kind < 19) {
    conditions = { agent, askKind: 'decision', cluster: `${agent}|decide|question ${index}` };
    effect = { kind: 'choose', option: 1 };
  } else {
    conditions = { agent, askKind: 'fact', cluster: `${agent}|decide|fact ${index}` };
    effect = { kind: 'fact', text: 'eu-west-1' };
  }
  return {
    id: `ru_${index.toString(16).padStart(32, '0')}`,
    name: `rule ${index}`,
    author: 'mb_bench',
    authorRole: index % 3 ? 'member' : 'admin',
    reason: 'bench',
    endsAt: null,
    revision: 1,
    mode: index % 5 === 0 ? 'shadow' : 'on',
    conditions,
    effect,
    cedar: compileRule(conditions, effect),
    handWritten: false,
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

export function benchRules(count: number): Rule[] {
  return Array.from({ length: count }, (_, index) => ruleAt(index));
}

function bashPrompt(command: string): RuleRequest {
  const ask: RuleAsk = {
    position: 1,
    kind: 'approval',
    optionCount: 0,
    tool: { name: 'Bash', input: { command }, summary: command },
    approval: { action: 'other', risks: [] },
    assigneeKey: '',
    approvedInput: { command },
  };
  return {
    workspaceId: 'ws_bench_rules',
    now: '2026-06-01T00:00:00.000Z',
    principal: { kind: 'agent', id: `ag_${'0'.repeat(31)}3` },
    agentId: `ag_${'0'.repeat(31)}3`,
    sessionId: 'ses_bench',
    project: '/work/app',
    cluster: null,
    asks: [ask],
    authors: { mb_bench: { keys: ['mb_bench', ''], covers: [], policy: 'anyone', role: 'admin' } },
  };
}

export type RuleEvaluation = { rules: number; firstMs: number; evaluation: Summary };

/** `evaluations` timed calls of `evaluateRules` on `count` rules, after the first (which parses them). */
export function ruleEvaluation(count: number, evaluations: number): RuleEvaluation {
  const rules = benchRules(count);
  const requests = ['npm sub3 --watch=false', 'git status --short', 'ls -la src', 'npm sub43 x', 'cargo build'].map(bashPrompt);
  let started = performance.now();
  evaluateRules(rules, requests[0]!);
  const firstMs = performance.now() - started;
  for (let index = 0; index < 100; index += 1) evaluateRules(rules, requests[index % requests.length]!);
  const samples: number[] = [];
  for (let index = 0; index < evaluations; index += 1) {
    started = performance.now();
    evaluateRules(rules, requests[index % requests.length]!);
    samples.push(performance.now() - started);
  }
  return { rules: count, firstMs, evaluation: summarize(samples) };
}

/** Hundredths of a millisecond: the figure is a fraction of one. */
const ms = (value: number) => `${value.toFixed(2)} ms`;

export function ruleEvaluationRows(figures: RuleEvaluation, met: (ok: boolean) => string): string[] {
  const { p50, p95, p99 } = figures.evaluation;
  return [
    `| rule evaluation: one Bash prompt against ${figures.rules} rules, in-process (Cedar parsed them once, in ${figures.firstMs.toFixed(0)} ms) | ${ms(p50)} | ${ms(p95)} | ${ms(p99)} | P95 ≤ 1 ms | ${met(p95 <= 1)} |`,
  ];
}
