/**
 * A workspace's rules, parsed by Cedar once per set of revisions (issue 42: evaluation within a
 * millisecond with 1,000 rules). Cedar evaluates every policy of a set it is handed, so rules are
 * filed into small sets by what an ask must have for them to match at all, and an ask is
 * evaluated against only the sets it could match: the ask kind (named, or implied by the effect:
 * an approval is approved), the agent, the exact tool (or `mcp__*` for MCP globs), and for Bash
 * the command's first word when the rule names it whole. Anything a rule leaves open, and every
 * hand-written rule, files under `*` and is tried for every ask.
 *
 * Each policy is held as its matcher (cedar-engine.ts `matcherOf`): one request per set reports
 * every rule whose conditions hold, and evaluate-rules.ts combines them by the rule's own
 * effect, forbid over permit as Cedar would.
 */
import type { Rule } from '../domain/rules/rule';
import type { RuleEffect } from '../domain/rules/rule-effect';
import { matcherOf, prepare } from './cedar-engine';

export const ANY = '*';
const MCP_FAMILY = 'mcp__*';

/** The bucket an ask or a rule files under: kind, agent, tool, first command word. */
export function bucketKey(kind: string, agent: string, tool: string, word: string): string {
  return `${kind}|${agent}|${tool}|${word}`;
}

function impliedKind(effect: RuleEffect): string {
  if (effect.kind === 'approve' || effect.kind === 'deny' || effect.kind === 'approvers') return 'approval';
  if (effect.kind === 'choose') return 'decision';
  if (effect.kind === 'fact') return 'fact';
  return ANY;
}

/** A Bash prefix's first word, when the prefix names it whole (`npm test`, not `np`). */
function firstWord(text: string | undefined): string | null {
  if (text === undefined) return null;
  const match = /^(\S+)\s/.exec(text);
  return match ? match[1]! : null;
}

function ruleBucket(rule: Rule): string {
  const kind = rule.handWritten ? impliedKind(rule.effect) : (rule.conditions.askKind ?? impliedKind(rule.effect));
  if (rule.handWritten) return bucketKey(kind, ANY, ANY, ANY);
  const name = rule.conditions.tool?.name;
  const tool = !name ? ANY : !name.includes('*') ? name : name.startsWith('mcp__') ? MCP_FAMILY : ANY;
  const words = rule.conditions.tool?.commandWords;
  const word = tool === 'Bash' ? ((words ? words.split(' ')[0]! : null) ?? firstWord(rule.conditions.tool?.commandPrefix) ?? ANY) : ANY;
  return bucketKey(kind, rule.conditions.agent ?? ANY, tool, word);
}

/** The tool keys an ask's tool could be filed under. */
export function toolKeys(name: string | null): string[] {
  if (name === null) return [ANY];
  return name.startsWith('mcp__') ? [name, MCP_FAMILY, ANY] : [name, ANY];
}

/** `content` is the bucket's rules at their revisions, so an unchanged bucket is not parsed again. */
export type PreparedSet = { setId: string; ruleIds: readonly string[]; content: string };

export type PreparedRules = {
  key: string;
  /** Parsed sets by bucket key. */
  sets: ReadonlyMap<string, PreparedSet>;
  byId: ReadonlyMap<string, Rule>;
  /** Rules Cedar could not parse (stored before a schema change, or damaged), by bucket: they fail every ask that could reach them. */
  broken: ReadonlyMap<string, readonly string[]>;
};

/** The same rules at the same revisions give the same key, so the parsed sets are reused. */
export function rulesKey(rules: readonly Rule[]): string {
  return rules
    .map((rule) => `${rule.id}:${rule.revision}:${rule.mode}`)
    .sort()
    .join(',');
}

const cache = new Map<string, PreparedRules>();

/** Drops what was parsed for `workspaceId`: a trial's unsaved rule keeps one id and revision whatever its text. */
export function forgetRules(workspaceId: string): void {
  cache.delete(workspaceId);
}

/** The workspace's rules, parsed; reparsed only when a rule was added, changed or removed. */
export function preparedRules(workspaceId: string, rules: readonly Rule[]): PreparedRules {
  const key = rulesKey(rules);
  const cached = cache.get(workspaceId);
  if (cached && cached.key === key) return cached;
  const prepared = prepareRules(workspaceId, key, rules);
  cache.set(workspaceId, prepared);
  return prepared;
}

/** A rule's matcher by id and revision: a new revision is read again, an unchanged rule never. */
const matchers = new Map<string, ReturnType<typeof matcherOf>>();

function matcherFor(rule: Rule): ReturnType<typeof matcherOf> {
  const key = `${rule.id}:${rule.revision}:${rule.cedar.length}`;
  if (!matchers.has(key)) {
    // Bounded: old revisions are never asked for again, and a cleared entry is only read again.
    if (matchers.size >= 50_000) matchers.clear();
    matchers.set(key, matcherOf(rule.cedar));
  }
  return matchers.get(key)!;
}

function prepareRules(workspaceId: string, key: string, rules: readonly Rule[]): PreparedRules {
  const before = cache.get(workspaceId);
  const groups = new Map<string, Rule[]>();
  for (const rule of rules) {
    if (rule.mode === 'off') continue;
    const bucket = ruleBucket(rule);
    groups.set(bucket, [...(groups.get(bucket) ?? []), rule]);
  }
  const sets = new Map<string, PreparedSet>();
  const broken = new Map<string, string[]>();
  for (const [bucket, members] of groups) {
    const content = rulesKey(members);
    const kept = before?.sets.get(bucket);
    // A bucket whose rules did not change keeps its parsed set: one saved rule reparses one bucket.
    if (kept && kept.content === content && !before?.broken.has(bucket)) {
      sets.set(bucket, kept);
      continue;
    }
    const parsed: Record<string, NonNullable<ReturnType<typeof matcherOf>>> = {};
    for (const rule of members) {
      const matcher = matcherFor(rule);
      if (matcher) parsed[rule.id] = matcher;
      else broken.set(bucket, [...(broken.get(bucket) ?? []), rule.id]);
    }
    const ruleIds = Object.keys(parsed);
    if (ruleIds.length === 0) continue;
    // One id per bucket, so parsing it again replaces what Cedar held for it.
    const setId = `${workspaceId}/${bucket}`;
    if (prepare(setId, parsed)) broken.set(bucket, [...(broken.get(bucket) ?? []), ...ruleIds]);
    else sets.set(bucket, { setId, ruleIds, content });
  }
  return { key, sets, byId: new Map(rules.map((rule) => [rule.id, rule])), broken };
}
