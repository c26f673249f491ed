/** What the `cast team` commands share: a team's line, a name checked before sending, a team found by its name. */
import { teamRoutes } from '../../../domain/routes/teams';
import { TeamName, type Team } from '../../../domain/teams';
import { bold, usageError } from '../../output';
import { connect } from '../decide/target';

export type Opts = { json?: boolean };

export function line(team: Team): string {
  const members = team.members.length ? team.members.join(', ') : 'no members';
  return `${bold(team.name)} (${team.id}) · ${members}`;
}

/** A name checked with the server's own schema, so a bad one is refused before anything is sent (exit 2). */
export function nameOf(name: string): string {
  const parsed = TeamName.safeParse(name);
  if (!parsed.success) throw usageError(`"${name}" is not a team name: 1 to 64 letters, digits, - _ or ., e.g. infra.`);
  return parsed.data;
}

/** The team's id: given as one (`tm_…`), or found by its name. */
export async function idOf(which: string): Promise<string> {
  if (which.startsWith('tm_')) return which;
  const { teams } = await connect().request(teamRoutes.listTeams, {});
  const found = teams.find((team) => team.name === which);
  if (!found) throw usageError(`No team is named "${which}": cast team lists them.`);
  return found.id;
}
