/**
 * The open card a host's hook filed in a session, polled through the person's API until it is
 * there; a host that ended first fails the wait at once with what it printed.
 */
import { expect } from 'vitest';
import { ProblemError } from '../../../client/request';
import type { DecisionView } from '../../../domain/decision';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import type { world } from '../agent-world';
import type { HostRun } from './run-host';

export async function openCardOf(
  person: ReturnType<typeof world>,
  session: () => string | null,
  ended: () => HostRun | null,
): Promise<DecisionView> {
  let found: DecisionView | undefined;
  await expect
    .poll(
      async () => {
        const id = session();
        const listed = id
          ? await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id } }).catch((error: unknown) => {
              if (error instanceof ProblemError) return null; // the hook has not registered the session yet
              throw error;
            })
          : null;
        found = listed?.decisions.map((entry) => entry.decision).find((decision) => decision.status === 'open');
        return Boolean(found) || ended() !== null;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`the host ended before its card was open:\n${ended()?.stdout}\n${ended()?.stderr}`);
  return found;
}
