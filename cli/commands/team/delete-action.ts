/** What `cast team delete` does. */
import { teamRoutes } from '../../../domain/routes/teams';
import { bold, emit } from '../../output';
import { connect } from '../decide/target';
import { idOf, type Opts } from './team-shared';

export async function run(which: string, opts: Opts): Promise<void> {
  const { team } = await connect().request(teamRoutes.deleteTeam, { params: { id: await idOf(which) } });
  emit(Boolean(opts.json), [`Team ${bold(team.name)} deleted; its members stay in the workspace.`], { team });
}
