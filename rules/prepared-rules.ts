/**
 * A workspace's rules, parsed by Cedar once per set of revisions (issue 42: evaluation in well
 * under a millisecond with 1,000 rules). Cedar evaluates every policy of a set it is handed, so
 * the rules are split into small sets it can skip: by mode (shadow rules never mix with live
 * ones), by action, by effect (a set of permits alone reports every permit that matched; one of
 * forbids, every forbid), and by the exact tool name a rule names, so a Bash prompt is never
 * evaluated against the rules about Write.
 */
import type { Rule } from '../domain/rules/rule';
import { cedarActionOf, cedarEffectOf, type CedarAction } from '../domain/rules/rule-effect';
import { prepare } from './cedar-engine';

/** Rules that name no exact tool (a glob, or no tool at all), and hand-written ones: tried for every ask. */
export const ANY_TOOL = '*';

export type PreparedSet = {
  setId: string;
  mode: 'on' | 'shadow';
  action: CedarAction;
  polarity: 'permit' | 'forbid';
  /** The exact tool name its rules need, or ANY_TOOL. */
  tool: string;
  ruleIds: readonly string[];
};

export type PreparedRules = {
  key: string;
  sets: readonly PreparedSet[];
  byId: ReadonlyMap<string, Rule>;
  /** Rules Cedar could not parse (stored before a schema change, or damaged): they fail every ask they could concern. */
  broken: ReadonlyMap<string, { tool: string; message: string }>;
};

function toolOf(rule: Rule): string {
  const name = rule.conditions.tool?.name;
  return !rule.handWritten && name && !name.includes('*') ? name : ANY_TOOL;
}

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

function prepareRules(workspaceId: string, key: string, rules: readonly Rule[]): PreparedRules {
  const groups = new Map<string, { set: Omit<PreparedSet, 'setId' | 'ruleIds'>; rules: Rule[] }>();
  for (const rule of rules) {
    if (rule.mode === 'off') continue;
    const set = { mode: rule.mode, action: cedarActionOf(rule.effect), polarity: cedarEffectOf(rule.effect), tool: toolOf(rule) };
    const groupKey = `${set.mode}|${set.action}|${set.polarity}|${set.tool}`;
    const group = groups.get(groupKey) ?? { set, rules: [] };
    group.rules.push(rule);
    groups.set(groupKey, group);
  }
  const sets: PreparedSet[] = [];
  const broken = new Map<string, { tool: string; message: string }>();
  let counter = 0;
  const add = (set: Omit<PreparedSet, 'setId' | 'ruleIds'>, members: readonly Rule[]): boolean => {
    const setId = `${workspaceId}/${counter++}`;
    const problem = prepare(setId, Object.fromEntries(members.map((rule) => [rule.id, rule.cedar])));
    if (problem) return false;
    sets.push({ ...set, setId, ruleIds: members.map((rule) => rule.id) });
    return true;
  };
  for (const { set, rules: members } of groups.values()) {
    if (add(set, members)) continue;
    // One damaged policy must not silence the rest of its set: find it by parsing each alone.
    for (const rule of members) {
      if (!add(set, [rule])) broken.set(rule.id, { tool: set.tool, message: 'Cedar could not parse this rule.' });
    }
  }
  return { key, sets, byId: new Map(rules.map((rule) => [rule.id, rule])), broken };
}
