/** `/api/v1/members` and `/api/v1/tokens` (declared in domain/routes/people.ts): a person's alone. */
import type { Pool } from '../../db/pool';
import { listMembers, listTokens, revokeToken } from '../../db/tenancy';
import { DomainError } from '../../domain/errors';
import type { Principal, PersonPrincipal } from '../../domain/principal';
import { peopleRoutes } from '../../domain/routes/people';
import { reply, type Handlers } from '../mount-routes';
import { addMember, createTokenFor } from '../services/people';

/** The routes are declared for people only, so the mount has already refused an agent. */
function personOf(principal: Principal): PersonPrincipal {
  if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', 'A person must manage members and tokens.');
  return principal;
}

export function peopleHandlers(deps: { pool: Pool }): Handlers<typeof peopleRoutes> {
  return {
    listMembers: async (_input, { principal }) => ({ members: await listMembers(deps.pool, principal.workspaceId) }),
    addMember: async ({ body }, { principal }) => {
      const added = await addMember(deps.pool, personOf(principal), body);
      return reply(peopleRoutes.addMember, { status: 201, body: added });
    },
    listTokens: async ({ query }, { principal }) => ({
      tokens: await listTokens(deps.pool, principal.workspaceId, { revoked: query.revoked }),
    }),
    createToken: async ({ body }, { principal }) => {
      const minted = await createTokenFor(deps.pool, personOf(principal), body);
      return reply(peopleRoutes.createToken, { status: 201, body: minted });
    },
    revokeToken: async ({ params }, { principal }) => ({
      token: await revokeToken(deps.pool, principal.workspaceId, params.id),
    }),
  };
}
