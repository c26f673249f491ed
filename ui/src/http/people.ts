/** `/api/v1/members` and `/api/v1/tokens`: the workspace's people, and the tokens of people and agents. */
import type { z } from 'zod';
import type { CreateTokenBody } from '../../../domain/people';
import { peopleRoutes } from '../../../domain/routes/people';
import { signInRoutes } from '../../../domain/routes/sign-in';
import { call } from './call';

/** What the form sends: `expiresIn` in the API's duration words (`90d`). */
export type NewToken = z.input<typeof CreateTokenBody>;

export const listMembers = () => call(peopleRoutes.listMembers, {}).then((body) => body.members);
/** The member, with a person token of theirs whose secret is shown this once. */
export const addMember = (name: string) => call(peopleRoutes.addMember, { body: { name } });
/** Revoked ones too when `revoked` is true; newest first. */
export const listTokens = (revoked: boolean) =>
  call(peopleRoutes.listTokens, { query: { revoked: revoked ? 'true' : 'false' } }).then((body) => body.tokens);
/** With `agent`, a token for that agent (created if new); without, a person token for the signed-in person. */
export const createToken = (body: NewToken) => call(peopleRoutes.createToken, { body });
/** Invites the member to sign in with the identity provider by the email it verifies (issue 41 item 6). */
export const inviteMemberSignIn = ({ memberId, email }: { memberId: string; email: string }) =>
  call(signInRoutes.inviteMemberSignIn, { params: { id: memberId }, body: { email } }).then((body) => body.signIn);
export const revokeToken = (id: string) => call(peopleRoutes.revokeToken, { params: { id } }).then((body) => body.token);
