/**
 * The open card a host's hook filed in a session, polled through the person's API until it is
 * there; a host that ended first fails the wait at once with what it printed. The interactive
 * claude files under a session id the test does not know: there, the card is the one open in
 * the person's only session, and a wait that times out says what the terminal showed.
 */
import { expect } from 'vitest';
import { ProblemError } from '../../../client/request';
import type { DecisionView } from '../../../domain/decision';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import type { world } from '../agent-world';
import type { HostRun } from './run-host';

export async function openCardOf(
  person: ReturnType<typeof world>,
  session: () => string | null,
  ended: () => HostRun | null,
  /** Which open card, where the session holds others (a decide tool's question). */
  which: (decision: DecisionView) => boolean = () => true,
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
        found = listed?.decisions.map((entry) => entry.decision).find((decision) => decision.status === 'open' && which(decision));
        return Boolean(found) || ended() !== null;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`the host ended before its card was open:\n${ended()?.stdout}\n${ended()?.stderr}`);
  return found;
}

export async function openCardInOnlySession(person: ReturnType<typeof world>, screen: () => string): Promise<DecisionView> {
  let found: DecisionView | undefined;
  await expect
    .poll(
      async () => {
        const { sessions } = await person.send(sessionRoutes.listSessions, { query: {} });
        const session = sessions[0]?.id;
        if (!session) return false;
        const listed = await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } });
        found = listed.decisions.map(({ decision }) => decision).find((decision) => decision.status === 'open');
        return Boolean(found);
      },
      { timeout: 60_000, message: `no card; the terminal showed:\n${screen().slice(-3000)}` },
    )
    .toBe(true);
  return found!;
}
