/**
 * The keyboard, all of it (§6.17, FR-64…FR-66), in a real browser: Enter submits from every
 * ask control (Ctrl/⌘+Enter in a multi-line field, where plain Enter adds a line); Esc closes
 * the `?` sheet and every dialog, and focus goes back where it was; Enter on a card reached
 * with Tab opens that card; after an answer, an undo or a permission card's `y`, focus moves
 * on and the live region says what happened; `u` says why it cannot undo (E6, E7); `]` after
 * an answer goes to the decision that followed; the `?` sheet lists every binding. Each state
 * is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';

import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { currentCardId, fileInOrder, focusedElement, toastText } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let shortWindow: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, shortWindow, browser } = started), { shortWindow: { undoWindowMs: 1500 } });

const context = 'Enough context for a person to answer without opening the session, which is the point.';
const SCENARIO = 240_000;
type Me = ReturnType<typeof world>;

const answerOf = async (me: Me, id: string, ask: number) => ((await me.decision(id)) as DecisionView).asks[ask - 1]?.answer ?? null;
/**
 * The page has taken in an answer: ask `n` reads as answered and focus has landed on it (FR-66).
 * The API holds the answer a moment before the page does; moving on before then races the
 * page's own focus move, which would take the keys typed into the next ask.
 */
const shownAnswered = (page: Page, n: number) =>
  expect
    .poll(
      () =>
        page.evaluate((position) => {
          const active = (
            globalThis as unknown as {
              document: { activeElement: { closest(s: string): { getAttribute(a: string): string | null } | null } | null };
            }
          ).document.activeElement;
          return active?.closest('[data-testid="answered-ask"]')?.getAttribute('data-ask') === String(position);
        }, n),
      SLOW,
    )
    .toBe(true);

