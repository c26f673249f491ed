/** `/api/v1/rules` (issue 42): the workspace's rules, their hits, and a rule tried before it is saved. */
import type { CreateRuleBody, TestRuleBody, UpdateRuleBody } from '../../../domain/rules/rule';
import { ruleRoutes } from '../../../domain/routes/rules';
import { call } from './call';

export const listRules = () => call(ruleRoutes.listRules, {}).then((body) => body.rules);
export const createRule = (body: CreateRuleBody) => call(ruleRoutes.createRule, { body }).then((answer) => answer.rule);
export const updateRule = ({ id, change }: { id: string; change: UpdateRuleBody }) =>
  call(ruleRoutes.updateRule, { params: { id }, body: change }).then((body) => body.rule);
export const disableRule = (id: string) => call(ruleRoutes.disableRule, { params: { id } }).then((body) => body.rule);
export const listRuleHits = (id: string) => call(ruleRoutes.listRuleHits, { params: { id } }).then((body) => body.hits);
export const testRule = (body: TestRuleBody) => call(ruleRoutes.testRule, { body });
