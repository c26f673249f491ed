/** `/api/v1/agents` and each agent's tool grants. */
import { Router } from 'express';
import { z } from 'zod';
import { CreateAgentBody, UpdateAgentBody } from '../../domain/agent';
import { AddGrantBody } from '../../domain/tool-grant';
import { memberActor } from '../../db/activity';
import { addGrant, agentNotFound, createAgent, getAgent, listAgents, listGrants, removeGrant, updateAgent } from '../../db/agents';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const ListQuery = z.object({ limit: listLimit(100, 500) });

export function agentsRouter(deps: { pool: Pool }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = parseWith(CreateAgentBody, req.body);
    const { principal } = res.locals;
    const agent = await createAgent(deps.pool, principal.workspaceId, body, memberActor(principal));
    res.status(201).location(`/api/v1/agents/${agent.id}`).json({ agent });
  });

  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    res.json({ agents: await listAgents(deps.pool, res.locals.principal.workspaceId, query) });
  });

  router.get('/:id', async (req, res) => {
    const agent = await getAgent(deps.pool, res.locals.principal.workspaceId, req.params.id);
    if (!agent) throw agentNotFound();
    res.json({ agent });
  });

  router.patch('/:id', async (req, res) => {
    const body = parseWith(UpdateAgentBody, req.body);
    const { principal } = res.locals;
    const agent = await updateAgent(deps.pool, principal.workspaceId, req.params.id, body, memberActor(principal));
    res.json({ agent });
  });

  router.get('/:id/grants', async (req, res) => {
    res.json({ grants: await listGrants(deps.pool, res.locals.principal.workspaceId, req.params.id) });
  });

  router.post('/:id/grants', async (req, res) => {
    const body = parseWith(AddGrantBody, req.body);
    const { principal } = res.locals;
    const { grant, created } = await addGrant(deps.pool, principal.workspaceId, req.params.id, body, memberActor(principal));
    res.status(created ? 201 : 200).json({ grant });
  });

  router.delete('/:id/grants/:grantId', async (req, res) => {
    const { principal } = res.locals;
    await removeGrant(deps.pool, principal.workspaceId, req.params.id, req.params.grantId, memberActor(principal));
    res.status(204).end();
  });

  return router;
}
