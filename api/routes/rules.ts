/** `/api/v1/rules` (declared in domain/routes/rules.ts): the mount has checked each route's permission. */
import { describeAnswer } from '../../domain/ask';
import type { AnswerValue, Ask } from '../../domain/ask-schema';
import { DomainError, notFound } from '../../domain/errors';
import { actorOf, type Principal, type PersonPrincipal } from '../../domain/principal';
import { ruleRoutes } from '../../domain/routes/rules';
import type { Pool } from '../../db/pool';
import { createRule, disableRule, getRule, hitsOf, listRules, updateRule } from '../../db/rules';
import { reply, type Handlers } from '../mount-routes';
import { checkedFields, refuseUnlessAuthor } from '../services/rules/rule-fields';
import { testRule } from '../services/rules/test-rule';

/** `rule.manage` is a person's alone (agents never hold it), so the mount has let only people through. */
function personOf(principal: Principal): PersonPrincipal {
  if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', 'A person manages rules; agent tokens cannot.');
  return principal;
}

export function ruleHandlers(deps: { pool: Pool }): Handlers<typeof ruleRoutes> {
  const found = async (workspaceId: string, id: string) => {
    const rule = await getRule(deps.pool, workspaceId, id);
    if (!rule) throw notFound('rule');
    return rule;
  };
  return {
    listRules: async (_input, { principal }) => ({ rules: await listRules(deps.pool, principal.workspaceId) }),
    createRule: async ({ body }, { principal }) => {
      const me = personOf(principal);
      const fields = await checkedFields(deps.pool, me, { ...body, cedar: body.cedar ?? null });
      const rule = await createRule(deps.pool, me.workspaceId, { memberId: me.memberId, role: me.role }, fields, actorOf(me));
      return reply(ruleRoutes.createRule, { status: 201, body: { rule } });
    },
    testRule: async ({ body }, { principal }) => {
      const me = personOf(principal);
      const fields = await checkedFields(deps.pool, me, { ...body, cedar: body.cedar ?? null, mode: 'on', endsAt: null });
      return testRule(deps.pool, me, fields);
    },
    getRule: async ({ params }, { principal }) => ({ rule: await found(principal.workspaceId, params.id) }),
    updateRule: async ({ params, body }, { principal }) => {
      const me = personOf(principal);
      const before = await found(me.workspaceId, params.id);
      refuseUnlessAuthor(me, before);
      const cedar = body.cedar === undefined ? (before.handWritten ? before.cedar : null) : body.cedar;
      const fields = await checkedFields(deps.pool, me, {
        name: body.name ?? before.name,
        reason: body.reason ?? before.reason,
        mode: body.mode ?? before.mode,
        endsAt: body.endsAt === undefined ? before.endsAt : body.endsAt,
        conditions: body.conditions ?? (cedar === null ? before.conditions : {}),
        effect: body.effect ?? before.effect,
        cedar,
      });
      return { rule: await updateRule(deps.pool, me.workspaceId, params.id, fields, actorOf(me)) };
    },
    disableRule: async ({ params }, { principal }) => {
      const me = personOf(principal);
      refuseUnlessAuthor(me, await found(me.workspaceId, params.id));
      return { rule: await disableRule(deps.pool, me.workspaceId, params.id, actorOf(me)) };
    },
    listRuleHits: async ({ params }, { principal }) => ({
      hits: await hitsOf(deps.pool, principal.workspaceId, params.id, (ask, value) => describeAnswer(ask as Ask, value as AnswerValue)),
    }),
  };
}
