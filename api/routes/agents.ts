/** `/api/v1/agents` and each agent's tool grants (declared in domain/routes/agents.ts). */
import { notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import {
  addGrant as addGrantRow,
  createAgent as createAgentRow,
  getAgent as getAgentRow,
  listAgents as listAgentRows,
  listGrants as listGrantRows,
  removeGrant as removeGrantRow,
  updateAgent as updateAgentRow,
} from '../../db/agents';
import type { Pool } from '../../db/pool';
import { addGrant, createAgent, getAgent, listAgents, listGrants, removeGrant, updateAgent } from '../../domain/routes/agents';
import { handle, reply, type MountedRoute } from '../mount-routes';

export function agentHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(createAgent, async ({ body }, { principal }) => {
      const agent = await createAgentRow(deps.pool, principal.workspaceId, body, actorOf(principal));
      return reply(createAgent, { status: 201, body: { agent } }, { location: `/api/v1/agents/${agent.id}` });
    }),
    handle(listAgents, async ({ query }, { principal }) => ({
      agents: await listAgentRows(deps.pool, principal.workspaceId, query),
    })),
    handle(getAgent, async ({ params }, { principal }) => {
      const agent = await getAgentRow(deps.pool, principal.workspaceId, params.id);
      if (!agent) throw notFound('agent');
      return { agent };
    }),
    handle(updateAgent, async ({ params, body }, { principal }) => ({
      agent: await updateAgentRow(deps.pool, principal.workspaceId, params.id, body, actorOf(principal)),
    })),
    handle(listGrants, async ({ params }, { principal }) => ({
      grants: await listGrantRows(deps.pool, principal.workspaceId, params.id),
    })),
    handle(addGrant, async ({ params, body }, { principal }) => {
      const { grant, created } = await addGrantRow(deps.pool, principal.workspaceId, params.id, body, actorOf(principal));
      return reply(addGrant, { status: created ? 201 : 200, body: { grant } });
    }),
    handle(removeGrant, async ({ params }, { principal }) => {
      await removeGrantRow(deps.pool, principal.workspaceId, params.id, params.grantId, actorOf(principal));
      return reply(removeGrant, { status: 204, body: undefined });
    }),
  ];
}
