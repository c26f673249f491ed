/** Rules and requests for the engine's tests: a rule as the store would hand it, a one-ask filing. */
import type { ForMe } from '../../../domain/assignment';
import { compileRule } from '../../../domain/rules/compile-rule';
import type { Rule } from '../../../domain/rules/rule';
import type { RuleConditions } from '../../../domain/rules/rule-conditions';
import type { RuleEffect } from '../../../domain/rules/rule-effect';
import type { RuleAsk, RuleRequest } from '../../../domain/rules/rule-request';

let serial = 0;

export function ruleOf(
  effect: RuleEffect,
  conditions: RuleConditions = {},
  extra: Partial<Omit<Rule, 'effect' | 'conditions'>> = {},
): Rule {
  serial += 1;
  const id = `ru_${serial.toString(16).padStart(32, '0')}`;
  return {
    id,
    name: `rule ${serial}`,
    author: 'mb_admin',
    authorRole: 'admin',
    reason: 'because',
    endsAt: null,
    revision: 1,
    mode: 'on',
    conditions,
    effect,
    cedar: compileRule(conditions, effect),
    handWritten: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, serial % 60, serial)).toISOString(),
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const ADMIN: ForMe = { keys: ['mb_admin', ''], covers: [], policy: 'assignees', role: 'admin' };
export const DANA: ForMe = { keys: ['mb_dana', ''], covers: [], policy: 'assignees', role: 'member' };

export function bashAsk(command: string, extra: Partial<RuleAsk> = {}): RuleAsk {
  return {
    position: 1,
    kind: 'approval',
    optionCount: 0,
    tool: { name: 'Bash', input: { command }, summary: command },
    approval: { action: 'other', risks: [] },
    assigneeKey: '',
    approvedInput: { command },
    ...extra,
  };
}

export function requestOf(asks: RuleAsk[], extra: Partial<RuleRequest> = {}): RuleRequest {
  return {
    workspaceId: 'ws_test',
    now: '2026-06-01T00:00:00.000Z',
    principal: { kind: 'agent', id: 'ag_builder' },
    agentId: 'ag_builder',
    sessionId: 'ses_1',
    project: '/work/app',
    cluster: null,
    asks,
    authors: { mb_admin: ADMIN, mb_dana: DANA },
    ...extra,
  };
}
