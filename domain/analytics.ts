/** `GET /api/v1/analytics`: a workspace's product analytics over a trailing window (db/analytics.ts computes it). */
import { z } from 'zod';
import { DeliveryOutcomeKind } from './decision';
import { HealthBand } from './health';

export const Analytics = z
  .object({
    days: z.int().min(1),
    /** Every day of the window, oldest first, as `YYYY-MM-DD` (UTC). */
    decisionsPerDay: z.array(z.object({ day: z.iso.date(), opened: z.int().min(0) })),
    /** From first view to resolution; null with nothing decided. */
    timeToDecideMs: z.object({ p50: z.int().min(0).nullable(), p90: z.int().min(0).nullable(), decided: z.int().min(0) }),
    asksPerDecision: z.number().nullable(),
    /** Resolved decisions by how the answer reached the agent. */
    restartOutcomes: z.partialRecord(z.enum(DeliveryOutcomeKind), z.int().min(0)),
    undo: z.object({ answers: z.int().min(0), undone: z.int().min(0), rate: z.number().min(0).nullable() }),
    bandTransitions: z.array(z.object({ from: z.enum(HealthBand).nullable(), to: z.enum(HealthBand), at: z.iso.datetime() })),
  })
  .meta({
    id: 'Analytics',
    description: 'Decisions per day, time to decide, asks per decision, restart outcomes, undo rate, band transitions.',
  });
export type Analytics = z.infer<typeof Analytics>;
