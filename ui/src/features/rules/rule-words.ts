/** A rule in words, as the Rules page and a decision name it: what it does, and to which asks. */
import type { TFunction } from 'i18next';
import type { RuleConditions } from '../../../../domain/rules/rule-conditions';
import type { RuleEffect } from '../../../../domain/rules/rule-effect';

export function effectWords(t: TFunction, effect: RuleEffect): string {
  switch (effect.kind) {
    case 'approve':
      return t('rules.effect.approve');
    case 'deny':
      return t('rules.effect.deny', { reason: effect.reason });
    case 'choose':
      return t('rules.effect.choose', { option: effect.option });
    case 'fact':
      return t('rules.effect.fact', { text: effect.text });
    case 'route':
      return t('rules.effect.route', { to: effect.to });
    case 'approvers':
      return t('rules.effect.approvers', { count: effect.required });
    case 'ask-person':
      return t('rules.effect.askPerson');
  }
}

/** Each condition as a phrase ("tool Bash", "command starting “npm test”"); an agent by its name when known. */
export function conditionWords(t: TFunction, conditions: RuleConditions, agentName: (id: string) => string): string[] {
  const words: string[] = [];
  if (conditions.agent) words.push(t('rules.when.agent', { agent: agentName(conditions.agent) }));
  if (conditions.project) words.push(t('rules.when.project', { project: conditions.project }));
  if (conditions.askKind) words.push(t('rules.when.askKind', { kind: t(`rules.askKinds.${conditions.askKind}`) }));
  const tool = conditions.tool;
  if (tool) {
    words.push(t('rules.when.tool', { tool: tool.name }));
    if (tool.command) words.push(t('rules.when.command', { command: tool.command }));
    if (tool.commandWords) words.push(t('rules.when.commandWords', { words: tool.commandWords }));
    if (tool.commandPrefix) words.push(t('rules.when.commandPrefix', { prefix: tool.commandPrefix }));
    if (tool.pathGlob) words.push(t('rules.when.pathGlob', { glob: tool.pathGlob }));
  }
  const approval = conditions.approval;
  if (approval?.action) words.push(t('rules.when.action', { action: approval.action }));
  if (approval?.risks?.length) words.push(t('rules.when.risks', { risks: approval.risks.join(', ') }));
  if (approval?.noRisks) words.push(t('rules.when.noRisks'));
  if (conditions.cluster) words.push(t('rules.when.cluster'));
  return words;
}
