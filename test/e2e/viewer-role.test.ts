/**
 * The web honours the signed-in person's role (issue 38 item 1, its follow-up), in Chromium: a
 * viewer reads a decision but is offered no answer, archive, restore or undo control, and one
 * line says whose it is to answer; y, n, w, e and u say the act is not theirs and send nothing;
 * clicking the ask changes nothing (checked through the API). Settings offers a viewer neither
 * Add member nor a token for an agent, and an agent's instructions read as read-only. A member, in the same workspace, still answers as before.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import { fileInOrder, toastText } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** Long enough for a key pressed to have sent its request, if it were going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));
const READ_ONLY = 'You can read this decision; a member of the workspace answers it.';
const NOT_YOURS = 'Answering is not yours to do: your role reads decisions; a member of the workspace answers them.';

/** The writes the page sends, as they go. */
function writesOf(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    // A viewer's own profile is theirs to write: the first sign-in sets their time zone (issue 39 item 10),
    // and a focused tab says they are looking (presence, issue 40 item 9).
    const own = path === '/api/v1/profile' || path === '/api/v1/me/presence';
    if (request.method() !== 'GET' && path.startsWith('/api/') && !own) writes.push(request);
  });
  return writes;
}

describe('a viewer in the web queue (issue 38 item 1)', () => {
  it(
    'reads a decision with no answer or archive controls; y, n, w, e, u and clicks change nothing and say why',
    { timeout: 600_000 },
    async () => {
      const owner = world(cast, await cast.newMember());
      const [approval, answered] = await fileInOrder(
        owner,
        [
          { question: 'Spend $240 on the data feed?', asks: [approvalAsk()] },
          { question: 'Which tier?', asks: [tierAsk()] },
        ],
        context,
      );
      await owner.answer(answered!, 1, { kind: 'decision', selected: [1] }, 'The cheaper tier is enough for now.');
      const viewer = await colleagueOf(cast.pool, owner.member, 'Vic', 'viewer');
      const states = () =>
        Promise.all(
          [approval!, answered!].map(async (id) => {
            const decision = await owner.decision(id);
            return `${decision.status}|${decision.asks.map((ask) => `${ask.answer ? 'answered' : 'open'}:${ask.withdrawnAnswers?.length ?? 0}`).join(',')}`;
          }),
        );
      const before = await states();

      const page = await signedInPage(browser, cast.url, viewer.token);
      const writes = writesOf(page);
      await page.goto(`${cast.url}/decisions?id=${approval}`);
      await page.getByRole('heading', { name: 'Spend $240 on the data feed?' }).waitFor(SLOW);
      await page.locator('.detail [data-ask="1"]').waitFor(SLOW);

      // The decision is there to read; no control to answer or archive it, and one line says whose it is.
      expect(await page.getByTestId('read-only').textContent()).toBe(READ_ONLY);
      expect(await page.locator('.detail [data-open="true"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Reject' }).count()).toBe(0);
      expect(await page.locator('[data-action="archive"], [data-action="archive-card"], [data-action="archive-all"]').count()).toBe(0);

      // Each key that would answer or archive says it is not theirs, and sends nothing.
      const says: Array<[string, string]> = [
        ['y', NOT_YOURS],
        ['n', NOT_YOURS],
        ['w', NOT_YOURS],
        ['e', 'Archiving is not yours to do: your role reads decisions; a member of the workspace archives them.'],
        ['u', 'Undoing an answer is not yours to do: your role reads decisions.'],
      ];
      for (const [key, said] of says) {
        // Afresh for each key: a key that cannot act pauses the keys for what is typed next (issue 38 item 6).
        await page.goto(`${cast.url}/decisions?id=${approval}`);
        await page.locator('.detail [data-ask="1"]').waitFor(SLOW);
        await page.keyboard.press(key);
        await expect.poll(() => toastText(page), { ...SLOW, message: key }).toBe(said);
      }
      // A click on the ask lands on text, not on a control.
      await page.locator('.detail [data-ask="1"]').click();

      // The answered decision: its answer is there, with no Undo in its menu; u says it is not theirs.
      await page.goto(`${cast.url}/decisions?tab=answered&id=${answered}`);
      await page.getByRole('heading', { name: 'Which tier?' }).waitFor(SLOW);
      await page.getByRole('button', { name: 'Answer actions' }).click();
      const menu = page.getByRole('menu', { name: 'Answer actions' });
      await menu.waitFor(SLOW);
      expect(await menu.getByRole('menuitem', { name: 'Undo', exact: true }).count()).toBe(0);
      expect(await menu.getByRole('menuitem', { name: 'Copy answer' }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await page.locator('#detail-title').focus();
      await page.keyboard.press('u');
      await expect.poll(() => toastText(page), SLOW).toBe('Undoing an answer is not yours to do: your role reads decisions.');

      await settle();
      expect(writes.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
      expect(await states()).toEqual(before);

      // Settings: a viewer adds no one and mints no agent token; their own token they may.
      await page.goto(`${cast.url}/settings`);
      await page.locator('#members-title').waitFor(SLOW);
      expect(await page.locator('section[aria-labelledby="members-title"] form').count()).toBe(0);
      expect(await page.locator('#token-agent').count()).toBe(0);
      expect(await page.locator('section[aria-labelledby="create-token-title"] form').count()).toBe(1);

      // An agent's instructions: read, not rewritten, and the page says who changes them.
      const agent = await owner.agent('Researcher');
      await page.goto(`${cast.url}/agents/${agent.id}/instructions`);
      await page.getByTestId('read-only').waitFor(SLOW);
      expect(await page.getByTestId('read-only').textContent()).toBe(
        'You can read these instructions; an admin or owner of the workspace changes them.',
      );
      expect(await page.locator('#instructions-text').getAttribute('readonly')).not.toBeNull();
      expect(await page.locator('form.instructions button[type="submit"]').count()).toBe(0);
      expect(writes).toEqual([]);
      await page.close();
    },
  );

  it('a member of the same workspace still answers from the keyboard', { timeout: 300_000 }, async () => {
    const owner = world(cast, await cast.newMember());
    const [approval] = await fileInOrder(owner, [{ question: 'Send the launch email?', asks: [approvalAsk()] }], context);
    const member = await colleagueOf(cast.pool, owner.member, 'Mia', 'member');
    const page = await signedInPage(browser, cast.url, member.token);
    await page.goto(`${cast.url}/decisions?id=${approval}`);
    await page.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
    expect(await page.getByTestId('read-only').count()).toBe(0);
    expect(await page.locator('.detail [data-action="archive"]').count()).toBe(1);
    await page.locator('#detail-title').focus();
    await page.keyboard.press('y');
    await expect.poll(async () => (await owner.decision(approval!)).status, SLOW).toBe('resolved');
    expect((await owner.decision(approval!)).asks[0]!.answer?.answeredBy).toBe(member.memberId);
    await page.close();
  });
});
