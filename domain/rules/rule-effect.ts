/**
 * What a rule does when it matches (issue 42 item 2): answers the ask (approve; deny with a
 * reason the agent reads; choose option N; a fact's value), routes it to a member or team, makes
 * it need N approvers, or says outright that a person must answer it.
 */
import { z } from 'zod';
import type { AnswerValue } from '../ask-schema';
import { REASON_MAX } from '../ask';
import { MAX_APPROVERS } from '../approval-quorum';
import { AssigneeTarget } from '../assignment';
import { filledText } from '../text-fields';

export const RuleEffectKind = ['approve', 'deny', 'choose', 'fact', 'route', 'approvers', 'ask-person'] as const;
export type RuleEffectKind = (typeof RuleEffectKind)[number];

export const RuleEffect = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('approve') }),
    /** The reason is sent to the agent in words (issue 42 item 7). */
    z.strictObject({ kind: z.literal('deny'), reason: filledText(REASON_MAX) }),
    z.strictObject({ kind: z.literal('choose'), option: z.int().min(1).max(9) }),
    z.strictObject({ kind: z.literal('fact'), text: filledText(4000) }),
    z.strictObject({ kind: z.literal('route'), to: AssigneeTarget }),
    z.strictObject({ kind: z.literal('approvers'), required: z.int().min(2).max(MAX_APPROVERS) }),
    z.strictObject({ kind: z.literal('ask-person') }),
  ])
  .meta({ id: 'RuleEffect' });
export type RuleEffect = z.infer<typeof RuleEffect>;

/** The effects that answer the ask, so the machine gives the answer itself. */
export type AnswerEffect = Extract<RuleEffect, { kind: 'approve' | 'deny' | 'choose' | 'fact' }>;

/**
 * The Cedar action each effect is a policy on (cedar-schema.ts): answers, denials and "ask a
 * person" all decide whether the machine answers, so they share `answer`, where a forbid beats a
 * permit; a route and a quorum are separate questions with actions of their own.
 */
export const CedarAction = ['answer', 'route', 'require_approvers'] as const;
export type CedarAction = (typeof CedarAction)[number];

export function cedarActionOf(effect: RuleEffect): CedarAction {
  if (effect.kind === 'route') return 'route';
  if (effect.kind === 'approvers') return 'require_approvers';
  return 'answer';
}

/** Deny and "ask a person" forbid the machine's answer; every other effect permits its action. */
export function cedarEffectOf(effect: RuleEffect): 'permit' | 'forbid' {
  return effect.kind === 'deny' || effect.kind === 'ask-person' ? 'forbid' : 'permit';
}

/** Whether the effect can be given to an ask of this kind (a fact's value never answers an approval). */
export function effectFits(effect: RuleEffect, ask: { kind: string; optionCount: number }): boolean {
  switch (effect.kind) {
    case 'approve':
    case 'deny':
      return ask.kind === 'approval';
    case 'choose':
      return ask.kind === 'decision' && effect.option <= ask.optionCount;
    case 'fact':
      return ask.kind === 'fact';
    case 'approvers':
      return ask.kind === 'approval';
    default:
      return true;
  }
}

/** The answer a rule's effect gives, as a person's answer would be worded. */
export function answerOfEffect(effect: AnswerEffect): { value: AnswerValue; reason: string | null } {
  switch (effect.kind) {
    case 'approve':
      return { value: { kind: 'approval', decision: 'approve' }, reason: null };
    case 'deny':
      return { value: { kind: 'approval', decision: 'reject' }, reason: effect.reason };
    case 'choose':
      return { value: { kind: 'decision', selected: [effect.option] }, reason: null };
    case 'fact':
      return { value: { kind: 'fact', text: effect.text }, reason: null };
  }
}
