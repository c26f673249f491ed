/** What each `cast team` command does: the team named by name or id, then one request. */
import { teamRoutes } from '../../../domain/routes/teams';
import { TeamName, type Team } from '../../../domain/teams';
import { bold, emit, usageError } from '../../output';
import { connect } from '../decide/target';

type Opts = { json?: boolean };

function line(team: Team): string {
  const members = team.members.length ? team.members.join(', ') : 'no members';
  return `${bold(team.name)} (${team.id}) · ${members}`;
}

/** A name checked with the server's own schema, so a bad one is refused before anything is sent (exit 2). */
function nameOf(name: string): string {
  const parsed = TeamName.safeParse(name);
  if (!parsed.success) throw usageError(`"${name}" is not a team name: 1 to 64 letters, digits, - _ or ., e.g. infra.`);
  return parsed.data;
}

/** The team's id: given as one (`tm_…`), or found by its name. */
async function idOf(which: string): Promise<string> {
  if (which.startsWith('tm_')) return which;
  const { teams } = await connect().request(teamRoutes.listTeams, {});
  const found = teams.find((team) => team.name === which);
  if (!found) throw usageError(`No team is named "${which}": cast team lists them.`);
  return found.id;
}

export async function list(opts: Opts): Promise<void> {
  const { teams } = await connect().request(teamRoutes.listTeams, {});
  emit(Boolean(opts.json), teams.length ? teams.map(line) : ['No teams yet: cast team create infra mb_…'], { teams });
}

export async function create(name: string, members: string[], opts: Opts): Promise<void> {
  const { team } = await connect().request(teamRoutes.createTeam, { body: { name: nameOf(name), members } });
  emit(Boolean(opts.json), [`Team created: ${line(team)}`], { team });
}

export async function rename(which: string, name: string, opts: Opts): Promise<void> {
  const body = { name: nameOf(name) };
  const { team } = await connect().request(teamRoutes.renameTeam, { params: { id: await idOf(which) }, body });
  emit(Boolean(opts.json), [`Team renamed: ${line(team)}`], { team });
}

export async function add(which: string, member: string, opts: Opts): Promise<void> {
  const params = { id: await idOf(which), memberId: member.trim() };
  const { team } = await connect().request(teamRoutes.addTeamMember, { params, body: {} });
  emit(Boolean(opts.json), [`Member added: ${line(team)}`], { team });
}

export async function remove(which: string, member: string, opts: Opts): Promise<void> {
  const params = { id: await idOf(which), memberId: member.trim() };
  const { team } = await connect().request(teamRoutes.removeTeamMember, { params });
  emit(Boolean(opts.json), [`Member removed: ${line(team)}`], { team });
}

/** `cast team delete`. */
export async function deleteTeam(which: string, opts: Opts): Promise<void> {
  const { team } = await connect().request(teamRoutes.deleteTeam, { params: { id: await idOf(which) } });
  emit(Boolean(opts.json), [`Team ${bold(team.name)} deleted; its members stay in the workspace.`], { team });
}
