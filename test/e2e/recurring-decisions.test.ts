/**
 * Recurring decisions in a real browser (AW-03 §4.9, S9, §6.14, FR-56…FR-58): the "Asked 3
 * times" chip, the detail's line and its action opening the agent's instructions with a draft
 * rule, Save writing it while the decision stays as it was, and the editor's other states.
 * Each state is scanned by axe and photographed at 1280 and 375 px.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';
import { world } from '../support/agent-world';

import { axeViolations } from '../support/axe';
import { WIDE, atBothWidths, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { choice } from '../support/dated-decisions';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** A scenario's patience: Temporal, Postgres and Chromium share 2 cores with other test runs. */
const SCENARIO = 240_000;
type Me = ReturnType<typeof world>;
const queue = (me: Me) => me.send(decisionRoutes.listQueue);
const instructionsOf = async (me: Me, id: string) => (await me.send(agentRoutes.getAgent, { params: { id } })).agent.instructions;

/** Signs in on the queue (where signedInPage waits for "My Decisions"), then opens `path`. */
const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, '/decisions', { viewport: WIDE, thenOpen: path });

const toast = (page: Page) => page.getByTestId('toast').allTextContents();

describe('recurring decisions (§6.14, FR-56…FR-58)', () => {
  it(
    'S9 — the third "which supplier list is authoritative?": the chip, the detail line, and the action opening the editor with the draft rule; Save writes it and the decision is unchanged',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const editor = await me.agent('Editor');
      const ops = await me.agent('Ops');
      await me.send(agentRoutes.updateAgent, { params: { id: editor.id }, body: { instructions: 'Keep the supplier sheet current.' } });
      const first = (await me.file(choice('Which supplier list is authoritative?', { agent: editor.id }))).body.decision.id;
      await me.answer(first, 1, { kind: 'decision', selected: [2] }, 'Ops owns it this quarter.');
      const second = (await me.file(choice('Which supplier list is AUTHORITATIVE?!', { agent: editor.id, session: await me.session() })))
        .body.decision.id;
      await me.answer(second, 1, { kind: 'decision', selected: [1] }, 'Finance keeps it current now.');
      const third = (await me.file(choice('which supplier list is authoritative', { agent: editor.id, session: await me.session() }))).body
        .decision.id;
      // The same question from another agent is not in the cluster: no chip.
      const other = (await me.file(choice('Which supplier list is authoritative?', { agent: ops.id }))).body.decision.id;
      const rule =
        'When you would ask "Which supplier list is AUTHORITATIVE?!", do not ask: the answer is "The finance list". Reason: Finance keeps it current now.';
      const before = await me.decision(third);

      const page = await signedIn(me.member.token, `/decisions?id=${third}`);
      await page.getByRole('heading', { name: 'which supplier list is authoritative' }).waitFor(SLOW);
      const thirdCard = page.locator(`[data-card="${third}"]`);
      await expect.poll(() => thirdCard.getByTestId('recurring').textContent(), SLOW).toBe('⟳ Asked 3 times');
      expect(await thirdCard.getByTestId('recurring').locator('[aria-hidden="true"]').textContent()).toBe('⟳ ');
      expect(await page.locator(`[data-card="${other}"]`).getByTestId('recurring').count()).toBe(0);

      // Above the asks: how often, and the action.
      const note = page.getByTestId('recurring-note');
      expect(await note.locator('p').textContent()).toBe('⟳ Editor has asked this 3 times in 14 days.');
      const action = note.getByRole('link', { name: "Write this into Editor's instructions" });
      expect(await action.getAttribute('href')).toBe(`/agents/${editor.id}/instructions?draft=${third}`);
      const order = await page
        .locator('.detail')
        .evaluate((detail) =>
          Array.from(
            (
              detail as unknown as { querySelectorAll(s: string): ArrayLike<{ dataset: Record<string, string>; tagName: string }> }
            ).querySelectorAll('[data-testid="recurring-note"], ol.asks'),
          ).map((element) => element.dataset.testid ?? element.tagName),
        );
      expect(order).toEqual(['recurring-note', 'OL']);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'recurring-detail');

      // The editor opens with the rule appended as a new paragraph, marked as a draft; nothing is saved yet.
      await action.click();
      await page.waitForURL((url) => url.pathname === `/agents/${editor.id}/instructions` && url.search === `?draft=${third}`);
      await page.getByRole('heading', { level: 1, name: 'Instructions for Editor' }).waitFor(SLOW);
      const textarea = page.getByLabel('Instructions', { exact: true });
      const drafted = `Keep the supplier sheet current.\n\n${rule}`;
      await expect.poll(() => textarea.inputValue(), SLOW).toBe(drafted);
      const draftNote = page.getByTestId('draft-note');
      expect(await draftNote.getByRole('heading', { name: 'Draft — not saved yet' }).count()).toBe(1);
      expect(await draftNote.getByTestId('draft-rule').textContent()).toBe(rule);
      expect(await textarea.getAttribute('aria-describedby')).toContain('instructions-draft');
      expect(await page.getByTestId('instructions-count').textContent()).toBe(`${drafted.length} / 20,000 characters`);
      expect(await page.getByTestId('unsaved').textContent()).toBe('Unsaved changes.');
      expect(await instructionsOf(me, editor.id)).toBe('Keep the supplier sheet current.');
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'instructions-draft');

      // The person may edit the draft before saving; Save writes exactly what the box holds.
      await textarea.press('Control+End');
      await textarea.pressSequentially(' Ask again if Finance hands it back.');
      const written = `${drafted} Ask again if Finance hands it back.`;
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page), SLOW).toEqual(["Saved Editor's instructions."]);
      expect(await instructionsOf(me, editor.id)).toBe(written);
      expect(await page.getByTestId('draft-note').count()).toBe(0);
      expect(await page.getByTestId('unsaved').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(new URL(page.url()).search).toBe('');
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'instructions-saved');

      // FR-58: advisory only — the decision is exactly as it was: open, unanswered, nothing archived.
      const after = await me.decision(third);
      expect(after.status).toBe('open');
      expect(after.progress).toEqual(before.progress);
      expect(after.asks.map((ask) => ask.answer)).toEqual([null]);
      expect((await queue(me)).decisions.map((decision) => decision.id).sort()).toEqual([third, other].sort());

      // Opening the same link again does not append the rule a second time.
      await page.goto(`${cast.url}/agents/${editor.id}/instructions?draft=${third}`);
      await page.getByRole('heading', { level: 1, name: 'Instructions for Editor' }).waitFor(SLOW);
      await expect.poll(() => textarea.inputValue(), SLOW).toBe(written);
      expect(await page.getByTestId('draft-note').count()).toBe(0);
    },
  );

  it(
    "the editor: discarding a draft saves nothing; over 20,000 characters it says so and will not save; another workspace's agent is not found",
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const editor = await me.agent('Editor');
      const ids: string[] = [];
      for (const question of [
        'Which supplier list is authoritative?',
        'Which supplier list is AUTHORITATIVE?!',
        'which supplier list is authoritative',
      ]) {
        const id = (await me.file(choice(question, { agent: editor.id, session: await me.session() }))).body.decision.id;
        // The first two are answered, so the third has a draft rule to offer.
        if (ids.length < 2) await me.answer(id, 1, { kind: 'decision', selected: [1] });
        ids.push(id);
      }
      const page = await signedIn(me.member.token, `/agents/${editor.id}/instructions?draft=${ids[2]}`);
      await page.getByRole('heading', { level: 1, name: 'Instructions for Editor' }).waitFor(SLOW);
      await page.getByTestId('draft-note').waitFor(SLOW);
      const textarea = page.getByLabel('Instructions', { exact: true });
      await page.getByRole('button', { name: 'Discard changes' }).click();
      expect(await textarea.inputValue()).toBe('');
      expect(await page.getByTestId('draft-note').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      await textarea.fill('x'.repeat(20_001));
      await page.getByText('That is 1 character over the limit of 20,000. Shorten it to save.').waitFor();
      expect(await textarea.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('instructions-count').textContent()).toBe('20,001 / 20,000 characters');
      expect(await instructionsOf(me, editor.id)).toBe('');

      // A decision that is not recurring adds nothing, and says why.
      const lone = (await me.file(choice('Is this a one-off?', { agent: editor.id }))).body.decision.id;
      await page.goto(`${cast.url}/agents/${editor.id}/instructions?draft=${lone}`);
      await page.getByTestId('no-draft').waitFor(SLOW);
      expect(await textarea.inputValue()).toBe('');

      const stranger = world(cast, await cast.newMember());
      const theirs = await stranger.agent('Not yours');
      await page.goto(`${cast.url}/agents/${theirs.id}/instructions`);
      await page.getByRole('heading', { level: 1, name: 'Not found.' }).waitFor(SLOW);
      expect(await page.getByText('Not yours').count()).toBe(0);
    },
  );
});
