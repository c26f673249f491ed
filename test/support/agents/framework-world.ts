/**
 * What every framework test file sets up: a test Cast, started once, and for each test a person
 * with an agent's token and a fresh conversation, the way a program using `@cast/agents` is
 * configured (`url`, `token`, `session`). `openCard` is the card the program filed, polled through
 * the person's API; `cards` every card of the conversation. Call at the top of a test file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CastOptions } from '../../../agents/core/cast-connection';
import type { DecisionView } from '../../../domain/decision';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { world } from '../agent-world';
import { agentTokenOf } from '../members';
import { startTestCast, type TestCast } from '../test-cast';
import { openCardOf } from '../hosts/open-card';
import { startRefusingProxy, type RefusingProxy } from '../hosts/refusing-proxy';

export function frameworkWorld() {
  let cast: TestCast | undefined;
  let refusing: RefusingProxy | undefined;
  beforeAll(async () => {
    [cast, refusing] = await Promise.all([startTestCast(), startRefusingProxy()]);
  });
  afterAll(async () => {
    await cast?.stop();
    await refusing?.stop();
  });
  return {
    /** A loopback port that refuses every connection: a Cast that cannot be reached. */
    unreachableUrl: () => refusing!.url,
    async conversation(agent = 'Framework agent') {
      const member = await cast!.newMember();
      const person = world(cast!, member);
      const { token } = await agentTokenOf(cast!.pool, member, agent);
      const session = `conv-${randomUUID()}`;
      const options: CastOptions = { url: cast!.url, token, session, scope: 'notes' };
      const cards = async (): Promise<DecisionView[]> =>
        (await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions.map(
          ({ decision }) => decision,
        );
      return {
        person,
        options,
        cards,
        openCard: () =>
          openCardOf(
            person,
            () => session,
            () => null,
          ),
      };
    },
  };
}
