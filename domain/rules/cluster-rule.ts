/**
 * "Make this a rule" (issue 42 item 4): a recurring decision ("Asked 5 times") offers a rule
 * prefilled from the answers given — the same agent asking the same question (its cluster), or
 * a host's same kind of call (its tool and input pattern, as the queue clusters them), answered
 * as it was answered last. The person reviews it on the Rules page, tries it on the last 30 days,
 * and saves it (in shadow first); nothing is saved from here.
 */
import type { AnswerValue } from '../ask-schema';
import type { RuleConditions } from './rule-conditions';
import type { RuleEffect } from './rule-effect';

export type ClusterRule = { name: string; reason: string; conditions: RuleConditions; effect: RuleEffect };

const NAME_MAX = 100;

/** The effect that gives the latest answer again; null when no rule can (several options, an access grant, an action). */
function effectOf(answer: { value: AnswerValue; reason: string | null }): RuleEffect | null {
  const { value } = answer;
  if (value.kind === 'approval')
    return value.decision === 'approve'
      ? { kind: 'approve' }
      : { kind: 'deny', reason: answer.reason ?? 'Rejected, as it was the last time it was asked.' };
  if (value.kind === 'decision') return value.selected.length === 1 ? { kind: 'choose', option: value.selected[0]! } : null;
  if (value.kind === 'fact') return { kind: 'fact', text: value.text };
  return null;
}

export function clusterRule(input: {
  question: string;
  count: number;
  agentId: string;
  /** The decision's recurring fingerprint (recurring.ts). */
  fingerprint: string;
  /** A host's permission prompt: its tool and input pattern, as the queue clusters it. */
  permission: { tool: string; pattern: string | null } | null;
  /** The latest answer to the cluster's first ask, and that ask's kind. */
  latest: { kind: string; answer: { value: AnswerValue; reason: string | null } } | null;
}): ClusterRule | null {
  if (!input.latest) return null;
  const effect = effectOf(input.latest.answer);
  if (!effect) return null;
  const { permission } = input;
  let conditions: RuleConditions;
  if (permission) {
    const { tool, pattern } = permission;
    if (tool === 'WebFetch') return null;
    const detail = tool === 'Bash' && pattern ? { commandWords: pattern } : pattern && tool !== 'Bash' ? { pathGlob: `${pattern}/*` } : {};
    conditions = { agent: input.agentId, askKind: 'approval', tool: { name: tool, ...detail } };
  } else {
    conditions = { agent: input.agentId, askKind: input.latest.kind as RuleConditions['askKind'], cluster: input.fingerprint };
  }
  const name = `Answer “${input.question}”`;
  return {
    name: name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 2)}…”`,
    reason: `Asked ${input.count} times in 14 days; made from the latest answer.`,
    conditions,
    effect,
  };
}
