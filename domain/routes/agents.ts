/** `/api/v1/agents` and each agent's tool grants. Who an agent is and what it may call is a person's to set. */
import { z } from 'zod';
import { Agent, CreateAgentBody, UpdateAgentBody } from '../agent';
import { AddGrantBody, ToolGrant } from '../tool-grant';
import { limitQuery } from './list-limit';
import { route } from './route';

const tag = 'Agents';
const AgentParams = z.object({ id: z.string().min(1) });
const OneAgent = z.object({ agent: Agent });
const OneGrant = z.object({ grant: ToolGrant });

const createAgent = route({
  tag,
  method: 'post',
  path: '/agents',
  operationId: 'createAgent',
  summary: 'Create an agent',
  description: 'A named identity with the instructions it works from; the name is unique in the workspace.',
  body: { schema: CreateAgentBody.meta({ id: 'CreateAgentBody' }) },
  ok: { status: 201, description: 'The new agent.', schema: OneAgent },
  errors: ['agent_name_taken'],
  permission: 'agent.manage',
});

const listAgents = route({
  tag,
  method: 'get',
  path: '/agents',
  operationId: 'listAgents',
  summary: 'List agents',
  query: z.object({ limit: limitQuery(100, 500) }),
  ok: { status: 200, description: "The workspace's agents.", schema: z.object({ agents: z.array(Agent) }) },
  permission: 'workspace.read',
});

const getAgent = route({
  tag,
  method: 'get',
  path: '/agents/:id',
  operationId: 'getAgent',
  summary: 'Read an agent',
  params: AgentParams,
  ok: { status: 200, description: 'The agent.', schema: OneAgent },
  errors: ['agent_not_found'],
  permission: 'workspace.read',
});

const updateAgent = route({
  tag,
  method: 'patch',
  path: '/agents/:id',
  operationId: 'updateAgent',
  summary: 'Rename an agent or change its instructions',
  params: AgentParams,
  body: { schema: UpdateAgentBody.meta({ id: 'UpdateAgentBody' }) },
  ok: { status: 200, description: 'The agent after the change.', schema: OneAgent },
  errors: ['agent_not_found', 'agent_name_taken'],
  permission: 'agent.manage',
});

const listGrants = route({
  tag,
  method: 'get',
  path: '/agents/:id/grants',
  operationId: 'listGrants',
  summary: "List an agent's tool grants",
  params: AgentParams,
  ok: { status: 200, description: 'Its grants, oldest first.', schema: z.object({ grants: z.array(ToolGrant) }) },
  errors: ['agent_not_found'],
  permission: 'workspace.read',
});

const addGrant = route({
  tag,
  method: 'post',
  path: '/agents/:id/grants',
  operationId: 'addGrant',
  summary: 'Allow or deny a tool pattern',
  description: '`*` is any run of characters; a matching deny wins, and no match is denied. Adding a pattern again sets its effect (200).',
  params: AgentParams,
  body: { schema: AddGrantBody.meta({ id: 'AddGrantBody' }) },
  ok: [
    { status: 201, description: 'The new grant.', schema: OneGrant },
    { status: 200, description: 'The existing grant for that pattern, with this effect.', schema: OneGrant },
  ],
  errors: ['agent_not_found'],
  permission: 'agent.manage',
});

const removeGrant = route({
  tag,
  method: 'delete',
  path: '/agents/:id/grants/:grantId',
  operationId: 'removeGrant',
  summary: 'Remove a tool grant',
  params: z.object({ id: z.string().min(1), grantId: z.string().min(1) }),
  ok: { status: 204, description: 'Removed.' },
  errors: ['agent_not_found', 'grant_not_found'],
  permission: 'agent.manage',
});

export const agentRoutes = { createAgent, listAgents, getAgent, updateAgent, listGrants, addGrant, removeGrant };
