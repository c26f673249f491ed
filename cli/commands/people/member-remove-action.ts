/** What `cast member remove` does: removes the member; their tokens and sessions end at once. */
import { peopleRoutes } from '../../../domain/routes/people';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';

export async function run(id: string, opts: { json?: boolean }): Promise<void> {
  if (!id.trim()) throw usageError('Name the member: cast member remove mb_… (GET /api/v1/members lists them).');
  const { member } = await connect().request(peopleRoutes.removeMember, { params: { id: id.trim() } });
  emit(
    Boolean(opts.json),
    [`${bold(member.name)} (${member.id}) removed: their tokens and browser sessions no longer work; their answers keep their name.`],
    { member },
  );
}
