/** `/api/v1/agents` and each agent's tool grants (declared in domain/routes/agents.ts). */
import { DomainError, notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import { createAgent, getAgent, listAgents, updateAgent } from '../../db/agents';
import { addGrant, listGrants, removeGrant } from '../../db/tool-grants';
import type { Pool } from '../../db/pool';
import { agentRoutes } from '../../domain/routes/agents';
import { reply, type Handlers } from '../mount-routes';

export function agentHandlers(deps: { pool: Pool }): Handlers<typeof agentRoutes> {
  return {
    createAgent: async ({ body }, { principal }) => {
      const agent = await createAgent(deps.pool, principal.workspaceId, body, actorOf(principal));
      return reply(agentRoutes.createAgent, { status: 201, body: { agent } }, { location: `/api/v1/agents/${agent.id}` });
    },
    listAgents: async ({ query }, { principal }) => ({
      agents: await listAgents(deps.pool, principal.workspaceId, query),
    }),
    getAgent: async ({ params }, { principal }) => {
      const agent = await getAgent(deps.pool, principal.workspaceId, params.id);
      if (!agent) throw notFound('agent');
      return { agent };
    },
    updateAgent: async ({ params, body }, { principal }) => ({
      agent: await updateAgent(deps.pool, principal.workspaceId, params.id, body, actorOf(principal)),
    }),
    listGrants: async ({ params }, { principal }) => ({
      grants: await listGrants(deps.pool, principal.workspaceId, params.id),
    }),
    addGrant: async ({ params, body }, { principal }) => {
      // A grant is a rule, and a rule has a person as its author: agents never hold agent.manage.
      if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', "A person manages an agent's tool grants.");
      const author = { memberId: principal.memberId, role: principal.role };
      const { grant, created } = await addGrant(deps.pool, principal.workspaceId, params.id, body, author, actorOf(principal));
      return reply(agentRoutes.addGrant, { status: created ? 201 : 200, body: { grant } });
    },
    removeGrant: async ({ params }, { principal }) => {
      await removeGrant(deps.pool, principal.workspaceId, params.id, params.grantId, actorOf(principal));
      return reply(agentRoutes.removeGrant, { status: 204, body: undefined });
    },
  };
}
