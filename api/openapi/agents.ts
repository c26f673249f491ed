/** `/api/v1/agents` and each agent's tool grants (routes/agents.ts). */
import { z } from 'zod';
import { CreateAgentBody, UpdateAgentBody } from '../../domain/agent';
import { AddGrantBody } from '../../domain/tool-grant';
import type { ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

export function agentRoutes(docs: ApiDocs): void {
  const route = docs.resource('Agents');
  const agent = one('agent', views.Agent);

  route({
    method: 'post',
    path: '/agents',
    operationId: 'createAgent',
    summary: 'Create an agent',
    description: 'A named identity with the instructions it works from; the name is unique in the workspace.',
    body: { schema: CreateAgentBody.meta({ id: 'CreateAgentBody' }) },
    ok: { status: 201, description: 'The new agent.', schema: agent },
    errors: ['agent_name_taken'],
  });
  route({
    method: 'get',
    path: '/agents',
    operationId: 'listAgents',
    summary: 'List agents',
    query: z.object({ limit: limitParam(100, 500) }),
    ok: { status: 200, description: "The workspace's agents.", schema: many('agents', views.Agent) },
  });
  route({
    method: 'get',
    path: '/agents/:id',
    operationId: 'getAgent',
    summary: 'Read an agent',
    ok: { status: 200, description: 'The agent.', schema: agent },
    errors: ['agent_not_found'],
  });
  route({
    method: 'patch',
    path: '/agents/:id',
    operationId: 'updateAgent',
    summary: 'Rename an agent or change its instructions',
    body: { schema: UpdateAgentBody.meta({ id: 'UpdateAgentBody' }) },
    ok: { status: 200, description: 'The agent after the change.', schema: agent },
    errors: ['agent_not_found', 'agent_name_taken'],
  });
  route({
    method: 'get',
    path: '/agents/:id/grants',
    operationId: 'listGrants',
    summary: "List an agent's tool grants",
    ok: { status: 200, description: 'Its grants, oldest first.', schema: many('grants', views.ToolGrant) },
    errors: ['agent_not_found'],
  });
  route({
    method: 'post',
    path: '/agents/:id/grants',
    operationId: 'addGrant',
    summary: 'Allow or deny a tool pattern',
    description: '`*` is any run of characters; a matching deny wins, and no match is denied. Adding a pattern again sets its effect (200).',
    body: { schema: AddGrantBody.meta({ id: 'AddGrantBody' }) },
    ok: [
      { status: 201, description: 'The new grant.', schema: one('grant', views.ToolGrant) },
      { status: 200, description: 'The existing grant for that pattern, with this effect.', schema: one('grant', views.ToolGrant) },
    ],
    errors: ['agent_not_found'],
  });
  route({
    method: 'delete',
    path: '/agents/:id/grants/:grantId',
    operationId: 'removeGrant',
    summary: 'Remove a tool grant',
    ok: { status: 204, description: 'Removed.' },
    errors: ['agent_not_found', 'grant_not_found'],
  });
}
