/** Missions: standing initiatives. Provenance only — a filter and a chip, never blocked or resolved. */
import { z } from 'zod';
import { filledText } from './text-fields';

export const MissionStatus = ['active', 'paused', 'completed', 'failed'] as const;
export type MissionStatus = (typeof MissionStatus)[number];

export const CreateMissionBody = z.strictObject({
  name: filledText(200),
  status: z.enum(MissionStatus).default('active'),
});
export type CreateMissionBody = z.infer<typeof CreateMissionBody>;

export const Mission = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(MissionStatus),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Mission' });
export type Mission = z.infer<typeof Mission>;
