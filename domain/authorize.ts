/**
 * The one check of "may this caller do this" (domain/permissions.ts): the route mount runs it
 * with each route's declared permission before the input is read, and a service runs it again
 * where what is asked decides (making an owner, minting for an agent). An agent is refused
 * with `forbidden_for_agent`, as clients have long relied on; a person whose role lacks the
 * permission with `forbidden_for_role`. Both name the permission, and nothing is changed.
 */
import { DomainError } from './errors';
import { holds, ROLES, type Permission, type Role } from './permissions';
import type { Principal } from './principal';

/** The role a principal acts with: an agent's fixed set, or the person's role. */
export function holderOf(principal: Principal): Role | 'agent' {
  return principal.kind === 'agent' ? 'agent' : principal.role;
}

export function may(principal: Principal, permission: Permission): boolean {
  return holds(holderOf(principal), permission);
}

/** Throws the refusal when `principal` lacks `permission`; `what` says what was asked, for the message. */
export function requirePermission(principal: Principal, permission: Permission, what: string): void {
  if (may(principal, permission)) return;
  if (principal.kind === 'agent') {
    throw new DomainError('forbidden_for_agent', `A person must do this in Cast ("${what}"); an agent token cannot. Nothing was changed.`, {
      permission,
    });
  }
  const roles = ROLES.filter((role) => holds(role, permission));
  throw new DomainError(
    'forbidden_for_role',
    `Your role (${principal.role}) does not allow this: "${what}" needs ${permission}, which ${roles.length ? `only ${roles.join(', ')} hold` : 'no role holds'}. Nothing was changed.`,
    { permission, role: principal.role },
  );
}
