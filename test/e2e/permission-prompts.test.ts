/**
 * Permission prompts and terminal questions in the queue, in a real browser (cast-decide
 * "Permission prompts in the same queue"): the card shows what the session last said and its
 * pinned state, opens at full width, and only y and n answer a permission card; a terminal
 * question keeps its number keys. Each state is scanned by axe and photographed at 1280 and 375 px.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { HostPromptBody } from '../../domain/host-prompt';
import { sessionRoutes } from '../../domain/routes/sessions';
import { approvalAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { WIDE, atBothWidths, focused, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;

/** The machine is shared: waits are generous. */
const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
type PermissionPrompt = Extract<z.input<typeof HostPromptBody>, { kind: 'permission' }>;

const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** Signs in on the queue, at 1280 px. */
const signedIn = (me: Me) => signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport: WIDE });

describe('permission prompts in the queue (cast-decide)', () => {
  it(
    'the card shows what the session last said and its pinned state; opened, it stays beside the list; 1–9 do nothing; y approves and it stays; n denies, a reason optional',
    async () => {
      const me = world(cast, await cast.newMember());
      const session = await me.session();
      await me.send(sessionRoutes.appendMessage, {
        params: { id: session },
        body: { role: 'assistant', body: 'I will clean up the build directory next.' },
      });
      const prompt = (body: Omit<PermissionPrompt, 'kind'>) =>
        me
          .send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: { kind: 'permission', ...body } })
          .then((reply) => reply.decision.id);
      const bash = await prompt({ tool: 'Bash', input: 'rm -rf build/', pinned: 'Plan: 1. clean 2. build 3. test' });
      const write = await prompt({ tool: 'Write', input: '/etc/hosts' });
      const page = await signedIn(me);

      const detail = page.locator('.detail');
      await page.getByRole('heading', { name: 'Allow Bash?', level: 2 }).waitFor(SLOW);
      expect(await page.getByTestId('card').first().locator('.chip').first().textContent()).toBe('Permission prompt');
      expect(await detail.getByTestId('last-message').textContent()).toBe('I will clean up the build directory next.');
      expect(await detail.getByTestId('pinned').textContent()).toBe('Plan: 1. clean 2. build 3. test');
      expect(await detail.getByRole('heading', { name: 'What happened' }).count()).toBe(0);
      expect(await detail.getByText('rm -rf build/').count()).toBe(1);
      // cast-decide: "A permission card renders the real Approve and Deny controls."
      expect(await detail.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Approve', 'Deny']));
      expect(await detail.getByRole('button', { name: 'Reject' }).count()).toBe(0);
      expect(await detail.getByText('From the keyboard, only y and n answer a permission card.').count()).toBe(1);

      // Opened from the list, it is answered beside the list (issue 30 item 13), focus on its title.
      await page.getByTestId('card').first().locator('[data-card]').click();
      await expect.poll(() => focused(page)).toMatchObject({ id: 'detail-title' });
      expect(await page.getByTestId('card').first().isVisible()).toBe(true);
      await expectAccessible(page);
      await atBothWidths(page, 'permission-card');

      // The number keys do nothing here: nothing is focused, nothing is answered.
      for (const key of ['1', '2', '9']) await page.keyboard.press(key);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await focused(page)).toMatchObject({ id: 'detail-title' });
      expect(await detail.getByTestId('answered-ask').count()).toBe(0);
      expect((await me.decision(bash)).status).toBe('open');
      // The first says so and pauses the keys (issue 38 item 6), which the next ones are told; Esc
      // turns them on, with focus on the card.
      expect(await page.getByTestId('toast').textContent()).toBe(
        'Typed outside a field: nothing was changed. The keys are paused; press Esc to use them again.',
      );
      await page.keyboard.press('Escape');
      // Enter, too, only opens it: a second Enter cannot approve.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await me.decision(bash)).status).toBe('open');

      // y answers it; it stays on screen, answered, like any decision, and ] goes on to the next one.
      await page.keyboard.press('y');
      await expect.poll(async () => (await me.decision(bash)).status, SLOW).toBe('resolved');
      expect((await me.decision(bash)).asks[0]!.answer).toMatchObject({ value: { kind: 'approval', decision: 'approve' } });
      await expect.poll(() => detail.getByTestId('answered-ask').count(), SLOW).toBe(1);
      expect(await page.locator('#detail-title').textContent()).toMatch(/^Allow Bash\?/);
      await page.keyboard.press(']');
      await page.getByRole('heading', { name: 'Allow Write?', level: 2 }).waitFor(SLOW);
      expect(await detail.getByTestId('last-message').textContent()).toBe('I will clean up the build directory next.');
      // Nothing pinned, no Pinned heading over "Nothing is pinned" (issue 39 item 4).
      expect(await detail.getByRole('heading', { name: 'Pinned' }).count()).toBe(0);

      // n denies it at once: "only y and n answer a permission card", a reason optional.
      // A digit does nothing here and says so; the keys pause until Esc (issue 38 item 6).
      await page.keyboard.press('1');
      await expect
        .poll(() => page.getByTestId('toast').textContent(), SLOW)
        .toBe('From the keyboard, only y and n answer a permission card.');
      expect(await detail.getByTestId('answered-ask').count()).toBe(0);
      await page.keyboard.press('Escape');
      expect(await detail.getByLabel('Why? (required)').count()).toBe(0);
      await page.keyboard.press('n');
      await expect.poll(async () => (await me.decision(write)).status, SLOW).toBe('resolved');
      expect((await me.decision(write)).asks[0]!.answer).toMatchObject({ value: { decision: 'reject' }, reason: null });
      await expect.poll(() => detail.getByTestId('answered-line').textContent(), SLOW).toMatch(/^Denied by you · /);

      // The ? sheet says so, beside the §6.17 table.
      await page.keyboard.press('?');
      const sheet = page.getByRole('dialog', { name: 'Keyboard' });
      await sheet.waitFor();
      // Every binding (§6.17's fourteen, Esc in a dialog, and f for For me / Everyone), counted without the header row.
      expect(await sheet.locator('tbody tr').count()).toBe(16);
      expect(await sheet.getByText('On a permission card the number keys do nothing: only y and n answer it.').count()).toBe(1);
    },
    SCENARIO,
  );

  it(
    'a terminal question shows the session in place of "What happened", beside the list, and keeps its number keys',
    async () => {
      const me = world(cast, await cast.newMember());
      const session = await me.session();
      await me.send(sessionRoutes.appendMessage, {
        params: { id: session },
        body: { role: 'assistant', body: 'The config in your home directory differs from the repo one.' },
      });
      const id = (
        await me.send(sessionRoutes.fileHostPrompt, {
          params: { id: session },
          body: {
            kind: 'terminal',
            question: 'Overwrite the config?',
            options: ['Overwrite', 'Keep mine'],
            pinned: 'Goal: make the build reproducible',
          },
        })
      ).decision.id;
      const page = await signedIn(me);
      const detail = page.locator('.detail');
      await page.getByRole('heading', { name: 'Overwrite the config?', level: 2 }).waitFor(SLOW);
      expect(await detail.getByTestId('last-message').textContent()).toBe('The config in your home directory differs from the repo one.');
      expect(await detail.getByTestId('pinned').textContent()).toBe('Goal: make the build reproducible');
      expect(await detail.getByRole('heading', { name: 'What happened' }).count()).toBe(0);

      // Enter lands on its first option, beside the list; Esc returns focus to its card.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT' });
      expect(await page.getByTestId('card').first().isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect
        .poll(() =>
          page.evaluate(() =>
            (
              globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }
            ).document.activeElement.getAttribute('data-card'),
          ),
        )
        .toBe(id);

      await page.keyboard.press('Enter');
      await page.keyboard.press('1');
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT' });
      await page.getByRole('radio', { name: 'Keep mine' }).check();
      await page.getByRole('button', { name: 'Answer', exact: true }).click();
      await expect.poll(async () => (await me.decision(id)).asks[0]!.answer?.value ?? null, SLOW).toMatchObject({ selected: [2] });
    },
    SCENARIO,
  );

  it(
    'the number keys still focus asks on any other card: an approval lands on the ask, never on Approve',
    async () => {
      const me = world(cast, await cast.newMember());
      await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()] });
      const page = await signedIn(me);
      await page.getByRole('heading', { name: 'Spend $240 on the data feed?', level: 2 }).waitFor(SLOW);
      await page.keyboard.press('1');
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'FIELDSET' });
    },
    SCENARIO,
  );
});
