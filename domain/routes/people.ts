/** `/api/v1/members` and `/api/v1/tokens`: the people of a workspace and the credentials of people and agents. */
import { z } from 'zod';
import { AddedMember, AddMemberBody, ChangeMemberBody, ChangeProfileBody, CreateTokenBody, Member, MintedToken, Token } from '../people';
import { route } from './route';

const tag = 'People and agents';

const listMembers = route({
  tag,
  method: 'get',
  path: '/members',
  operationId: 'listMembers',
  summary: 'List the people of the workspace',
  description: 'Removed members only with `removed=true`: their answers and history keep their name.',
  query: z.object({
    removed: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  }),
  ok: { status: 200, description: 'Every member, oldest first.', schema: z.object({ members: z.array(Member) }) },
  permission: 'workspace.read',
});

const addMember = route({
  tag,
  method: 'post',
  path: '/members',
  operationId: 'addMember',
  summary: 'Add a person to the workspace',
  description:
    'Returns the new member with a person token of theirs; its secret is shown this once. An admin adds members and viewers; only an owner adds an owner or an admin (else 403 `forbidden_for_role`).',
  body: { schema: AddMemberBody.meta({ id: 'AddMemberBody' }) },
  ok: { status: 201, description: 'The member, their first token and its secret.', schema: AddedMember },
  errors: ['forbidden_for_role'],
  permission: 'member.manage',
});

const getProfile = route({
  tag,
  method: 'get',
  path: '/profile',
  operationId: 'getProfile',
  summary: 'Read your own profile',
  description: 'The signed-in person as a member: name, role and the time zone the web shows their times in (null until chosen).',
  ok: { status: 200, description: 'You.', schema: z.object({ member: Member }) },
  permission: 'profile.own',
});

const changeProfile = route({
  tag,
  method: 'patch',
  path: '/profile',
  operationId: 'changeProfile',
  summary: 'Change your own profile',
  description:
    'Sets the time zone the web formats your times in (an IANA name; stored as Intl spells it, `europe/paris` → `Europe/Paris`). Any person may change their own; an unknown zone is 400 `invalid_request` and changes nothing.',
  body: { schema: ChangeProfileBody },
  ok: { status: 200, description: 'You, changed.', schema: z.object({ member: Member }) },
  permission: 'profile.own',
});

const memberParams = z.object({ id: z.string().min(1) });

const changeMember = route({
  tag,
  method: 'patch',
  path: '/members/:id',
  operationId: 'changeMember',
  summary: "Change a member's role",
  description:
    'Takes effect from their next request. Only an owner makes or demotes an owner or an admin (else 403 `forbidden_for_role`); the last owner cannot be demoted (409 `last_owner`).',
  params: memberParams,
  body: { schema: ChangeMemberBody },
  ok: { status: 200, description: 'The member with their new role.', schema: z.object({ member: Member }) },
  errors: ['member_not_found', 'member_removed', 'last_owner', 'forbidden_for_role'],
  permission: 'member.manage',
});

const removeMember = route({
  tag,
  method: 'delete',
  path: '/members/:id',
  operationId: 'removeMember',
  summary: 'Remove a member',
  description:
    "Revokes every token of theirs (and the agent tokens they minted) and their browser sessions at once: what they hold open ends within a second. The member's answers and history keep their name; removing twice keeps the first time. Only an owner removes an owner or an admin (else 403 `forbidden_for_role`); the last owner cannot be removed (409 `last_owner`).",
  params: memberParams,
  ok: { status: 200, description: 'The member, removed.', schema: z.object({ member: Member }) },
  errors: ['member_not_found', 'last_owner', 'forbidden_for_role'],
  permission: 'member.manage',
});

const listTokens = route({
  tag,
  method: 'get',
  path: '/tokens',
  operationId: 'listTokens',
  summary: "List the workspace's tokens",
  description:
    'Labels, kinds, agents and dates; never a secret. Revoked tokens only with `revoked=true`. A caller without `token.manage` sees only their own tokens and those they minted for agents.',
  query: z.object({
    revoked: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  }),
  ok: { status: 200, description: 'The tokens, newest first.', schema: z.object({ tokens: z.array(Token) }) },
  permission: 'token.own',
});

const createToken = route({
  tag,
  method: 'post',
  path: '/tokens',
  operationId: 'createToken',
  summary: 'Mint a token',
  description:
    "With `agent`, a token for that agent (the agent is created if the workspace has none by that name): it files, edits, withdraws and waits on the agent's decisions and can never answer one. Without, a person token for the caller. The secret is shown this once. Minting for an agent needs what an agent may do (a viewer cannot), and for an agent another member created, `token.manage` (else 403 `forbidden_for_role`).",
  body: { schema: CreateTokenBody },
  ok: { status: 201, description: 'The token and its secret.', schema: MintedToken },
  errors: ['forbidden_for_role'],
  permission: 'token.own',
});

const revokeToken = route({
  tag,
  method: 'delete',
  path: '/tokens/:id',
  operationId: 'revokeToken',
  summary: 'Revoke a token',
  description:
    "From the next request on, in every API process, the token is refused with 401; browser sessions opened with it end too, and event streams and waits held open with either end within a second. Another member's token needs `token.manage` (else 403 `forbidden_for_role`).",
  params: z.object({ id: z.string().min(1) }),
  ok: { status: 200, description: 'The token, revoked (revoking twice keeps the first time).', schema: z.object({ token: Token }) },
  errors: ['token_not_found', 'forbidden_for_role'],
  permission: 'token.own',
});

export const peopleRoutes = {
  listMembers,
  addMember,
  getProfile,
  changeProfile,
  changeMember,
  removeMember,
  listTokens,
  createToken,
  revokeToken,
};
