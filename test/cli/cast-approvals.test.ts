/**
 * Issue 41 items 3, 4 from the terminal: `cast decide answer sd-N yes` on an approval that needs two
 * people counts the approval and says how many it has (the decision stays open); the same person
 * again, and the asker where the workspace separates duties, are refused with their codes
 * (exit 7, nothing changed); `--json` carries the count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalSettingsRoutes } from '../../domain/routes/approval-settings';
import { world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

describe('cast decide answer: an approval that needs two people', () => {
  it('counts each approval once, refuses the asker, and resolves on the second', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    await me.send(approvalSettingsRoutes.replaceApprovalSettings, {
      body: { actions: { override_budget: { minimumApprovers: 2, separationOfDuties: true } } },
    });
    const summary = 'Subscribe to the $240 data feed';
    const filed = await me.file({
      question: 'Go $40 over budget for the data feed?',
      context: 'The agent has $200 a month and the feed costs $240; it asks to go over.',
      asks: [{ kind: 'approval', prompt: summary, action: { kind: 'override_budget', summary } }],
    });
    const id = filed.body.decision.id;
    const dana = castShell({ url: cast.url, token: (await colleagueOf(cast.pool, owner, 'Dana')).token });
    const eli = castShell({ url: cast.url, token: (await colleagueOf(cast.pool, owner, 'Eli')).token });
    const asker = castShell({ url: cast.url, token: owner.token });

    const own = await asker.run(['decide', 'answer', id, 'yes']);
    expect(own.code).toBe(7);
    expect(own.stderr).toContain('your own agent');

    const first = await dana.run(['decide', 'answer', id, 'yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${id}: your approval is counted — approved by 1 of 2`);
    const again = await dana.run(['decide', 'answer', id, 'yes', '--json']);
    expect(again.code).toBe(7);
    expect(jsonOf(again)).toMatchObject({ problem: 'already_approved' });

    const second = await eli.run(['decide', 'answer', id, 'yes', '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(jsonOf(second)).toMatchObject({ id, state: 'resolved', verdict: 'approve', approvals: { count: 2, required: 2 } });
  });
});
