import type { Pool } from '../../db/pool';
import { createMember, issueToken } from '../../db/tenancy';
import type { Member } from './test-cast';

/** A second person in an existing workspace (`cast.newMember()` makes a new workspace). */
export async function colleagueOf(pool: Pool, member: Member, name = 'Colleague'): Promise<Member> {
  const memberId = await createMember(pool, member.workspaceId, name);
  const principal = { workspaceId: member.workspaceId, memberId };
  return { ...principal, token: await issueToken(pool, principal, 'test') };
}
