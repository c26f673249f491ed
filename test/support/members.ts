import { createAgent } from '../../db/agents';
import type { Pool } from '../../db/pool';
import { createMember, mintToken } from '../../db/tenancy';
import type { Role } from '../../domain/permissions';
import { actorOf, type AgentPrincipal } from '../../domain/principal';
import type { Member } from './test-cast';

/** A second person in an existing workspace (`cast.newMember()` makes a new workspace, and its owner), a member unless `role` says otherwise. */
export async function colleagueOf(pool: Pool, member: { workspaceId: string }, name = 'Colleague', role: Role = 'member'): Promise<Member> {
  const memberId = await createMember(pool, member.workspaceId, name, false, role);
  const { secret, id } = await mintToken(pool, { workspaceId: member.workspaceId, memberId }, { kind: 'person', label: 'test' });
  return { kind: 'person', workspaceId: member.workspaceId, memberId, tokenId: id, role, token: secret };
}

export type AgentMember = AgentPrincipal & { token: string; agentName: string };

/** A new agent of the member's workspace with a token of its own, minted by the member. */
export async function agentTokenOf(pool: Pool, member: Member, agentName = 'Coder', label = `${agentName} token`): Promise<AgentMember> {
  const agent = await createAgent(pool, member.workspaceId, { name: agentName, instructions: '' }, actorOf(member));
  const { secret, id } = await mintToken(pool, member, { kind: 'agent', label, agentId: agent.id });
  return {
    kind: 'agent',
    workspaceId: member.workspaceId,
    memberId: member.memberId,
    tokenId: id,
    agentId: agent.id,
    tokenLabel: label,
    agentName,
    token: secret,
  };
}
