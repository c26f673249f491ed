/** `/api/v1/delegations` (declared in domain/routes/delegations.ts; issue 41 item 5). */
import { createDelegation, endDelegation, listDelegations } from '../../db/delegations';
import type { Pool } from '../../db/pool';
import { holds } from '../../domain/permissions';
import type { Principal } from '../../domain/principal';
import type { delegationRoutes } from '../../domain/routes/delegations';
import { type Handlers } from '../mount-routes';

const isAdmin = (principal: Principal) => principal.kind === 'person' && holds(principal.role, 'member.manage');

export function delegationHandlers(deps: { pool: Pool }): Handlers<typeof delegationRoutes> {
  return {
    listDelegations: async (_input, { principal }) => ({ delegations: await listDelegations(deps.pool, principal.workspaceId) }),
    createDelegation: async ({ body }, { principal }) => ({
      delegation: await createDelegation(deps.pool, principal, body, isAdmin(principal)),
    }),
    endDelegation: async ({ params }, { principal }) => ({
      delegation: await endDelegation(deps.pool, principal, params.id, isAdmin(principal)),
    }),
  };
}