describe('the keyboard, all of it (§6.17, FR-64…FR-66)', () => {
  it(
    '§6.17: Enter submits from every ask control; Ctrl/⌘+Enter in a multi-line field, where Enter adds a line',
    { timeout: SCENARIO },
    async () => {
      const member = await cast.newMember();
      const me = world(cast, member);
      const [id] = await fileInOrder(
        me,
        [
          {
            question: 'Set up the new data feed',
            asks: [
              approvalAsk(),
              tierAsk(),
              { kind: 'fact', prompt: 'What is the VAT rate we charge in Ireland?' },
              { kind: 'fact', prompt: 'Describe the supplier terms.', multiline: true },
              {
                kind: 'access',
                prompt: 'Grant read-only access',
                needed: 'Read-only analytics',
                grantUrl: 'https://cast.invalid/connections',
              },
              { kind: 'action', prompt: 'Sign the supplier agreement in the finance portal.' },
            ],
          },
        ],
        context,
      );
      const decision = id!;
      const page = await signedInPage(browser, cast.url, member.token);
      const detail = page.locator('.detail');
      await page.getByRole('heading', { name: 'Set up the new data feed' }).waitFor(SLOW);

      // A choice: Space picks the option, Enter on it answers. In its reason, Enter adds a line.
      await detail.getByRole('radio', { name: /Pro/ }).focus();
      await page.keyboard.press('Space');
      await detail.getByLabel('Why? (optional)').nth(1).focus();
      await page.keyboard.type('Hourly matters.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('For the dashboards.');
      expect(await detail.getByLabel('Why? (optional)').nth(1).inputValue()).toBe('Hourly matters.\nFor the dashboards.');
      expect(await answerOf(me, decision, 2)).toBeNull();
      await detail.getByRole('radio', { name: /Pro/ }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => answerOf(me, decision, 2), SLOW)
        .toMatchObject({ value: { kind: 'decision', selected: [2] }, reason: 'Hourly matters.\nFor the dashboards.' });
      await shownAnswered(page, 2);

      // A one-line fact: Enter answers.
      await detail.getByLabel('What is the VAT rate we charge in Ireland?').fill('23%');
      await detail.getByLabel('What is the VAT rate we charge in Ireland?').press('Enter');
      await expect.poll(() => answerOf(me, decision, 3), SLOW).toMatchObject({ value: { kind: 'fact', text: '23%' } });
      await shownAnswered(page, 3);

      // A multi-line fact: Enter adds a line, Ctrl+Enter answers.
      const terms = detail.getByLabel('Describe the supplier terms.');
      await terms.focus();
      await page.keyboard.type('Net 30.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Two-year term.');
      expect(await answerOf(me, decision, 4)).toBeNull();
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => answerOf(me, decision, 4), SLOW).toMatchObject({ value: { kind: 'fact', text: 'Net 30.\nTwo-year term.' } });
      await shownAnswered(page, 4);

      // Access: Ctrl+Enter in its reason says it is granted.
      const accessReason = page.locator('[data-ask="5"]').getByLabel('Why? (optional)');
      await accessReason.focus();
      await page.keyboard.type('Granted in the console.');
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => answerOf(me, decision, 5), SLOW)
        .toMatchObject({ value: { kind: 'access', granted: true }, reason: 'Granted in the console.' });
      await shownAnswered(page, 5);

      // Action: ⌘+Enter in its note marks it done.
      await page.locator('[data-ask="6"]').getByLabel('Note (optional)').focus();
      await page.keyboard.type('Signed.');
      await page.keyboard.press('Meta+Enter');
      await expect.poll(() => answerOf(me, decision, 6), SLOW).toMatchObject({ value: { kind: 'action', done: true, note: 'Signed.' } });

      // Approval: n opens the required reason; Ctrl+Enter there confirms the rejection.
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('[data-ask="1"]').getByRole('button', { name: 'Approve', exact: true }).focus();
      await page.keyboard.press('n');
      const reason = detail.getByLabel('Why? (required)');
      await expect.poll(() => reason.evaluate((element) => element === element.ownerDocument.activeElement), SLOW).toBe(true);
      await page.keyboard.type('Budget is capped.');
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => answerOf(me, decision, 1), SLOW)
        .toMatchObject({ value: { kind: 'approval', decision: 'reject' }, reason: 'Budget is capped.' });
      await expect.poll(async () => (await me.decision(decision)).status, SLOW).toBe('resolved');
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('§6.17: Esc closes the ? sheet and the Archive-all dialog, and every dialog gives focus back', { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const [first, second] = await fileInOrder(
      me,
      [
        { question: 'Dialog one?', asks: [tierAsk()] },
        { question: 'Dialog two?', asks: [tierAsk()] },
      ],
      context,
    );
    const page = await signedInPage(browser, cast.url, member.token);
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);

    // The ? sheet, opened from a card: Esc closes it and the card has focus again.
    await page.keyboard.press('j');
    await expect.poll(async () => (await focusedElement(page)).card, SLOW).toBe(second);
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard' });
    await sheet.waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible(), SLOW).toBe(false);
    await expect.poll(async () => (await focusedElement(page)).card, SLOW).toBe(second);
    // Esc in the sheet closed only the sheet: j still moves in the list.
    await page.keyboard.press('k');
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);

    // Archive all: Esc closes it, nothing is archived, and focus is back on its button.
    const archiveAll = page.getByRole('button', { name: 'Archive all' });
    await archiveAll.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('archive-all-dialog');
    await confirm.waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count(), SLOW).toBe(0);
    await expect.poll(async () => (await focusedElement(page)).text, SLOW).toBe('Archive all');
    expect((await me.decision(first!)).status).toBe('open');

    // Group into a stack: Esc closes it, and focus is back on the button that opened it.
    await page.getByRole('checkbox', { name: 'Dialog one?' }).check();
    const group = page.getByRole('button', { name: 'Group into a stack' });
    await group.focus();
    await page.keyboard.press('Enter');
    const grouping = page.getByTestId('group-stack-dialog');
    await grouping.waitFor(SLOW);
    await page.keyboard.press('Escape');
    await expect.poll(() => grouping.count(), SLOW).toBe(0);
    await expect.poll(async () => (await focusedElement(page)).text, SLOW).toBe('Group into a stack');
  });

  it("§6.17: after Tab to a card that is not the selected one, Enter opens that card's first ask", { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const [first, , third] = await fileInOrder(
      me,
      [
        { question: 'Selected first?', asks: [approvalAsk()] },
        { question: 'In between?', asks: [approvalAsk()] },
        { question: 'Tabbed to?', asks: [tierAsk()] },
      ],
      context,
    );
    const page = await signedInPage(browser, cast.url, member.token);
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);
    await page.getByRole('heading', { name: 'Selected first?' }).waitFor(SLOW);

    // Tab on from the second card's Archive button to the third card.
    await page.getByRole('button', { name: 'Archive "In between?"' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focusedElement(page)).card, SLOW).toBe(third);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tabbed to?' }).waitFor(SLOW);
    expect(await currentCardId(page)).toBe(third);
    await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'INPUT', ask: '1', inDetail: true });
    expect((await me.decision(first!)).status).toBe('open');
  });

  it(
    'FR-66: after answering, undoing or a permission card’s y, focus moves on and the live region says what happened',
    { timeout: SCENARIO },
    async () => {
      const member = await cast.newMember();
      const me = world(cast, member);
      const [choice] = await fileInOrder(me, [{ question: 'Answer me by key?', asks: [tierAsk()] }], context);
      const page = await signedInPage(browser, cast.url, member.token);
      await page.getByRole('heading', { name: 'Answer me by key?' }).waitFor(SLOW);

      // Answered in list mode: focus stays with the answer, on its summary.
      // 1 focuses the first option; ↓ picks the recommended one (no reason needed); Enter answers.
      await page.keyboard.press('1');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await me.decision(choice!)).status, SLOW).toBe('resolved');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ testid: 'answered-ask', ask: '1' });
      await expect.poll(() => toastText(page), SLOW).toBe('Answered. There was no paused work left to restart.');
      // FR-66: those words are in a polite live region (role status), not only in a toast that fades.
      const region = page.getByRole('status').filter({ hasText: 'Answered. There was no paused work left to restart.' });
      expect(await region.count()).toBe(1);
      expect(await region.getAttribute('aria-live')).toBe('polite');

      // Undone with u: the ask is open again and has focus itself (not its field, where the next
      // key would be typed), and the live region says so.
      await page.keyboard.press('u');
      await expect.poll(async () => (await me.decision(choice!)).status, SLOW).toBe('open');
      await expect.poll(() => toastText(page), SLOW).toBe('Answer withdrawn. The agent has been told.');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'LI', ask: '1', inDetail: true });

      // Two permission prompts: y answers the first, which stays on screen with its answer in focus;
      // ] then goes on to the second, and the live region says what happened.
      const session = await me.session();
      const prompt = (tool: string) =>
        me
          .send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: { kind: 'permission', tool, input: 'ls' } })
          .then((reply) => reply.decision.id);
      const bash = await prompt('Bash');
      await prompt('Write');
      await page.reload();
      await page.locator(`[data-card="${bash}"]`).click();
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ id: 'detail-title', text: 'Allow Bash?' });
      await page.keyboard.press('y');
      await expect.poll(async () => (await me.decision(bash)).status, SLOW).toBe('resolved');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ testid: 'answered-ask', ask: '1' });
      await expect.poll(() => toastText(page), SLOW).toMatch(/^Answered\./);
      expect(await page.locator('#detail-title').textContent()).toMatch(/^Allow Bash\?/);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'keyboard-after-y-1280');
    },
  );

  it('E6, E7: u when undo is not possible says why, in the ask menu’s words', { timeout: SCENARIO }, async () => {
    // E7: the window has passed (1.5 s on this Cast).
    const late = world(shortWindow, await shortWindow.newMember());
    const [id] = await fileInOrder(late, [{ question: 'Too late to undo?', asks: [tierAsk()] }], context);
    await late.answer(id!, 1, { kind: 'decision', selected: [2] });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const page = await signedInPage(browser, shortWindow.url, late.member.token, '/decisions?tab=answered');
    await page.getByRole('heading', { name: 'Too late to undo?' }).waitFor(SLOW);
    await page.keyboard.press('u');
    await expect.poll(() => toastText(page), SLOW).toBe('Undo — the 10-minute window has passed.');
    expect((await late.decision(id!)).status).toBe('resolved');

    // E6: the restarted run has begun.
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const [acted] = await fileInOrder(
      me,
      [{ question: 'Already acted on?', asks: [approvalAsk()], session, run: parked.id, agent: agent.id }],
      context,
    );
    await me.answer(acted!, 1, { kind: 'approval', decision: 'approve' });
    const delivered = await me.delivered(acted!);
    await me.send(runRoutes.claimRun, { params: { id: delivered.delivery!.runId! }, body: {} });
    const second = await signedInPage(browser, cast.url, member.token, '/decisions?tab=answered');
    await second.getByRole('heading', { name: 'Already acted on?' }).waitFor(SLOW);
    await second.keyboard.press('u');
    await expect.poll(() => toastText(second), SLOW).toBe('Undo — Researcher already acted on this. Undo cannot unsend or unspend.');
    expect((await me.decision(acted!)).status).toBe('resolved');
  });

  it('§6.17: ] after answering goes to the decision that followed, not the first', { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const [first, second, third] = await fileInOrder(
      me,
      [
        { question: 'Walk one?', asks: [approvalAsk()] },
        { question: 'Walk two?', asks: [approvalAsk()] },
        { question: 'Walk three?', asks: [approvalAsk()] },
      ],
      context,
    );
    const page = await signedInPage(browser, cast.url, member.token);
    await page.locator(`[data-card="${second}"]`).click();
    await page.getByRole('heading', { name: 'Walk two?' }).waitFor(SLOW);
    await page.keyboard.press('y');
    await expect.poll(async () => (await me.decision(second!)).status, SLOW).toBe('resolved');
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['2 open · 2 blocking']);
    // Still on screen, at the place it left.
    expect(await page.locator('.walker').textContent()).toBe('2 / 2');
    await page.keyboard.press(']');
    await expect.poll(() => currentCardId(page), SLOW).toBe(third);
    await page.getByRole('heading', { name: 'Walk three?' }).waitFor(SLOW);
    await page.keyboard.press('[');
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);
  });

  it('FR-64: the ? sheet lists every binding, Enter on an ask control among them', { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'Show me the keys?', context, asks: [tierAsk()] });
    const page = await signedInPage(browser, cast.url, member.token);
    await page.getByRole('heading', { name: 'Show me the keys?' }).waitFor(SLOW);
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard' });
    await sheet.waitFor(SLOW);
    // The bindings, not the header row: §6.17's fourteen, Esc in a dialog, and f (issue 41 item 1).
    const rows = sheet.locator('tbody tr');
    const bindings = await rows.evaluateAll((all) => all.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(bindings).toEqual([
      ['j / ↓', 'queue', 'Move to the next decision'],
      ['k / ↑', 'queue', 'Move to the previous decision'],
      ['Enter', 'queue', "Open the focused decision's first unanswered ask"],
      ['1–9', 'detail', 'Focus the nth ask'],
      ['y', 'detail, on an approval ask', 'Approve'],
      ['n', 'detail, on an approval ask', 'Reject (opens the required reason field)'],
      ['w', 'detail', 'Focus the reason ("why") field'],
      ['Enter (Ctrl/⌘+Enter in a multi-line field)', 'an ask control', "Submit that ask's answer"],
      ['u', 'detail', 'Undo the most recently answered ask, when undo is available'],
      ['e', 'detail', 'Archive the current decision'],
      [']', 'detail', 'Next decision'],
      ['[', 'detail', 'Previous decision'],
      ['?', 'anywhere on the surface', 'Show this table'],
      ['Esc', 'detail', 'Return focus to the queue list'],
      ['Esc', 'a dialog, or this table', 'Close it; focus goes back where it was'],
      ['f', 'queue', 'Switch between For me and Everyone'],
    ]);
    expect(await sheet.locator('thead tr').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'keyboard-sheet-1280');
  });
});
