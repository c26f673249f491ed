/**
 * The worker's activities, built from their dependencies (activities-dependency-injection
 * idiom). Workflows import only the `Activities` type.
 */
import type { Pool } from 'pg';
import type { DecisionSnapshot } from '../domain/decision';
import { mirrorDecision, type MirrorOutcome } from './mirror-decision';

export type ActivityDeps = { pool: Pool };

export function createActivities({ pool }: ActivityDeps) {
  return {
    async mirrorDecision(snapshot: DecisionSnapshot): Promise<MirrorOutcome> {
      return mirrorDecision(pool, snapshot);
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
