/** `/api/v1/agents/:id/grants`: what each agent may call (domain/tool-grant.ts). */
import { agentRoutes } from '../../../domain/routes/agents';
import type { GrantEffect } from '../../../domain/tool-grant';
import { call } from './call';

export const listGrants = (agentId: string) => call(agentRoutes.listGrants, { params: { id: agentId } }).then((body) => body.grants);
export const addGrant = (agentId: string, toolPattern: string, effect: GrantEffect) =>
  call(agentRoutes.addGrant, { params: { id: agentId }, body: { toolPattern, effect } }).then((body) => body.grant);
export const removeGrant = (agentId: string, grantId: string) => call(agentRoutes.removeGrant, { params: { id: agentId, grantId } });
