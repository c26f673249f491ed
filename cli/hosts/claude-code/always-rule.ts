/**
 * "Allow, and always allow this in the project" (issue 31 item 9): the rule the PermissionRequest
 * hook hands back in `updatedPermissions`, which Claude Code writes into the project's
 * `.claude/settings.local.json` (`{"permissions":{"allow":["Bash(touch a.txt)"]}}`) and applies
 * at once, so the same call is not asked again. The rule is Claude Code's own suggestion when it
 * offered one (an `addRules` entry of `permission_suggestions`), else the exact call: Bash's
 * whole command, a file tool's path, a fetch's domain — never the whole tool.
 */
import { AlwaysAllows } from '../../../domain/host-prompt';
import type { PreToolUseInput } from './payload';
import type { PermissionUpdate } from './verdict';

type Rule = { toolName: string; ruleContent?: string };

function suggestedRules(input: PreToolUseInput): Rule[] {
  const suggestions = Array.isArray(input.permission_suggestions) ? (input.permission_suggestions as unknown[]) : [];
  return suggestions.flatMap((suggestion) => {
    const { type, rules, behavior } = (suggestion ?? {}) as { type?: unknown; rules?: unknown; behavior?: unknown };
    if (type !== 'addRules' || behavior !== 'allow' || !Array.isArray(rules)) return [];
    return rules.filter(
      (rule): rule is Rule =>
        typeof rule?.toolName === 'string' && (rule.ruleContent === undefined || typeof rule.ruleContent === 'string'),
    );
  });
}

function exactRule(input: PreToolUseInput): Rule | null {
  const field = (name: string) => (typeof input.tool_input[name] === 'string' ? (input.tool_input[name] as string) : null);
  if (input.tool_name === 'Bash') return field('command') ? { toolName: 'Bash', ruleContent: field('command')! } : null;
  if (input.tool_name === 'WebFetch') {
    const url = field('url');
    const host = url && URL.canParse(url) ? new URL(url).hostname : null;
    return host ? { toolName: 'WebFetch', ruleContent: `domain:${host}` } : null;
  }
  const path = field('file_path') ?? field('notebook_path');
  return path ? { toolName: input.tool_name, ruleContent: path } : null;
}

/**
 * The rules as Claude Code writes them in its settings (`Bash(touch a.txt)`), for the card to
 * show what "always" keeps; none (no offer) when one is past what a card names.
 */
export function alwaysAllowText(input: PreToolUseInput): string[] {
  const texts = alwaysAllow(input).flatMap(({ rules }) =>
    rules.map(({ toolName, ruleContent }) => (ruleContent ? `${toolName}(${ruleContent})` : toolName)),
  );
  // What Cast takes for a card (one to ten rules, each within its length); else the card offers no "always".
  return AlwaysAllows.safeParse(texts).success ? texts : [];
}

export function alwaysAllow(input: PreToolUseInput): PermissionUpdate[] {
  const suggested = suggestedRules(input);
  const exact = exactRule(input);
  const rules = suggested.length ? suggested : exact ? [exact] : [];
  return rules.length ? [{ type: 'addRules', rules, behavior: 'allow', destination: 'localSettings' }] : [];
}
