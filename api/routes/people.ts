/** `/api/v1/members` and `/api/v1/tokens` (declared in domain/routes/people.ts): the mount has checked each route's permission. */
import type { Pool } from '../../db/pool';
import { setMemberTimeZone } from '../../db/members';
import { getMember, listMembers, listTokens } from '../../db/tenancy';
import { may } from '../../domain/authorize';
import { DomainError, notFound } from '../../domain/errors';
import type { Principal, PersonPrincipal } from '../../domain/principal';
import { peopleRoutes } from '../../domain/routes/people';
import { reply, type Handlers } from '../mount-routes';
import { addMember, changeRole, createTokenFor, removeMember, revokeTokenOf } from '../services/people';

/** No agent holds these routes' permissions, so the mount has already refused one. */
function personOf(principal: Principal): PersonPrincipal {
  if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', 'A person must manage members and tokens.');
  return principal;
}

export function peopleHandlers(deps: { pool: Pool }): Handlers<typeof peopleRoutes> {
  return {
    listMembers: async ({ query }, { principal }) => ({
      members: await listMembers(deps.pool, principal.workspaceId, { removed: query.removed }),
    }),
    addMember: async ({ body }, { principal }) => {
      const added = await addMember(deps.pool, personOf(principal), body);
      return reply(peopleRoutes.addMember, { status: 201, body: added });
    },
    getProfile: async (_input, { principal }) => {
      const member = await getMember(deps.pool, principal.workspaceId, personOf(principal).memberId);
      if (!member) throw notFound('member');
      return { member };
    },
    changeProfile: async ({ body }, { principal }) => ({
      member: await setMemberTimeZone(deps.pool, principal.workspaceId, personOf(principal).memberId, body.timeZone),
    }),
    changeMember: async ({ params, body }, { principal }) => ({
      member: await changeRole(deps.pool, personOf(principal), params.id, body.role),
    }),
    removeMember: async ({ params }, { principal }) => ({ member: await removeMember(deps.pool, personOf(principal), params.id) }),
    listTokens: async ({ query }, { principal }) => ({
      tokens: await listTokens(deps.pool, principal.workspaceId, {
        revoked: query.revoked,
        // Without token.manage, a person sees their own tokens and those they minted for agents.
        ...(may(principal, 'token.manage') ? {} : { member: principal.memberId }),
      }),
    }),
    createToken: async ({ body }, { principal }) => {
      const minted = await createTokenFor(deps.pool, personOf(principal), body);
      return reply(peopleRoutes.createToken, { status: 201, body: minted });
    },
    revokeToken: async ({ params }, { principal }) => ({ token: await revokeTokenOf(deps.pool, personOf(principal), params.id) }),
  };
}
