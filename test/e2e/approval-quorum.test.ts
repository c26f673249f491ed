/**
 * Issue 41 items 3, 4 in a real browser: an approval that needs two people shows who approved and
 * how many it needs ("Approved by Dana — 1 of 2"); the member whose own agent asked is told on the
 * card, before trying, that they cannot approve it — Approve disabled, with the reason — and can
 * still reject; another member's Approve completes it. The Settings page keeps the per-action count.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalSettingsRoutes } from '../../domain/routes/approval-settings';
import { world } from '../support/agent-world';
import { WIDE, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 15_000 };
const context = 'The agent has $200 a month for data and the feed costs $240; it asks to go over.';
const signedIn = (token: string, path: string) => signedInPage(browser, cast.url, token, path, { viewport: WIDE, until: 'signed-in' });

describe('issue 41: an approval that needs two people, on the card', () => {
  it('says who approved and how many it needs; the asker is told before trying; a second person completes it', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    await me.send(approvalSettingsRoutes.replaceApprovalSettings, {
      body: { actions: { override_budget: { minimumApprovers: 2, separationOfDuties: true } } },
    });
    const summary = 'Subscribe to the $240 data feed';
    const filed = await me.file({
      question: 'Go $40 over budget for the data feed?',
      context,
      asks: [{ kind: 'approval', prompt: summary, action: { kind: 'override_budget', summary } }],
    });
    const id = filed.body.decision.id;
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    const eli = await colleagueOf(cast.pool, owner, 'Eli');
    await world(cast, dana).answer(id, 1, { kind: 'approval', decision: 'approve' });

    const asker = await signedIn(owner.token, `/decisions/${id}`);
    await expect.poll(() => asker.getByTestId('quorum-count').first().textContent(), SLOW).toBe('Approved by Dana — 1 of 2');
    const blocked = asker.getByTestId('approve-blocked').first();
    expect(await blocked.textContent()).toContain('your own agent asked for it');
    expect(await asker.locator('[data-answer="approve"]').first().isDisabled()).toBe(true);
    expect(await asker.locator('[data-answer="reject"]').first().isDisabled()).toBe(false);
    await asker.close();

    const second = await signedIn(eli.token, `/decisions/${id}`);
    await expect.poll(() => second.getByTestId('quorum-count').first().textContent(), SLOW).toBe('Approved by Dana — 1 of 2');
    await second.locator('[data-answer="approve"]').first().click();
    await expect.poll(() => second.getByTestId('answered-line').first().textContent(), SLOW).toMatch(/^Approved by you/);
    expect(await second.getByTestId('quorum-count').first().textContent()).toBe('Approved by Dana, you — 2 of 2');
    await second.close();
  });

  it('an approver who has approved is told it waits for others, and takes their approval back from the card', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const summary = 'Delete the staging database';
    const filed = await me.file({
      question: 'Delete the staging database?',
      context,
      asks: [{ kind: 'approval', prompt: summary, action: { kind: 'other', summary }, approvers: { required: 3 } }],
    });
    const id = filed.body.decision.id;
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    const page = await signedIn(dana.token, `/decisions/${id}`);
    await expect
      .poll(() => page.getByTestId('quorum-count').first().textContent(), SLOW)
      .toBe('Needs 3 different people to approve. Nobody has yet.');
    await page.locator('[data-answer="approve"]').first().click();
    await expect.poll(() => page.getByTestId('quorum-count').first().textContent(), SLOW).toBe('Approved by you — 1 of 3');
    expect(await page.getByTestId('approve-blocked').first().textContent()).toBe('You approved this. It waits for 2 more people.');
    expect(await page.locator('[data-answer="approve"]').first().isDisabled()).toBe(true);
    await page.getByTestId('take-back-approval').click();
    await expect.poll(() => page.getByTestId('withdrawn').first().textContent(), SLOW).toMatch(/^Approval taken back by you/);
    expect(await page.getByTestId('quorum-count').first().textContent()).toBe('Needs 3 different people to approve. Nobody has yet.');
    expect((await me.decision(id)).asks[0]).toMatchObject({ status: 'open', quorum: { approvals: [] } });
    await page.close();
  });

  it('the Settings page keeps how many people approve each kind of action', async () => {
    const owner = await cast.newMember();
    const page = await signedIn(owner.token, '/settings');
    const row = page.getByTestId('approval-setting-send_message');
    await row.locator('input[type="number"]').fill('3');
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('approval-settings').getByRole('button', { name: 'Save approvals' }).click();
    await expect.poll(() => page.getByTestId('approval-settings').getByRole('status').textContent(), SLOW).toBe('Approval settings saved.');
    const { settings } = await world(cast, owner).send(approvalSettingsRoutes.getApprovalSettings);
    expect(settings.actions.send_message).toEqual({ minimumApprovers: 3, separationOfDuties: true });
    await page.close();
  });
});
