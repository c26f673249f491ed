/**
 * Adding people and minting tokens (DESIGN §8). A token for an agent names the agent; one the
 * workspace does not have yet is created with it, so giving a new agent its credential is one
 * step. Each mint is one transaction: a refused one leaves no agent and no token behind.
 */
import { createAgent, getAgentByName } from '../../db/agents';
import { recordBy } from '../../db/activity';
import { withTransaction, type Pool } from '../../db/pool';
import { createMember, getMember, getToken, mintToken } from '../../db/tenancy';
import type { AddedMember, AddMemberBody, CreateTokenBody, MintedToken } from '../../domain/people';
import { actorOf, type PersonPrincipal } from '../../domain/principal';

export async function createTokenFor(pool: Pool, principal: PersonPrincipal, body: CreateTokenBody): Promise<MintedToken> {
  return withTransaction(pool, async (client) => {
    const { workspaceId } = principal;
    const existing = body.agent ? await getAgentByName(client, workspaceId, body.agent) : null;
    const agent =
      body.agent && !existing
        ? await createAgent(client, workspaceId, { name: body.agent, instructions: '' }, actorOf(principal))
        : existing;
    const label = body.label ?? (agent ? `${agent.name}'s token` : 'Person token');
    const { id, secret } = await mintToken(client, principal, {
      kind: agent ? 'agent' : 'person',
      label,
      ...(agent ? { agentId: agent.id } : {}),
      ...(body.expiresIn ? { expiresInMs: body.expiresIn } : {}),
    });
    if (agent) {
      await recordBy(client, actorOf(principal), {
        workspaceId,
        subjectKind: 'agent',
        subjectId: agent.id,
        kind: 'token_created',
        detail: { tokenId: id, label },
      });
    }
    return { token: (await getToken(client, workspaceId, id))!, secret, agentCreated: Boolean(agent && !existing) };
  });
}

export async function addMember(pool: Pool, principal: PersonPrincipal, body: AddMemberBody): Promise<AddedMember> {
  return withTransaction(pool, async (client) => {
    const { workspaceId } = principal;
    const memberId = await createMember(client, workspaceId, body.name);
    const { id, secret } = await mintToken(client, { workspaceId, memberId }, { kind: 'person', label: `${body.name}'s first token` });
    return { member: (await getMember(client, workspaceId, memberId))!, token: (await getToken(client, workspaceId, id))!, secret };
  });
}
