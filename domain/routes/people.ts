/** `/api/v1/members` and `/api/v1/tokens`: the people of a workspace and the credentials of people and agents. */
import { z } from 'zod';
import { AddedMember, AddMemberBody, CreateTokenBody, Member, MintedToken, Token } from '../people';
import { PEOPLE, route } from './route';

const tag = 'People and agents';

const listMembers = route({
  tag,
  method: 'get',
  path: '/members',
  operationId: 'listMembers',
  summary: 'List the people of the workspace',
  ok: { status: 200, description: 'Every member, oldest first.', schema: z.object({ members: z.array(Member) }) },
  callers: PEOPLE,
});

const addMember = route({
  tag,
  method: 'post',
  path: '/members',
  operationId: 'addMember',
  summary: 'Add a person to the workspace',
  description: 'Returns the new member with a person token of theirs; its secret is shown this once.',
  body: { schema: AddMemberBody.meta({ id: 'AddMemberBody' }) },
  ok: { status: 201, description: 'The member, their first token and its secret.', schema: AddedMember },
  callers: PEOPLE,
});

const listTokens = route({
  tag,
  method: 'get',
  path: '/tokens',
  operationId: 'listTokens',
  summary: "List the workspace's tokens",
  description: 'Labels, kinds, agents and dates; never a secret. Revoked tokens only with `revoked=true`.',
  query: z.object({
    revoked: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  }),
  ok: { status: 200, description: 'The tokens, newest first.', schema: z.object({ tokens: z.array(Token) }) },
  callers: PEOPLE,
});

const createToken = route({
  tag,
  method: 'post',
  path: '/tokens',
  operationId: 'createToken',
  summary: 'Mint a token',
  description:
    "With `agent`, a token for that agent (the agent is created if the workspace has none by that name): it files, edits, withdraws and waits on the agent's decisions and can never answer one. Without, a person token for the caller. The secret is shown this once.",
  body: { schema: CreateTokenBody },
  ok: { status: 201, description: 'The token and its secret.', schema: MintedToken },
  callers: PEOPLE,
});

const revokeToken = route({
  tag,
  method: 'delete',
  path: '/tokens/:id',
  operationId: 'revokeToken',
  summary: 'Revoke a token',
  description: 'From the next request on, in every API process, the token is refused with 401; browser sessions opened with it end too.',
  params: z.object({ id: z.string().min(1) }),
  ok: { status: 200, description: 'The token, revoked (revoking twice keeps the first time).', schema: z.object({ token: Token }) },
  errors: ['token_not_found'],
  callers: PEOPLE,
});

export const peopleRoutes = { listMembers, addMember, listTokens, createToken, revokeToken };
