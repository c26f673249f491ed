/** The web queue in a real browser: sign in with a token, see the ranked queue (first slice of the web issue). */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierAsk, world } from '../support/agent-world';
import { launchBrowser, screenshot } from '../support/browser';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
beforeAll(async () => {
  [cast, browser] = await Promise.all([startTestCast(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await cast?.stop();
});

const context = 'Enough context for a person to answer without opening the session, which is the point.';

describe('web queue', () => {
  it('signs in with a token and shows My Decisions with its counts, blocking first, agent text as text', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({ question: 'Advisory: back off or switch keys?', context, asks: [tierAsk()], mode: 'advisory', defaultOption: 1 });
    await me.file({ question: 'Blocking: <img src=x onerror="window.__pwned=1"> which tier?', context, asks: [tierAsk()] });

    const page = await browser.newPage();
    await page.goto(`${cast.url}/decisions`);
    await page.getByLabel('Token').fill(member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => page.getByRole('heading', { name: 'My Decisions' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('counts').textContent()).toBe('2 open · 1 blocking');
    const cards = await page.getByTestId('card').allTextContents();
    expect(cards[0]).toContain('Blocking: <img src=x onerror="window.__pwned=1"> which tier?');
    expect(cards[1]).toContain('Advisory: back off or switch keys?');
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The cookie is httpOnly: scripts on the page cannot read the session.
    expect(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('');
    await screenshot(page, 'queue-1280');

    await page.getByRole('tab', { name: 'Answered' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'No decisions yet.' }).count()).toBe(1);
    expect(page.url()).toContain('?tab=answered');
  });

  it('a wrong token is refused on the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${cast.url}/`);
    await page.getByLabel('Token').fill('cast_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('That token is not valid. Check it and try again.');
  });
});
