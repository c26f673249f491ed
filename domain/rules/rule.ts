/**
 * A rule (issue 42; DESIGN §11 "One home for automatic answers"): a standing answer or route
 * that a person, or an admin for everyone, saves once so the same ask stops reaching the queue.
 * Not a stack's "policy" (its due date and auto-default): one word, one meaning (docs/glossary.md).
 *
 * Every rule is held as Cedar policy text: the simple rules people make compile to it
 * (compile-rule.ts); an admin may write it by hand. Either way it is validated against the
 * schema generated from `domain/` (cedar-schema.ts) before it is saved.
 */
import { z } from 'zod';
import { ROLES } from '../permissions';
import { someFields } from '../some-fields';
import { filledText } from '../text-fields';
import { RuleConditions } from './rule-conditions';
import { RuleEffect } from './rule-effect';

/** `on` answers; `shadow` answers nothing and records what it would have answered; `off` never matches. */
export const RuleMode = ['on', 'shadow', 'off'] as const;
export type RuleMode = (typeof RuleMode)[number];

export const RuleId = z.string().regex(/^ru_[0-9a-f]{32}$/);
export type RuleId = z.infer<typeof RuleId>;

/** Hand-written Cedar: one policy, at most this many characters. */
export const CEDAR_TEXT_MAX = 10_000;

export const Rule = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The member who saved it, and their role then: an admin's (or owner's) rule beats a member's. */
    author: z.string(),
    authorRole: z.enum(ROLES),
    reason: z.string(),
    /** Past this moment the rule never matches. */
    endsAt: z.iso.datetime().nullable(),
    /** Bumped by every change; an automatic answer names the revision that gave it. */
    revision: z.int().min(1),
    mode: z.enum(RuleMode),
    conditions: RuleConditions,
    effect: RuleEffect,
    /** The policy Cedar evaluates: compiled from the conditions, or written by an admin. */
    cedar: z.string(),
    handWritten: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Rule' });
export type Rule = z.infer<typeof Rule>;

const RuleName = filledText(100);
const RuleReason = filledText(1000);
/** Hand-written Cedar (admins only): its `when` holds the conditions, so `conditions` is then left out. */
const CedarText = filledText(CEDAR_TEXT_MAX);

export const CreateRuleBody = z
  .strictObject({
    name: RuleName,
    reason: RuleReason,
    /** Shadow first, unless said: it records what it would have answered and answers nothing. */
    mode: z.enum(RuleMode).default('shadow'),
    endsAt: z.iso.datetime().nullable().default(null),
    conditions: RuleConditions.default({}),
    effect: RuleEffect,
    cedar: CedarText.optional(),
  })
  .meta({ id: 'CreateRuleBody' });
export type CreateRuleBody = z.infer<typeof CreateRuleBody>;

export const UpdateRuleBody = someFields(
  z.strictObject({
    name: RuleName.optional(),
    reason: RuleReason.optional(),
    mode: z.enum(RuleMode).optional(),
    endsAt: z.iso.datetime().nullable().optional(),
    conditions: RuleConditions.optional(),
    effect: RuleEffect.optional(),
    /** Null: back to a rule compiled from its conditions. */
    cedar: CedarText.nullable().optional(),
  }),
  'Say what to change: name, reason, mode, endsAt, conditions, effect or cedar.',
).meta({ id: 'UpdateRuleBody' });
export type UpdateRuleBody = z.infer<typeof UpdateRuleBody>;

/** One shadow (or live) match on record, beside what the person actually answered. */
export const RuleHit = z
  .object({
    ruleId: z.string(),
    revision: z.int().min(1),
    decisionId: z.string(),
    position: z.int().min(1),
    effect: RuleEffect,
    shadow: z.boolean(),
    inputDigest: z.string(),
    at: z.iso.datetime(),
    /** What the ask's answer was, as words ("Approved", "Option 2"), or null while unanswered. */
    answered: z.string().nullable(),
    /** Who answered: a member's id, or `rule:ru_…`; null while unanswered. */
    answeredBy: z.string().nullable(),
  })
  .meta({ id: 'RuleHit' });
export type RuleHit = z.infer<typeof RuleHit>;

/** `POST /rules/test`: a rule not yet saved, run over the workspace's last 30 days of decisions. */
export const TestRuleBody = CreateRuleBody.omit({ mode: true, endsAt: true }).meta({ id: 'TestRuleBody' });
export type TestRuleBody = z.infer<typeof TestRuleBody>;

export const TEST_WINDOW_DAYS = 30;

export const RuleTestMatch = z
  .object({
    decisionId: z.string(),
    position: z.int().min(1),
    question: z.string(),
    /** What the rule would have done, and what the person did. */
    effect: RuleEffect,
    answered: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'RuleTestMatch' });
export type RuleTestMatch = z.infer<typeof RuleTestMatch>;

export const RuleTestResult = z
  .object({
    /** How many asks of the window the rule was tried on, and what it would have done to each it matched (newest first). */
    considered: z.int().min(0),
    matches: z.array(RuleTestMatch),
  })
  .meta({ id: 'RuleTestResult' });
export type RuleTestResult = z.infer<typeof RuleTestResult>;
