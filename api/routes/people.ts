/** `/api/v1/members` and `/api/v1/tokens` (declared in domain/routes/people.ts): a person's alone. */
import type { Pool } from '../../db/pool';
import { listMembers as listMemberRows, listTokens as listTokenRows, revokeToken as revokeTokenRow } from '../../db/tenancy';
import { DomainError } from '../../domain/errors';
import type { Principal, PersonPrincipal } from '../../domain/principal';
import { addMember, createToken, listMembers, listTokens, revokeToken } from '../../domain/routes/people';
import { handle, reply, type MountedRoute } from '../mount-routes';
import { addMember as add, createTokenFor } from '../services/people';

/** The routes are declared for people only, so the mount has already refused an agent. */
function personOf(principal: Principal): PersonPrincipal {
  if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', 'A person must manage members and tokens.');
  return principal;
}

export function peopleHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(listMembers, async (_input, { principal }) => ({ members: await listMemberRows(deps.pool, principal.workspaceId) })),
    handle(addMember, async ({ body }, { principal }) => {
      const added = await add(deps.pool, personOf(principal), body);
      return reply(addMember, { status: 201, body: added });
    }),
    handle(listTokens, async ({ query }, { principal }) => ({
      tokens: await listTokenRows(deps.pool, principal.workspaceId, { revoked: query.revoked }),
    })),
    handle(createToken, async ({ body }, { principal }) => {
      const minted = await createTokenFor(deps.pool, personOf(principal), body);
      return reply(createToken, { status: 201, body: minted });
    }),
    handle(revokeToken, async ({ params }, { principal }) => ({
      token: await revokeTokenRow(deps.pool, principal.workspaceId, params.id),
    })),
  ];
}
