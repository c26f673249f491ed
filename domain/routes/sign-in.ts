/**
 * `/api/v1/members/:id/sign-in` (issue 41 item 6): how a member signs in with the workspace's
 * identity provider. An admin invites them by the email the provider verifies; their first
 * sign-in links the provider's subject, which finds them from then on.
 */
import { z } from 'zod';
import { MemberSignIn, SetSignInEmailBody } from '../sign-in';
import { route } from './route';

const tag = 'People and agents';
const params = z.object({ id: z.string().min(1) });
const ok = (description: string) => ({ status: 200 as const, description, schema: z.object({ signIn: MemberSignIn }) });

const getMemberSignIn = route({
  tag,
  method: 'get',
  path: '/members/:id/sign-in',
  operationId: 'getMemberSignIn',
  summary: 'Read how a member signs in with the identity provider',
  description: 'The email they are invited by (until their first sign-in uses it) and the provider identity linked to them.',
  params,
  ok: ok('How the member signs in.'),
  errors: ['member_not_found'],
  permission: 'member.manage',
});

const inviteMemberSignIn = route({
  tag,
  method: 'put',
  path: '/members/:id/sign-in',
  operationId: 'inviteMemberSignIn',
  summary: 'Invite a member to sign in with the identity provider',
  description:
    "Their first sign-in whose ID token carries this email, verified by the provider (`email_verified`), links the provider's subject to them; the invitation is then used up. Compared without regard to case; one member per email (409 `sign_in_email_taken`). Only an owner invites an owner or an admin (else 403 `forbidden_for_role`). Recorded in the activity history.",
  params,
  body: { schema: SetSignInEmailBody },
  ok: ok('The member, invited.'),
  errors: ['member_not_found', 'member_removed', 'sign_in_email_taken', 'forbidden_for_role'],
  permission: 'member.manage',
});

const unlinkMemberSignIn = route({
  tag,
  method: 'delete',
  path: '/members/:id/sign-in',
  operationId: 'unlinkMemberSignIn',
  summary: "Withdraw a member's invitation and unlink their identity",
  description:
    'Their provider identity no longer signs them in (invite them again to link another); their tokens and open sessions are untouched. Only an owner does this to an owner or an admin (else 403 `forbidden_for_role`). Recorded in the activity history.',
  params,
  ok: ok('The member, with no invitation or identity.'),
  errors: ['member_not_found', 'member_removed', 'forbidden_for_role'],
  permission: 'member.manage',
});

export const signInRoutes = { getMemberSignIn, inviteMemberSignIn, unlinkMemberSignIn };
