/** What `cast team add` does. */
import { teamRoutes } from '../../../domain/routes/teams';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, idOf, type Opts } from './team-shared';

export async function run(which: string, member: string, opts: Opts): Promise<void> {
  const params = { id: await idOf(which), memberId: member.trim() };
  const { team } = await connect().request(teamRoutes.addTeamMember, { params, body: {} });
  emit(Boolean(opts.json), [`Member added: ${line(team)}`], { team });
}
