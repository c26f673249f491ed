/** What `cast team rename` does. */
import { teamRoutes } from '../../../domain/routes/teams';
import { emit } from '../../output';
import { connect } from '../decide/target';
import { line, nameOf, idOf, type Opts } from './team-shared';

export async function run(which: string, name: string, opts: Opts): Promise<void> {
  const body = { name: nameOf(name) };
  const { team } = await connect().request(teamRoutes.renameTeam, { params: { id: await idOf(which) }, body });
  emit(Boolean(opts.json), [`Team renamed: ${line(team)}`], { team });
}
