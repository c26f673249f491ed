/** `/api/v1/rules` (issue 42): standing answers, read by everyone, made by members for themselves and by admins for all. */
import { z } from 'zod';
import { CreateRuleBody, Rule, RuleHit, RuleTestResult, TestRuleBody, UpdateRuleBody } from '../rules/rule';
import { route } from './route';

const tag = 'Rules';
const ruleParams = z.object({ id: z.string().min(1) });
const one = (description: string) => ({ status: 200 as const, description, schema: z.object({ rule: Rule }) });

const listRules = route({
  tag,
  method: 'get',
  path: '/rules',
  operationId: 'listRules',
  summary: "List the workspace's rules",
  description: 'Every rule, on, shadow or off, oldest first, with its Cedar policy.',
  ok: { status: 200, description: 'The rules.', schema: z.object({ rules: z.array(Rule) }) },
  permission: 'workspace.read',
});

const createRule = route({
  tag,
  method: 'post',
  path: '/rules',
  operationId: 'createRule',
  summary: 'Make a rule',
  description:
    'Conditions and an effect, compiled to Cedar; or, for an admin, hand-written Cedar (`cedar`, one policy whose effect and action are the effect’s). Either is validated against the schema generated from Cast’s domain before it is saved: a policy Cedar refuses is 422 `rule_invalid` with the validator’s words, and nothing is saved. A member’s rule answers only what that member may answer. New rules run in shadow unless `mode` says otherwise.',
  body: { schema: CreateRuleBody },
  ok: { status: 201, description: 'The rule, at revision 1.', schema: z.object({ rule: Rule }) },
  errors: ['rule_invalid', 'assignee_not_found', 'assignee_ambiguous'],
  permission: 'rule.manage',
});

const testRule = route({
  tag,
  method: 'post',
  path: '/rules/test',
  operationId: 'testRule',
  summary: 'Try a rule on the last 30 days',
  description:
    'Runs a rule that is not saved over the workspace’s decisions of the last 30 days and lists what it would have done to each ask it matched, beside what the person answered. Nothing is saved.',
  body: { schema: TestRuleBody },
  ok: { status: 200, description: 'What it would have done.', schema: RuleTestResult },
  errors: ['rule_invalid', 'assignee_not_found', 'assignee_ambiguous'],
  permission: 'rule.manage',
});

const getRule = route({
  tag,
  method: 'get',
  path: '/rules/:id',
  operationId: 'getRule',
  summary: 'Read a rule',
  description: "Another workspace's rule reads as 404 `rule_not_found`, as a missing one does.",
  params: ruleParams,
  ok: one('The rule.'),
  errors: ['rule_not_found'],
  permission: 'workspace.read',
});

const updateRule = route({
  tag,
  method: 'patch',
  path: '/rules/:id',
  operationId: 'updateRule',
  summary: 'Change a rule',
  description:
    'Any of its fields; the policy is compiled and validated again and the revision bumped. Only its author or an admin changes it (403 `rule_not_author`).',
  params: ruleParams,
  body: { schema: UpdateRuleBody },
  ok: one('The rule at its new revision.'),
  errors: ['rule_not_found', 'rule_invalid', 'rule_not_author', 'assignee_not_found', 'assignee_ambiguous'],
  permission: 'rule.manage',
});

const disableRule = route({
  tag,
  method: 'delete',
  path: '/rules/:id',
  operationId: 'disableRule',
  summary: 'Disable a rule',
  description:
    'Turns it off at a new revision; it stays, with its hits, so the answers it gave keep naming it. Disabling twice changes nothing.',
  params: ruleParams,
  ok: one('The rule, off.'),
  errors: ['rule_not_found', 'rule_not_author'],
  permission: 'rule.manage',
});

const listRuleHits = route({
  tag,
  method: 'get',
  path: '/rules/:id/hits',
  operationId: 'listRuleHits',
  summary: "List a rule's hits",
  description: 'What it matched, live or in shadow, newest first (at most 200), each beside what the ask was answered.',
  params: ruleParams,
  ok: { status: 200, description: 'The hits.', schema: z.object({ hits: z.array(RuleHit) }) },
  errors: ['rule_not_found'],
  permission: 'workspace.read',
});

export const ruleRoutes = { listRules, createRule, testRule, getRule, updateRule, disableRule, listRuleHits };
