/**
 * The simple rules people make (conditions + effect) as Cedar policy text (issue 42 item 3): a
 * permit for an answer, a route or a quorum, a forbid for a denial or "ask a person", with one
 * `when` clause AND-ing the conditions. A Bash prefix and a path glob become Cedar `like`
 * patterns, where `*` is any run of characters; every optional attribute is guarded with `has`,
 * as the validator demands.
 */
import type { RuleConditions } from './rule-conditions';
import { cedarActionOf, cedarEffectOf, type RuleEffect } from './rule-effect';

/** A Cedar string literal: quotes and backslashes escaped, control characters as `\u{…}`. */
export function cedarString(text: string): string {
  return `"${escape(text, false)}"`;
}

/** A Cedar `like` pattern: `*` stays a wildcard when `glob`, else it is a literal star. */
function likePattern(text: string, glob: boolean): string {
  return `"${escape(text, glob)}"`;
}

function escape(text: string, keepStars: boolean): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\' || char === '"') out += `\\${char}`;
    else if (char === '*' && !keepStars) out += '\\*';
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += char;
  }
  return out;
}

const has = (attribute: string, test: string) => `(resource has ${attribute} && ${test})`;

/**
 * Each condition as one Cedar expression over `resource`, in a fixed order. A permit on a
 * command's prefix or leading words also needs the command to be simple: `npm test && curl …`
 * starts with `npm test`, and approving the one must not approve the other. A forbid needs no
 * such guard: it should catch `rm -rf` wherever it sits.
 */
export function conditionClauses(conditions: RuleConditions, polarity: 'permit' | 'forbid' = 'forbid'): string[] {
  const clauses: string[] = [];
  if (conditions.agent !== undefined) clauses.push(has('agent', `resource.agent == Agent::${cedarString(conditions.agent)}`));
  if (conditions.project !== undefined) clauses.push(has('project', `resource.project == ${cedarString(conditions.project)}`));
  if (conditions.askKind !== undefined) clauses.push(`resource.kind == AskKind::${cedarString(conditions.askKind)}`);
  const tool = conditions.tool;
  if (tool) {
    // A tool name is letters, digits, _ . : - and `*` (tool-grant.ts): the same glob as a grant's.
    clauses.push(has('toolName', `resource.toolName like ${likePattern(tool.name, true)}`));
    if (tool.commandWords !== undefined) clauses.push(has('commandWords', `resource.commandWords == ${cedarString(tool.commandWords)}`));
    if (tool.command !== undefined) clauses.push(has('command', `resource.command == ${cedarString(tool.command)}`));
    if (tool.commandPrefix !== undefined)
      clauses.push(has('command', `resource.command like ${likePattern(tool.commandPrefix, false).replace(/"$/, '*"')}`));
    if (polarity === 'permit' && (tool.commandPrefix !== undefined || tool.commandWords !== undefined))
      clauses.push(has('compound', '!resource.compound'));
    if (tool.pathGlob !== undefined) clauses.push(has('path', `resource.path like ${likePattern(tool.pathGlob, true)}`));
  }
  const approval = conditions.approval;
  if (approval) {
    if (approval.action !== undefined)
      clauses.push(has('approvalAction', `resource.approvalAction == ApprovalAction::${cedarString(approval.action)}`));
    if (approval.risks && approval.risks.length > 0)
      clauses.push(`resource.risks.containsAll([${approval.risks.map(cedarString).join(', ')}])`);
    if (approval.noRisks) clauses.push('resource.risks.isEmpty()');
  }
  if (conditions.cluster !== undefined) clauses.push(has('cluster', `resource.cluster == ${cedarString(conditions.cluster)}`));
  return clauses;
}

/** The one policy a simple rule is. */
export function compileRule(conditions: RuleConditions, effect: RuleEffect): string {
  const head = `${cedarEffectOf(effect)} (principal, action == Action::"${cedarActionOf(effect)}", resource is Ask)`;
  const clauses = conditionClauses(conditions, cedarEffectOf(effect));
  return clauses.length === 0 ? `${head};` : `${head}\nwhen {\n  ${clauses.join(' &&\n  ')}\n};`;
}
