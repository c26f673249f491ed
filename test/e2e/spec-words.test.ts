/**
 * AW-03's own words and rules where the web had drifted from them (issue 39 item 12), in a real
 * browser at 1440×900 and on a 390 px phone, each state scanned by axe: the choice control's
 * Cancel (§6.3); Undo on an archived or withdrawn decision shown disabled with its reason, never
 * hidden (FR-38); the Answered and Archived tabs' own empty lines (§8).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage, WIDTHS, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A poll's patience: the machine is shared, so waits are generous. */
const SCENARIO = 240_000;
/** The two screens the issue was tried on. */
const detail = (page: Page) => page.locator('.detail');
const ask = (page: Page, n: number) => page.locator(`[data-ask="${n}"]`);

describe("the spec's words and rules (issue 39 item 12)", () => {
  it(
    '§6.3 — the choice control has Cancel beside Answer: it takes back the pick and the reason, and answers nothing',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const id = (await me.file({ question: 'Which feed tier should it buy?', context, asks: [tierAsk()] })).body.decision.id;
      for (const { name, viewport } of WIDTHS) {
        const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${id}`, { viewport, until: 'signed-in' });
        await detail(page).getByRole('heading', { name: 'Which feed tier should it buy?' }).waitFor(SLOW);
        const cancel = ask(page, 1).getByRole('button', { name: 'Cancel' });
        // Nothing picked: nothing to take back.
        expect(await cancel.isDisabled()).toBe(true);
        // Against the recommendation: the reason turns required, as §6.3 draws it, with Cancel beside Answer.
        await ask(page, 1).getByRole('radio', { name: /Basic/ }).check();
        await ask(page, 1).getByLabel('Why? (required)').fill('Budget is capped this quarter.');
        expect(await ask(page, 1).locator('.buttons button').allTextContents()).toEqual(['Answer', 'Cancel']);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `choice-cancel-${name}`);
        await cancel.click();
        await expect.poll(() => ask(page, 1).getByRole('radio', { name: /Basic/ }).isChecked(), SLOW).toBe(false);
        expect(await ask(page, 1).getByLabel('Why? (optional)').inputValue()).toBe('');
        expect(await ask(page, 1).getByRole('button', { name: 'Answer', exact: true }).isDisabled()).toBe(true);
        expect(await cancel.isDisabled()).toBe(true);
        expect((await me.decision(id)).status).toBe('open');
        await page.close();
      }
    },
  );

  it(
    'FR-38 — Undo on an archived or a withdrawn decision is shown disabled, with the reason, never hidden',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Researcher');
      const file = async (question: string) =>
        (await me.file({ question, context, asks: [approvalAsk(), tierAsk()], agent: agent.id })).body.decision.id;
      const archived = await file('Set aside after one answer');
      const withdrawn = await file('Taken back after one answer');
      for (const id of [archived, withdrawn]) await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
      await me.send(decisionRoutes.archiveDecision, { params: { id: archived }, body: {} });
      await me.send(decisionRoutes.withdrawDecision, { params: { id: withdrawn }, body: {} });

      const cases = [
        { id: archived, tab: 'archived', words: 'Undo — this decision was archived. Restore it to undo an answer.' },
        { id: withdrawn, tab: 'answered', words: 'Undo — Researcher withdrew this decision; its answers stay as they were.' },
      ];
      for (const { name, viewport } of WIDTHS) {
        for (const { id, tab, words } of cases) {
          const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?tab=${tab}&id=${id}`, {
            viewport,
            until: 'signed-in',
          });
          const answered = detail(page).getByTestId('answered-ask');
          await answered.waitFor(SLOW);
          await answered.getByRole('button', { name: 'Answer actions' }).click();
          const undo = answered.getByRole('menuitem', { name: words });
          await undo.waitFor(SLOW);
          expect(await undo.getAttribute('aria-disabled')).toBe('true');
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `undo-disabled-${tab}-${name}`);
          // Pressed anyway (aria-disabled keeps it focusable), it does nothing: the answer stands.
          await undo.click({ force: true });
          expect((await me.decision(id)).asks[0]!.answer).toMatchObject({ value: { decision: 'approve' } });
          await page.close();
        }
      }
    },
  );

  it('§8 — the Answered and Archived tabs each have their own empty line', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    await me.file({ question: 'Still open: which tier?', context, asks: [tierAsk()] });
    for (const { name, viewport } of WIDTHS) {
      const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport });
      await page.getByRole('tab', { name: /^Answered/ }).click();
      await expect
        .poll(() => page.getByTestId('empty-tab').textContent(), SLOW)
        .toBe('Nothing answered yet. What you answer is kept here, with who answered it and when.');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `empty-answered-${name}`);
      await page.getByRole('tab', { name: /^Archived/ }).click();
      await expect
        .poll(() => page.getByTestId('empty-tab').textContent(), SLOW)
        .toBe('Nothing archived. A decision you archive waits here until you restore it.');
      expect(page.url()).toContain('tab=archived');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `empty-archived-${name}`);
      await page.close();
    }
  });
});
