/**
 * E9's re-check of an access ask marked granted (issue 42 item 1: tool grants are rules): may
 * this agent call this tool now? The one rules engine answers, over every rule of the
 * workspace — the agent's tool grants, and any other rule that would approve the agent's call of
 * that tool at filing. A rule that approves it makes the access `verified`; a forbid (a deny
 * grant), no rule at all, or rules that cannot be evaluated leave it `denied`: Cast confirms
 * only what its rules say.
 */
import type { RuleAsk, RuleRequest } from '../../../domain/rules/rule-request';
import { authorsOf } from '../../../db/rule-authors';
import { listRules } from '../../../db/rules';
import type { Queryable } from '../../../db/pool';
import { evaluateRules } from '../../../rules/evaluate-rules';

export async function toolAccess(db: Queryable, workspaceId: string, agentId: string, tool: string): Promise<'verified' | 'denied'> {
  const rules = await listRules(db, workspaceId, { live: true });
  if (rules.length === 0) return 'denied';
  // The call as a permission card would file it: an approval of the tool, addressed to nobody.
  const ask: RuleAsk = {
    position: 1,
    kind: 'approval',
    optionCount: 0,
    tool: { name: tool, input: null, summary: null },
    approval: { action: 'other', risks: [] },
    assigneeKey: '',
    approvedInput: { tool },
  };
  const request: RuleRequest = {
    workspaceId,
    now: new Date().toISOString(),
    principal: { kind: 'agent', id: agentId },
    agentId,
    sessionId: null,
    project: null,
    cluster: null,
    asks: [ask],
    authors: await authorsOf(
      db,
      workspaceId,
      rules.map((rule) => rule.author),
    ),
  };
  const [outcome] = evaluateRules(rules, request);
  const verdict = outcome?.verdict;
  return verdict?.kind === 'answer' && verdict.effect.kind === 'approve' ? 'verified' : 'denied';
}
