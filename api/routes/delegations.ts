/** `/api/v1/delegations` (declared in domain/routes/delegations.ts; issue 41 item 5). */
import { createDelegation, endDelegation, listDelegations } from '../../db/delegations';
import type { Pool } from '../../db/pool';
import type { delegationRoutes } from '../../domain/routes/delegations';
import { type Handlers } from '../mount-routes';

export function delegationHandlers(deps: { pool: Pool }): Handlers<typeof delegationRoutes> {
  return {
    listDelegations: async (_input, { principal }) => ({ delegations: await listDelegations(deps.pool, principal.workspaceId) }),
    createDelegation: async ({ body }, { principal }) => ({
      delegation: await createDelegation(deps.pool, principal, body),
    }),
    endDelegation: async ({ params }, { principal }) => ({
      delegation: await endDelegation(deps.pool, principal, params.id),
    }),
  };
}
