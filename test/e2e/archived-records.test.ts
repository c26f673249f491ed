/**
 * An archived approval is archived everywhere (AW-03 §10, issue 30), in a real browser: once its
 * decision is archived in the queue, Home offers no Approve/Reject for it, the Inbox no longer
 * says "Waiting for you", and the task board no longer shows its task blocked by it; the detail
 * pane shows it ARCHIVED with its action and risks, read-only. A restore makes every surface
 * pending again.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalRoutes } from '../../domain/routes/approvals';
import { world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { WIDE, screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** The machine is shared: waits are generous. */
const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
const SUMMARY = 'Approve the $240 spend on the data feed';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function visit(page: Page, entry: 'Dashboard' | 'Inbox' | 'Tasks' | 'My Decisions', heading: string) {
  await sidebar(page)
    .getByRole('link', { name: new RegExp(`^${entry}`) })
    .click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor(SLOW);
}

describe('an archived approval is archived everywhere (§10)', () => {
  it(
    '§10, FR-43 — archived in the queue: Home offers no Approve/Reject, the Inbox is not waiting, the task keeps its status (§7); the pane shows it ARCHIVED with its action and risks; Restore makes all of them pending again',
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Researcher');
      const task = await me.task('Refresh the pricing page');
      const { approval } = await me.send(approvalRoutes.proposeApproval, {
        body: {
          actionType: 'override_budget',
          summary: SUMMARY,
          context: 'The free feed went down twice this week.',
          risks: ['spends_money', 'recurring'],
          agent: agent.id,
          task: task.id,
        },
      });
      const decisionId = approval.decisionId!;
      const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${decisionId}`, { viewport: WIDE });
      const pane = page.locator('.detail');
      await pane.getByRole('heading', { name: SUMMARY }).waitFor(SLOW);

      // Archived in the queue, from its detail pane.
      await pane.getByRole('button', { name: 'Archive', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('toast').allTextContents(), SLOW)
        .toEqual(['Archived. Nothing was answered; you can restore it from Archived.']);

      // Home: no Approve/Reject for it — it is gone from the pending block.
      await visit(page, 'Dashboard', 'Dashboard');
      const block = page.getByRole('region', { name: 'Action approvals' });
      await block.getByText('No action is waiting for your approval.').waitFor(SLOW);
      expect(await block.locator(`[data-approval="${approval.id}"]`).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

      // Inbox: the message reads Archived, with no reply box.
      await visit(page, 'Inbox', 'Inbox');
      const message = page.getByRole('article', { name: SUMMARY });
      await expect.poll(() => message.getByTestId('message-status').textContent(), SLOW).toBe('Archived');
      expect(await message.textContent()).not.toContain('Waiting for you');
      expect(await message.getByLabel('Reply').count()).toBe(0);
      await expectAccessible(page);

      // Task board: no decision of it needs you now, and the task keeps its status — blocked — for
      // archiving is "deliberately not chained" to the task's lifecycle (AW-03 §7).
      await visit(page, 'Tasks', 'Task board');
      const column = (name: RegExp) => page.getByRole('region', { name });
      const card = page.locator(`[data-task="${task.id}"]`);
      await expect
        .poll(
          () =>
            column(/^Needs you/)
              .locator(`[data-task="${task.id}"]`)
              .count(),
          SLOW,
        )
        .toBe(0);
      expect(
        await column(/^Blocked/)
          .locator(`[data-task="${task.id}"]`)
          .count(),
      ).toBe(1);
      expect(await card.first().locator('.meta').textContent()).toBe('Blocked');

      // The Archived tab: ARCHIVED beside the title (which is the action), its risks read-only, Restore instead of Approve.
      await page.goto(`${cast.url}/decisions?tab=archived&id=${decisionId}`);
      const title = pane.getByRole('heading', { name: new RegExp(`^${SUMMARY.replace(/[$]/g, '\\$')}`) });
      await title.waitFor(SLOW);
      expect(await title.locator('.tag').textContent()).toBe('ARCHIVED');
      // The action is the title's one sentence, said once there (issue 39 item 4), not again as ACTION.
      expect(await pane.getByText(`ACTION ${SUMMARY}`).count()).toBe(0);
      expect(await pane.getByTestId('risks').getByRole('listitem').allTextContents()).toEqual([
        'Spends real money',
        'Recurring until cancelled',
      ]);
      expect(await pane.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      expect(await pane.getByRole('button', { name: 'Reject' }).count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, 'archived-approval-detail-1280');

      // Restore: every surface is pending again.
      await pane.getByRole('button', { name: 'Restore' }).click();
      await expect.poll(async () => (await me.decision(decisionId)).status, SLOW).toBe('open');
      await visit(page, 'Dashboard', 'Dashboard');
      const row = block.locator(`[data-approval="${approval.id}"]`);
      await row.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
      expect(await row.getByRole('button', { name: 'Reject' }).count()).toBe(1);
      await visit(page, 'Inbox', 'Inbox');
      await expect.poll(() => message.getByTestId('message-status').textContent(), SLOW).toBe('Waiting for your approval');
      expect(await message.getByLabel('Reply').count()).toBe(1);
      await visit(page, 'Tasks', 'Task board');
      await expect
        .poll(
          () =>
            column(/^Needs you/)
              .locator(`[data-task="${task.id}"]`)
              .count(),
          SLOW,
        )
        .toBe(1);
      expect(await card.locator('.meta').textContent()).toBe('Blocked');
    },
    SCENARIO,
  );
});
