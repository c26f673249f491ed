/** `/api/v1/agents`: the workspace's agents, one agent, and its instructions. */
import { agentRoutes } from '../../../domain/routes/agents';
import { call } from './call';

/** Every agent (up to 500): enough to put a name to each id on a page. */
export const listAgents = () => call(agentRoutes.listAgents, { query: { limit: 500 } }).then((body) => body.agents);
export const readAgent = (id: string) => call(agentRoutes.getAgent, { params: { id } }).then((body) => body.agent);
export const saveInstructions = (id: string, instructions: string) =>
  call(agentRoutes.updateAgent, { params: { id }, body: { instructions } }).then((body) => body.agent);
