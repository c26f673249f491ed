/** `/api/v1/members/:id/sign-in` (declared in domain/routes/sign-in.ts): the mount has checked `member.manage`. */
import type { Pool } from '../../db/pool';
import { readMemberSignIn, setMemberSignIn } from '../../db/oidc-sign-in';
import { getMember } from '../../db/tenancy';
import { requirePermission } from '../../domain/authorize';
import { notFound } from '../../domain/errors';
import { ELEVATED_ROLES } from '../../domain/permissions';
import { actorOf, type Principal } from '../../domain/principal';
import type { signInRoutes } from '../../domain/routes/sign-in';
import type { Handlers } from '../mount-routes';

/** Who signs in as an owner or an admin is an owner's to say, as their role is. */
async function guardElevated(pool: Pool, principal: Principal, memberId: string): Promise<void> {
  const member = await getMember(pool, principal.workspaceId, memberId);
  if (!member) throw notFound('member');
  if (ELEVATED_ROLES.includes(member.role)) requirePermission(principal, 'owner.manage', `Invite an ${member.role} to sign in`);
}

export function memberSignInHandlers(deps: { pool: Pool }): Handlers<typeof signInRoutes> {
  return {
    getMemberSignIn: async ({ params }, { principal }) => {
      const signIn = await readMemberSignIn(deps.pool, principal.workspaceId, params.id);
      if (!signIn) throw notFound('member');
      return { signIn };
    },
    inviteMemberSignIn: async ({ params, body }, { principal }) => {
      await guardElevated(deps.pool, principal, params.id);
      return { signIn: await setMemberSignIn(deps.pool, principal.workspaceId, params.id, body.email, actorOf(principal)) };
    },
    unlinkMemberSignIn: async ({ params }, { principal }) => {
      await guardElevated(deps.pool, principal, params.id);
      return { signIn: await setMemberSignIn(deps.pool, principal.workspaceId, params.id, null, actorOf(principal)) };
    },
  };
}
