/**
 * The keyboard all the way through a real session (issue 30, items 2 and 7–10), in Chromium:
 * approving never follows from a focus move; every key lands somewhere a person can see and
 * says something when it cannot act; a host's prompt stays on screen once answered, like every
 * other decision; Previous and Next are always there and the walker never overruns; the toast
 * gets out of the way, and a second answerer is told once what happened.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { currentCardId, fileInOrder, focusedElement, toastText } from '../support/queue-page';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
const SCENARIO = 240_000;
/** Long enough for a key's effect (an answer posted, a focus move) to have happened if it were going to. */
const SETTLE_MS = 600;
type Me = ReturnType<typeof world>;

/** The label text of the option in focus. */
const focusedOption = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { closest(s: string): { textContent: string | null } | null } } }
      ).document.activeElement.closest('label')?.textContent ?? null,
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function opened(me: Me, question: string): Promise<Page> {
  const page = await signedInPage(browser, cast.url, me.member.token);
  await page.getByRole('heading', { name: question }).waitFor(SLOW);
  return page;
}

describe('the keyboard, all the way through (issue 30)', () => {
  it('item 2: Enter, Enter never approves an irreversible action; y does', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const [survey] = await fileInOrder(
      me,
      [{ question: 'Send the pricing survey?', asks: [approvalAsk('Send the pricing survey to 2,000 customers')] }],
      context,
    );
    const page = await opened(me, 'Send the pricing survey?');
    await page.locator(`[data-card="${survey}"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'FIELDSET', ask: '1', inDetail: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await settle();
    expect((await me.decision(survey!)).status).toBe('open');
    // The reason field's Ctrl+Enter says how to approve rather than moving focus onto Approve.
    await page.getByLabel('Why? (optional)').focus();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('approve-hint').waitFor(SLOW);
    expect(await focusedElement(page)).toMatchObject({ tag: 'TEXTAREA' });
    await page.keyboard.press('Enter');
    await settle();
    expect((await me.decision(survey!)).status).toBe('open');
    await page.getByRole('heading', { name: 'Send the pricing survey?' }).click();
    await page.keyboard.press('y');
    await expect.poll(async () => (await me.decision(survey!)).status, SLOW).toBe('resolved');
  });

  it(
    'item 7: checkboxes keep ↓ and ↑; Enter on a radio not chosen chooses it and says so; a digit past the asks says so',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const [feeds, other] = await fileInOrder(
        me,
        [
          {
            question: 'Which feeds to keep?',
            asks: [
              {
                kind: 'decision',
                prompt: 'Keep which feeds?',
                multiple: true,
                min: 1,
                max: 3,
                options: [{ label: 'Prices' }, { label: 'Weather' }, { label: 'News' }],
              },
            ],
          },
          { question: 'Which tier?', asks: [tierAsk()] },
        ],
        context,
      );
      const page = await opened(me, 'Which feeds to keep?');
      await page.keyboard.press('1');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'INPUT', ask: '1' });
      await page.keyboard.press('ArrowDown');
      await settle();
      // Still on this decision, on its second box.
      expect(await currentCardId(page)).toBe(feeds);
      expect(await focusedOption(page)).toMatch(/^Weather/);
      await page.keyboard.press('ArrowUp');
      expect(await focusedOption(page)).toMatch(/^Prices/);
      // Enter with nothing ticked says what is missing.
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('choice-hint').textContent(), SLOW).toBe('Choose 1–3 first: Space ticks the box in focus.');

      // A digit past the last ask says how many there are.
      await page.keyboard.press('7');
      await expect.poll(() => toastText(page), SLOW).toBe('There is no ask 7: this decision has 1 ask.');

      // On a single choice, Enter on a radio not yet chosen chooses it and says so; a second Enter answers.
      await page.locator(`[data-card="${other}"]`).click();
      await page.getByRole('heading', { name: 'Which tier?' }).waitFor(SLOW);
      // Focus on Pro without choosing it (arrow keys would choose as they move).
      await page.getByRole('radio', { name: /Pro/ }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('choice-hint').textContent(), SLOW).toBe('Chosen: Pro. Enter again answers.');
      expect(await page.getByRole('radio', { name: /Pro/ }).isChecked()).toBe(true);
      expect((await me.decision(other!)).status).toBe('open');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await me.decision(other!)).status, SLOW).toBe('resolved');
    },
  );

  it(
    'item 7: after e focus is on the title, after u on the ask (so ] moves on), after Esc on the card',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const [first, second, third] = await fileInOrder(
        me,
        [
          { question: 'Archive me by key?', asks: [tierAsk()] },
          { question: 'Undo me by key?', asks: [{ kind: 'fact', prompt: 'Which region?' }] },
          { question: 'Then me?', asks: [tierAsk()] },
        ],
        context,
      );
      const page = await opened(me, 'Archive me by key?');
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ id: 'detail-title', inDetail: true });

      await page.keyboard.press(']');
      await expect.poll(() => currentCardId(page), SLOW).toBe(second);
      await page.getByRole('heading', { name: 'Undo me by key?' }).waitFor(SLOW);
      await page.keyboard.press('1');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'INPUT', ask: '1' });
      await page.keyboard.type('eu-west-1');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await me.decision(second!)).status, SLOW).toBe('resolved');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ testid: 'answered-ask' });
      await page.keyboard.press('u');
      await expect.poll(async () => (await me.decision(second!)).status, SLOW).toBe('open');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'LI', ask: '1', inDetail: true });
      // ] and j are keys, not text: the emptied field does not take them.
      await page.keyboard.press(']');
      await expect.poll(() => currentCardId(page), SLOW).toBe(third);
      await expect.poll(() => page.locator(`[data-card="${second}"]`).count(), SLOW).toBe(1);

      // Esc from an ask returns focus to the decision's card.
      await page.keyboard.press('1');
      await page.keyboard.press('Escape');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ card: third });
    },
  );

  it(
    'item 7: Enter on an access ask lands on the ask, which says where the grant is made; a second Enter stays in Cast',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const [grant] = await fileInOrder(me, [{ question: 'Grant the analytics access?', asks: [accessAsk()] }], context);
      const page = await opened(me, 'Grant the analytics access?');
      expect(await page.getByTestId('grant-where').textContent()).toBe(
        'Granted at cast.invalid/connections/analytics (opens in a new tab). Not granting it? Archive this decision.',
      );
      await page.locator(`[data-card="${grant}"]`).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'DIV', ask: '1', inDetail: true });
      const pages = browser.contexts().flatMap((context) => context.pages()).length;
      await page.keyboard.press('Enter');
      await settle();
      expect(browser.contexts().flatMap((context) => context.pages()).length).toBe(pages);
      expect(new URL(page.url()).pathname).toBe('/decisions');
      expect((await me.decision(grant!)).status).toBe('open');
    },
  );

  it(
    'item 8: a permission card stays on screen once answered, so u undoes it and y is not live on the next one',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const session = await me.session();
      const prompt = (tool: string) =>
        me
          .send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: { kind: 'permission', tool, input: 'ls' } })
          .then((reply) => reply.decision.id);
      const bash = await prompt('Bash');
      const write = await prompt('Write');
      const page = await opened(me, 'Allow Bash?');
      await page.locator(`[data-card="${bash}"]`).click();
      await page.keyboard.press('y');
      await expect.poll(async () => (await me.decision(bash)).status, SLOW).toBe('resolved');
      await expect.poll(() => page.locator('.detail').getByTestId('answered-ask').count(), SLOW).toBe(1);
      // A second y meant for nothing reaches nothing: the next card is not on screen. It says so,
      // and pauses the keys (issue 38 item 6) until Esc.
      await page.keyboard.press('y');
      await expect.poll(() => toastText(page), SLOW).toBe('Nothing here to approve: y approves an open approval ask.');
      expect((await me.decision(write)).status).toBe('open');
      expect(await page.locator('#detail-title').textContent()).toMatch(/^Allow Bash\?/);
      await page.keyboard.press('Escape');
      await page.keyboard.press('u');
      await expect.poll(async () => (await me.decision(bash)).status, SLOW).toBe('open');
      await expect.poll(() => toastText(page), SLOW).toBe('Answer withdrawn. The agent has been told.');
    },
  );

  it('item 9: Previous and Next are there before an answer; the walker never overruns', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const [first, second] = await fileInOrder(
      me,
      [
        { question: 'Walk first?', asks: [approvalAsk()] },
        { question: 'Walk last?', asks: [approvalAsk()] },
      ],
      context,
    );
    const page = await opened(me, 'Walk first?');
    const footer = page.locator('.detail footer');
    expect(await footer.getByRole('button', { name: 'Previous decision' }).isDisabled()).toBe(true);
    await footer.getByRole('button', { name: 'Next decision' }).click();
    await expect.poll(() => currentCardId(page), SLOW).toBe(second);
    expect(await page.getByTestId('walker').textContent()).toBe('2 / 2');
    await footer.getByRole('button', { name: 'Previous decision' }).click();
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);
    await footer.getByRole('button', { name: 'Next decision' }).click();
    await page.getByRole('heading', { name: 'Walk last?' }).waitFor(SLOW);
    // The last one answered: it stays, and the walker counts what is left rather than "2 / 1".
    await page.keyboard.press('y');
    await expect.poll(async () => (await me.decision(second!)).status, SLOW).toBe('resolved');
    await expect.poll(() => page.getByTestId('walker').textContent(), SLOW).toBe('1 left here');
    await page.locator('.detail footer').getByRole('button', { name: 'Previous decision' }).click();
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);
    await page.getByRole('heading', { name: 'Walk first?' }).waitFor(SLOW);
    await page.keyboard.press('y');
    await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('resolved');
    await expect.poll(() => page.getByTestId('walker').textContent(), SLOW).toBe('Nothing left here');
  });

  it(
    'item 10: the toast goes away and never covers Next; a second answerer is told once, beside what was answered',
    { timeout: SCENARIO },
    async () => {
      const member = await cast.newMember();
      const me = world(cast, member);
      const [id] = await fileInOrder(
        me,
        [
          { question: 'Who answers first?', asks: [approvalAsk()] },
          { question: 'Then?', asks: [tierAsk()] },
        ],
        context,
      );
      const page = await opened(me, 'Who answers first?');
      const colleague = await colleagueOf(cast.pool, member, 'Dana');
      const second = await signedInPage(browser, cast.url, colleague.token);
      await second.getByRole('heading', { name: 'Who answers first?' }).waitFor(SLOW);

      await page.keyboard.press('y');
      await expect.poll(() => toastText(page), SLOW).toMatch(/^Answered/);
      const toastBox = await page.getByTestId('toast').boundingBox();
      const nextBox = await page.locator('.detail footer').getByRole('button', { name: 'Next decision' }).boundingBox();
      expect(toastBox && nextBox).toBeTruthy();
      const overlaps = toastBox!.x < nextBox!.x + nextBox!.width && nextBox!.x < toastBox!.x + toastBox!.width;
      expect(overlaps && toastBox!.y < nextBox!.y + nextBox!.height && nextBox!.y < toastBox!.y + toastBox!.height).toBe(false);
      await expect
        .poll(() => page.getByTestId('toast').evaluate((element) => element.getBoundingClientRect().width), { timeout: 30_000 })
        .toBeLessThanOrEqual(1);

      // Dana's page still shows it open; her Approve is overtaken: one plain message, Alex's answer below it, no green "Answered." box.
      await second.locator('.detail').getByRole('button', { name: 'Approve', exact: true }).click();
      await second.getByTestId('overtaken').waitFor(SLOW);
      expect(await second.getByTestId('overtaken').textContent()).toBe('Someone else answered this a moment ago.');
      expect(await second.getByTestId('outcome').count()).toBe(0);
      expect(await second.locator('.detail [role="alert"]').count()).toBe(0);
      await expect.poll(() => second.getByTestId('answered-line').textContent(), SLOW).toMatch(/^Approved by /);
      expect((await me.decision(id!)).asks[0]!.answer?.answeredBy).toBe(member.memberId);
    },
  );
});
