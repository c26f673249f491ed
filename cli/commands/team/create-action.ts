/** What `cast team create` does. */
import { teamRoutes } from '../../../domain/routes/teams';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, nameOf, type Opts } from './team-shared';

export async function run(name: string, members: string[], opts: Opts): Promise<void> {
  const { team } = await connect().request(teamRoutes.createTeam, { body: { name: nameOf(name), members } });
  emit(Boolean(opts.json), [`Team created: ${line(team)}`], { team });
}
