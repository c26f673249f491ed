/**
 * Who makes a request (DESIGN §8): a person — a member, by their token or web session — or
 * an agent, by a token bound to one agent of the workspace. An agent token keeps the member
 * who minted it, whose sessions and runs the agent works in; what it may do is the agent's.
 */
import type { Actor } from './activity';
import type { AnswerPolicy } from './assignment';
import { DomainError } from './errors';
import type { Role } from './permissions';

type Base = {
  workspaceId: string;
  memberId: string;
  /** When the credential it came with expires (a token's, or a web session's), or null for never. */
  expiresAt?: Date | null;
  /** What the member answers for, read with the credential (db/membership.ts); absent where no credential was read. */
  membership?: Membership;
};

/** A member's teams, the members they cover for now, and the workspace's "who may answer". */
export type Membership = { teams: readonly string[]; covers: readonly string[]; policy: AnswerPolicy };

/**
 * A person, with their role as it stood when the request came in. `webSession` is the hash of
 * the browser session it signed in with (null for a token), so a held request can tell when
 * that session ends.
 */
export type PersonPrincipal = Base & { kind: 'person'; tokenId: string | null; role: Role; webSession?: string | null };

export type AgentPrincipal = Base & { kind: 'agent'; tokenId: string; agentId: string; tokenLabel: string };

export type Principal = PersonPrincipal | AgentPrincipal;

/** A person in a workspace, as scripts and tests make one (no token behind it). */
export function person(workspaceId: string, memberId: string, role: Role): PersonPrincipal {
  return { kind: 'person', workspaceId, memberId, tokenId: null, role };
}

/** The agent a principal is, or null for a person: reads through an agent token see only that agent's rows. */
export function agentOf(principal: Principal): string | null {
  return principal.kind === 'agent' ? principal.agentId : null;
}

/** An agent token names its own agent or none: a body or filter naming another is refused. */
export function agentMismatch(): DomainError {
  return new DomainError('agent_mismatch', "An agent token acts for its own agent only; leave the agent out or name this token's own.");
}

/** The agent token's label, for the workflow's history of what the agent did; undefined for a person. */
export function viaOf(principal: Principal): string | undefined {
  return principal.kind === 'agent' ? principal.tokenLabel : undefined;
}

/** The activity history's actor for what this principal does itself. */
export function actorOf(principal: Principal): Actor {
  return principal.kind === 'agent'
    ? { kind: 'agent', id: principal.agentId, label: principal.tokenLabel }
    : { kind: 'member', id: principal.memberId };
}

/** What FR-61's limits count against: the person, or the one agent token. */
export function rateKeyOf(principal: Principal): string {
  return principal.kind === 'agent' ? `token:${principal.tokenId}` : `member:${principal.memberId}`;
}
