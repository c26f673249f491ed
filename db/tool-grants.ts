/**
 * An agent's tool grants, kept as rules (issue 42 item 1, migration 0045). A grant is the rule
 * "this agent may (approve) / may not (deny) call tools matching this pattern", marked with its
 * agent so the agents API lists it as a grant; the one rules engine evaluates it with every
 * other rule, at filing and for E9's access re-check (api/services/rules/tool-access.ts). A
 * pattern appears once per agent: adding it again sets its effect. A removed grant is its rule
 * switched off, never deleted, so what it answered keeps its rule.
 */
import type { Actor } from '../domain/activity';
import { DomainError, notFound } from '../domain/errors';
import type { Role } from '../domain/permissions';
import { compileRule } from '../domain/rules/compile-rule';
import type { Rule } from '../domain/rules/rule';
import type { RuleConditions } from '../domain/rules/rule-conditions';
import type { RuleEffect } from '../domain/rules/rule-effect';
import type { AddGrantBody, GrantEffect, ToolGrant } from '../domain/tool-grant';
import { recordBy } from './activity';
import { getAgent } from './agents';
import { createRule, disableRule, listGrantRules, updateRule, type RuleFields } from './rules';
import { withTransaction, type Queryable } from './pool';

/** The reason a deny grant's rule gives the agent, in words. */
export function grantDenialReason(toolPattern: string): string {
  return `This agent's tool grants deny ${toolPattern}.`;
}

/** What a grant is as a rule's fields; migration 0045 writes the same for the grants it moved. */
export function grantRuleFields(agentId: string, body: AddGrantBody): RuleFields {
  const conditions: RuleConditions = { agent: agentId, tool: { name: body.toolPattern } };
  const effect: RuleEffect = body.effect === 'allow' ? { kind: 'approve' } : { kind: 'deny', reason: grantDenialReason(body.toolPattern) };
  return {
    name: `Tool grant: ${body.toolPattern}`,
    reason: 'A tool grant, kept as a rule.',
    endsAt: null,
    mode: 'on',
    conditions,
    effect,
    cedar: compileRule(conditions, effect),
    handWritten: false,
  };
}

const effectOf = (rule: Rule): GrantEffect => (rule.effect.kind === 'approve' ? 'allow' : 'deny');

function toGrant(rule: Rule, agentId: string): ToolGrant {
  return {
    id: rule.id,
    agentId,
    toolPattern: rule.conditions.tool!.name,
    effect: effectOf(rule),
    createdBy: rule.author,
    createdAt: rule.createdAt,
  };
}

/** Every grant of the agent in force, oldest first. Throws when the agent is not here. */
export async function listGrants(db: Queryable, workspaceId: string, agentId: string): Promise<ToolGrant[]> {
  if (!(await getAgent(db, workspaceId, agentId))) throw notFound('agent');
  return (await listGrantRules(db, workspaceId, agentId)).map((rule) => toGrant(rule, agentId));
}

/**
 * Grants or denies a tool pattern; `created` says whether the grant is new (a removed one made
 * again counts as new). Re-adding the same grant changes nothing, not even the rule's revision.
 */
export async function addGrant(
  db: Queryable,
  workspaceId: string,
  agentId: string,
  body: AddGrantBody,
  author: { memberId: string; role: Role },
  actor: Actor,
): Promise<{ grant: ToolGrant; created: boolean }> {
  return withTransaction(db, async (client) => {
    // Locking the agent serialises grant changes for it, so the checks below cannot race.
    const agent = await client.query('select 1 from agents where workspace_id = $1 and id = $2 for no key update', [workspaceId, agentId]);
    if (agent.rowCount === 0) throw notFound('agent');
    const existing = (await listGrantRules(client, workspaceId, agentId, true)).find(
      (rule) => rule.conditions.tool?.name === body.toolPattern,
    );
    if (existing && existing.mode !== 'off' && effectOf(existing) === body.effect)
      return { grant: toGrant(existing, agentId), created: false };
    const fields = grantRuleFields(agentId, body);
    const rule = existing
      ? await updateRule(client, workspaceId, existing.id, fields, actor, { keepGrant: true })
      : await createRule(client, workspaceId, author, fields, actor, agentId);
    const created = !existing || existing.mode === 'off';
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'agent',
      subjectId: agentId,
      kind: created ? 'grant_added' : 'grant_changed',
      detail: { grantId: rule.id, toolPattern: body.toolPattern, effect: body.effect },
    });
    return { grant: toGrant(rule, agentId), created };
  });
}

/**
 * A grant id from before grants were rules (`gr_…`) names the rule migration 0045 made of it
 * (`ru_` + the md5 of the old id), so a client that kept one still removes it.
 */
async function ruleIdOf(db: Queryable, grantId: string): Promise<string> {
  if (!grantId.startsWith('gr_')) return grantId;
  const { rows } = await db.query<{ id: string }>(`select 'ru_' || md5($1) as id`, [grantId]);
  return rows[0]!.id;
}

export async function removeGrant(db: Queryable, workspaceId: string, agentId: string, grantId: string, actor: Actor): Promise<void> {
  await withTransaction(db, async (client) => {
    if (!(await getAgent(client, workspaceId, agentId))) throw notFound('agent');
    const id = await ruleIdOf(client, grantId);
    const rule = (await listGrantRules(client, workspaceId, agentId)).find((candidate) => candidate.id === id);
    if (!rule) throw new DomainError('grant_not_found', 'That agent has no tool grant with that id.');
    await disableRule(client, workspaceId, rule.id, actor);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'agent',
      subjectId: agentId,
      kind: 'grant_removed',
      detail: { grantId: rule.id, toolPattern: rule.conditions.tool!.name, effect: effectOf(rule) },
    });
  });
}
