/**
 * Teams (issue 41 item 1): named groups of a workspace's members, managed by admins
 * (`team.manage`). A decision addressed to a team (its assignee, later) is for each of its
 * members; a removed member leaves every team.
 */
import { z } from 'zod';
import { naming, shown } from './refusal-words';
import { filledText } from './text-fields';

/** A team's name: what `--to team:infra` names it by, so letters, digits, `-`, `_` and `.`, up to 64. */
export const TeamName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    error: naming(
      (field, input) =>
        `${field} is ${shown(input)}: a team's name is 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit (infra, data-platform).`,
    ),
  });

export const Team = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Its members' ids, in the order they joined. */
    members: z.array(z.string()),
    /** Who is reminded the second time about what is addressed to the team (issue 41 item 5); null: the workspace's backup. */
    backup: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof Team>;

export const CreateTeamBody = z
  .strictObject({
    name: TeamName,
    /** Members to add at once; each must be a member of the workspace, not removed. */
    members: z.array(filledText(100)).max(500).default([]),
  })
  .meta({ id: 'CreateTeamBody' });
export type CreateTeamBody = z.infer<typeof CreateTeamBody>;

export const TeamBackupBody = z.strictObject({ member: z.string().min(1).max(100).nullable() }).meta({ id: 'TeamBackupBody' });
export type TeamBackupBody = z.infer<typeof TeamBackupBody>;

export const RenameTeamBody = z.strictObject({ name: TeamName }).meta({ id: 'RenameTeamBody' });
export type RenameTeamBody = z.infer<typeof RenameTeamBody>;
