/** What `cast team ls` does. */
import { teamRoutes } from '../../../domain/routes/teams';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, type Opts } from './team-shared';

export async function run(opts: Opts): Promise<void> {
  const { teams } = await connect().request(teamRoutes.listTeams, {});
  emit(Boolean(opts.json), teams.length ? teams.map(line) : ['No teams yet: cast team create infra mb_…'], { teams });
}
