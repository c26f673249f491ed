/**
 * Issue 39 item 2 — a decision keeps the scope it was filed in. A session's scope follows the
 * directory its latest filing came from; the decisions it filed earlier stay where they were
 * filed, in the queue's groups, the decision itself and the database row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const choice = (question: string) => ({
  question,
  asks: [{ kind: 'decision' as const, prompt: question, options: [{ label: 'Yes' }, { label: 'No' }] }],
});

describe('issue 39 item 2 — a decision keeps the scope it was filed in', () => {
  it("one filing from another directory moves the session, not the session's open decisions", async () => {
    const me = world(cast, await cast.newMember());
    const session = `research-42-${randomUUID()}`;
    const first = await me.file({ ...choice('Which feed?'), session, scope: 'research-42' });
    const second = await me.file({ ...choice('Which tier?'), session, scope: 'research-42' });
    const moved = await me.file({ ...choice('Rename the bucket?'), session, scope: 'OTHER-DIR' });
    expect([first.status, second.status, moved.status]).toEqual([201, 201, 201]);

    // The session now works in OTHER-DIR: that is what its latest filing said.
    expect((await me.send(sessionRoutes.getSession, { params: { id: session } })).session.scope).toBe('OTHER-DIR');

    const page = await me.send(decisionRoutes.listQueue, { query: {} });
    const scopes = Object.fromEntries(page.decisions.map((card) => [card.question, card.scope]));
    expect(scopes).toEqual({ 'Which feed?': 'research-42', 'Which tier?': 'research-42', 'Rename the bucket?': 'OTHER-DIR' });
    expect((await me.decision(first.body.decision.id)).links.scope).toBe('research-42');
    expect((await me.decision(moved.body.decision.id)).links.scope).toBe('OTHER-DIR');
  });

  it('a re-post of an open question from another directory edits it and leaves its scope', async () => {
    const me = world(cast, await cast.newMember());
    const session = `research-42-${randomUUID()}`;
    const filed = await me.file({ ...choice('Which feed?'), session, scope: 'research-42' });
    const again = await me.file({ ...choice('Which feed?'), session, scope: 'OTHER-DIR', context: 'Asked again from elsewhere.' });
    expect(again.body.decision.id).toBe(filed.body.decision.id);
    const page = await me.send(decisionRoutes.listQueue, { query: {} });
    expect(page.decisions.map((card) => card.scope)).toEqual(['research-42']);
  });

  it("a filing without a scope takes its session's scope at that moment, and keeps it", async () => {
    const me = world(cast, await cast.newMember());
    const session = `conv-${randomUUID()}`;
    await me.send(sessionRoutes.putSession, { params: { id: session }, body: { scope: 'billing' } });
    const filed = await me.file({ ...choice('Refund the order?'), session });
    await me.send(sessionRoutes.putSession, { params: { id: session }, body: { scope: 'pricing' } });
    const page = await me.send(decisionRoutes.listQueue, { query: {} });
    expect(page.decisions.map((card) => [card.id, card.scope])).toEqual([[filed.body.decision.id, 'billing']]);
  });
});
