/** What `cast member role` does: checks the role with the server's schema, then changes it. */
import { ChangeMemberBody } from '../../../domain/people';
import { ROLES } from '../../../domain/permissions';
import { peopleRoutes } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(id: string, role: string, opts: { json?: boolean }): Promise<void> {
  if (!id.trim()) throw usageError('Name the member: cast member role mb_… viewer.');
  const body = ChangeMemberBody.safeParse({ role });
  if (!body.success) throw usageError(`The role is one of ${ROLES.join(', ')}: cast member role ${id.trim()} viewer.`);
  const { member } = await connect().request(peopleRoutes.changeMember, { params: { id: id.trim() }, body: body.data });
  emit(Boolean(opts.json), [`${bold(member.name)} (${member.id}) is now ${member.role}, from their next request.`], { member });
}
