/**
 * Adding people, changing their role, removing them, and minting tokens (DESIGN §8, issue 38
 * item 1). A token for an agent names the agent; one the workspace does not have yet is
 * created with it, so giving a new agent its credential is one step. Each change is one
 * transaction: a refused one leaves nothing behind.
 *
 * Who may do what beyond the route's own permission, decided here because what is asked
 * decides it: only an owner (`owner.manage`) gives or takes away the owner or admin role, or
 * removes an owner or admin; minting an agent's token needs everything an agent may do
 * (a viewer cannot hand an agent powers they lack), and an agent someone else created needs
 * `token.manage` (an admin's).
 */
import { agentCreator, createAgent, getAgentByName } from '../../db/agents';
import { recordBy } from '../../db/activity';
import { changeMemberRole, removeMember as removeMemberRow } from '../../db/members';
import { withTransaction, type Pool } from '../../db/pool';
import { createMember, getMember, getToken, mintToken, revokeToken as revokeTokenRow } from '../../db/tenancy';
import { requirePermission } from '../../domain/authorize';
import { notFound } from '../../domain/errors';
import type { AddedMember, AddMemberBody, CreateTokenBody, Member, MintedToken, Token } from '../../domain/people';
import { AGENT_PERMISSIONS, ELEVATED_ROLES, type Role } from '../../domain/permissions';
import { actorOf, type PersonPrincipal } from '../../domain/principal';

export async function createTokenFor(pool: Pool, principal: PersonPrincipal, body: CreateTokenBody): Promise<MintedToken> {
  if (body.agent) for (const permission of AGENT_PERMISSIONS) requirePermission(principal, permission, "Mint an agent's token");
  return withTransaction(pool, async (client) => {
    const { workspaceId } = principal;
    const existing = body.agent ? await getAgentByName(client, workspaceId, body.agent) : null;
    if (existing && (await agentCreator(client, workspaceId, existing.id)) !== principal.memberId) {
      requirePermission(principal, 'token.manage', "Mint a token for another member's agent");
    }
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
    // On record either way (issue 41 item 8): under the agent it acts for, or the person's own.
    await recordBy(client, actorOf(principal), {
      workspaceId,
      subjectKind: agent ? 'agent' : 'member',
      subjectId: agent ? agent.id : principal.memberId,
      kind: 'token_created',
      detail: { tokenId: id, label },
    });
    return { token: (await getToken(client, workspaceId, id))!, secret, agentCreated: Boolean(agent && !existing) };
  });
}

/** A member revokes their own tokens (and those they minted for agents); an admin anyone's. */
export async function revokeTokenOf(pool: Pool, principal: PersonPrincipal, id: string): Promise<Token> {
  const token = await getToken(pool, principal.workspaceId, id);
  if (!token) throw notFound('token');
  if (token.memberId !== principal.memberId) requirePermission(principal, 'token.manage', "Revoke another member's token");
  return withTransaction(pool, async (client) => {
    const revoked = await revokeTokenRow(client, principal.workspaceId, id);
    // Revoking twice keeps the first time, and records it once.
    if (token.revokedAt === null) {
      await recordBy(client, actorOf(principal), {
        workspaceId: principal.workspaceId,
        subjectKind: token.agentId ? 'agent' : 'member',
        subjectId: token.agentId ?? token.memberId,
        kind: 'token_revoked',
        detail: { tokenId: id, label: token.label },
      });
    }
    return revoked;
  });
}

/** Giving or taking away owner or admin is an owner's alone. */
function guardElevation(principal: PersonPrincipal, role: Role, what: string): void {
  if (ELEVATED_ROLES.includes(role)) requirePermission(principal, 'owner.manage', what);
}

export async function addMember(pool: Pool, principal: PersonPrincipal, body: AddMemberBody): Promise<AddedMember> {
  guardElevation(principal, body.role, `Add an ${body.role}`);
  return withTransaction(pool, async (client) => {
    const { workspaceId } = principal;
    const memberId = await createMember(client, workspaceId, body.name, false, body.role);
    const { id, secret } = await mintToken(client, { workspaceId, memberId }, { kind: 'person', label: `${body.name}'s first token` });
    await recordBy(client, actorOf(principal), {
      workspaceId,
      subjectKind: 'member',
      subjectId: memberId,
      kind: 'added',
      detail: { name: body.name, role: body.role },
    });
    return { member: (await getMember(client, workspaceId, memberId))!, token: (await getToken(client, workspaceId, id))!, secret };
  });
}

export async function changeRole(pool: Pool, principal: PersonPrincipal, id: string, role: Role): Promise<Member> {
  return changeMemberRole(
    pool,
    principal.workspaceId,
    id,
    role,
    (member) => {
      guardElevation(principal, member.role, `Change an ${member.role}'s role`);
      guardElevation(principal, role, `Make someone an ${role}`);
    },
    actorOf(principal),
  );
}

export async function removeMember(pool: Pool, principal: PersonPrincipal, id: string): Promise<Member> {
  return removeMemberRow(
    pool,
    principal.workspaceId,
    id,
    (member) => guardElevation(principal, member.role, `Remove an ${member.role}`),
    actorOf(principal),
  );
}
