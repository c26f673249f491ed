/** One agent cannot flood a person's queue: past its cap of open decisions, a filing is refused, clearly. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { tierAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ openPerAgent: 3 });
});
afterAll(() => cast?.stop());

const context = 'Enough context for a person to answer without opening the session, which is the point.';

describe('the per-agent cap on open decisions', () => {
  it('refuses the filing past the cap with a specific message, changes nothing, and frees up as decisions close', async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent('Chatty');
    const other = await me.agent('Quiet');
    const ids: string[] = [];
    for (let n = 1; n <= 3; n += 1)
      ids.push((await me.file({ question: `Question ${n}?`, context, asks: [tierAsk()], agent: agent.id })).body.decision.id);
    const refused = await expectProblem(
      me.file({ question: 'Question 4?', context, asks: [tierAsk()], agent: agent.id }),
      409,
      'agent_open_cap',
    );
    expect(refused.detail).toBe(
      'Chatty already has 3 open decisions waiting, the most one agent may keep open (3). Answer or archive some before it asks more.',
    );
    const count = await cast.pool.query('select count(*)::int as n from decisions where agent_id = $1', [agent.id]);
    expect(count.rows[0].n).toBe(3);
    // Another agent is not held back, and one archived makes room again.
    expect((await me.file({ question: 'Other?', context, asks: [tierAsk()], agent: other.id })).status).toBe(201);
    await me.send(decisionRoutes.archiveDecision, { params: { id: ids[0]! }, body: {} });
    expect((await me.file({ question: 'Question 4?', context, asks: [tierAsk()], agent: agent.id })).status).toBe(201);
  });
});
