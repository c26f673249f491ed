/**
 * The Settings page in a real browser (issue 19, "who may do what"): members and Add member,
 * the tokens table with last used and Revoke, and minting a token for an agent or for
 * yourself. A secret is shown once, copies, and works against the API; a revoked token is
 * refused on its next request. Each state is scanned by axe and photographed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { peopleRoutes } from '../../domain/routes/people';
import { axeViolations } from '../support/axe';
import { agentTokenOf } from '../support/members';
import { NARROW, WIDE, screenshot, signIn } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** The machine is shared: waits are generous. */
const SLOW = { timeout: 15_000 };
const SCENARIO = 120_000;

/** Signs in on the queue, then follows the sidebar's Settings link. With `clipboard`, the page may write and read it, as a person's browser allows. */
async function onSettings(member: Member, clipboard = true): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ permissions: clipboard ? ['clipboard-read', 'clipboard-write'] : [], viewport: WIDE });
  // As on a page served over plain http from another host: no clipboard API at all.
  if (!clipboard)
    await context.addInitScript(() =>
      Object.defineProperty((globalThis as unknown as { navigator: object }).navigator, 'clipboard', { value: undefined }),
    );
  const page = await signIn(await context.newPage(), cast.url, member.token);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' });
  expect(await link.getAttribute('href')).toBe('/settings');
  await link.click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(SLOW);
  expect(await link.getAttribute('aria-current')).toBe('page');
  return { page, context };
}

const tokenRow = (page: Page, label: string) =>
  page.getByTestId('token-row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
/** The element with focus, as a person would name it: its tag, and its accessible label or its words. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = (
      globalThis as unknown as {
        document: {
          activeElement: { tagName: string; id: string; textContent: string | null; getAttribute(name: string): string | null } | null;
        };
      }
    ).document.activeElement;
    return { tag: active?.tagName, id: active?.id, name: active?.getAttribute('aria-label') ?? active?.textContent };
  });

/** Copy puts the secret on the clipboard. */
async function copied(page: Page, secret: string) {
  await page.getByTestId('secret').getByRole('button', { name: 'Copy' }).click();
  await expect.poll(() => page.getByTestId('copy-status').textContent()).toBe('Copied.');
  const clipboard = () =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText();
  expect(await page.evaluate(clipboard)).toBe(secret);
}

/** Where there is no clipboard, Copy selects the secret in its focused field instead: Ctrl+C copies exactly it. */
async function selectedToCopy(page: Page, secret: string) {
  await page.getByTestId('secret').getByRole('button', { name: 'Copy' }).click();
  await expect
    .poll(() => page.getByTestId('copy-status').textContent())
    .toBe('The token is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
  const selected = () => {
    const field = (
      globalThis as unknown as { document: { activeElement: { value: string; selectionStart: number; selectionEnd: number } } }
    ).document.activeElement;
    return field.value.slice(field.selectionStart, field.selectionEnd);
  };
  expect(await page.evaluate(selected)).toBe(secret);
}

/** Done forgets the secret: it is nowhere on the page, nor after a reload. */
async function putAway(page: Page, secret: string) {
  await page.getByTestId('secret').getByRole('button', { name: 'Done' }).click();
  expect(await page.getByTestId('secret').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(SLOW);
  await page.getByTestId('tokens').waitFor(SLOW);
  expect(await page.content()).not.toContain(secret);
}

async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
}

describe('the Settings page (issue 19)', () => {
  it('Settings: add a member — their person token is shown once, copies, and lets them in', { timeout: SCENARIO }, async () => {
    const me = await cast.newMember();
    const { page, context } = await onSettings(me);
    const members = page.getByTestId('members');
    expect(await members.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/^Name\s+Role\s+Since$/),
      expect.stringMatching(/^Tester \(you\)\s+Owner\s+\S/),
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // Nothing typed: the field says so and keeps focus; nothing is sent.
    await page.getByRole('button', { name: 'Add member' }).click();
    expect(await page.getByText('Give the member a name.').count()).toBe(1);
    expect(await page.getByLabel('Member name').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Member name').fill('Alice');
    await page.getByLabel('Member name').press('Enter');

    const panel = page.getByTestId('secret');
    await panel.getByRole('heading', { name: 'Alice is a member' }).waitFor(SLOW);
    // Focus lands on the panel, so a screen reader hears the one thing that will not come back.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H3' });
    expect(await panel.getByText('Copy it now: it will not be shown again.').count()).toBe(1);
    expect(await panel.getByText('Give it to Alice: they sign in to Cast with it.').count()).toBe(1);
    const secret = await panel.getByLabel('Token').inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await copied(page, secret);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'settings-member-secret');

    // The secret is Alice's person token: the people routes answer it.
    const asAlice = await cast.reply(secret, peopleRoutes.listMembers);
    expect(asAlice.status).toBe(200);
    expect(asAlice.body.members.map((m) => m.name)).toEqual(['Tester', 'Alice']);

    await putAway(page, secret);
    expect(await members.getByRole('row').nth(2).innerText()).toMatch(/^Alice\s+Member\s+\S/);
    // Her token is listed (never its secret): used once just now, and it does not expire.
    const first = tokenRow(page, "Alice's first token");
    expect(await first.locator('td').allInnerTexts()).toEqual([
      'Person',
      'Alice',
      expect.any(String),
      expect.not.stringMatching(/^never$/),
      'never',
      'Revoke',
    ]);
    await context.close();
  });

  it(
    'Settings: create an agent token, shown once, see its last use, revoke it — the API then refuses it',
    { timeout: SCENARIO },
    async () => {
      const me = await cast.newMember();
      const { page, context } = await onSettings(me);

      // The agent's name is required before anything is sent.
      await page.getByRole('button', { name: 'Create token' }).click();
      expect(await page.getByText('Give the agent a name.').count()).toBe(1);
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', id: 'token-agent' });

      await page.getByLabel('Agent name').fill('Researcher');
      await page.getByLabel('Label (optional)').fill('CI runner');
      await page.getByLabel('Expires').selectOption({ label: 'In 90 days' });
      await page.getByRole('button', { name: 'Create token' }).click();

      const panel = page.getByTestId('secret');
      await panel.getByRole('heading', { name: 'Token for Researcher' }).waitFor(SLOW);
      expect(await panel.getByText('Give it to Researcher as CAST_TOKEN — never your own token.').count()).toBe(1);
      expect(await panel.getByText('Cast created the agent Researcher.').count()).toBe(1);
      expect(await panel.getByText('Copy it now: it will not be shown again.').count()).toBe(1);
      const secret = await panel.getByLabel('Token').inputValue();
      await copied(page, secret);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'settings-agent-secret');
      await putAway(page, secret);

      // In the table: an agent token, never used yet, expiring in 90 days.
      const row = tokenRow(page, 'CI runner');
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.slice(0, 3)).toEqual(['Agent', 'Researcher', expect.any(String)]);
      expect(cells[3]).toBe('never');
      const expires = await row.locator('td').nth(4).locator('time').getAttribute('datetime');
      expect(Date.parse(expires!) - Date.now()).toBeGreaterThan(89 * 86_400_000);

      // The agent uses it: it may read the queue, never manage tokens.
      const beforeUse = Date.now();
      const asAgent = await cast.reply(secret, decisionRoutes.listQueue);
      expect(asAgent.status).toBe(200);
      // The refusal stays raw: it is the credential's answer, status and code as sent.
      const managing = await cast.request(secret, 'GET', '/api/v1/tokens');
      expect(managing.status).toBe(403);
      expect(((await managing.json()) as { code: string }).code).toBe('forbidden_for_agent');
      await page.reload();
      await page.getByTestId('tokens').waitFor(SLOW);
      const lastUsed = row.getByTestId('last-used');
      expect(await lastUsed.innerText()).not.toBe('never');
      // Last used by the agent's reads above: not before them, not after this read.
      const usedAt = Date.parse((await lastUsed.locator('time').getAttribute('datetime'))!);
      const readAt = Date.now();
      expect(usedAt).toBeGreaterThanOrEqual(beforeUse - 1000);
      expect(usedAt).toBeLessThanOrEqual(readAt);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'settings-tokens');

      // Revoke asks first; Esc cancels, gives focus back to the row's Revoke, and changes nothing.
      const revoke = row.getByRole('button', { name: 'Revoke "CI runner"' });
      await revoke.click();
      const dialog = page.getByRole('dialog', { name: 'Revoke "CI runner"?' });
      await dialog.waitFor();
      expect(await dialog.getByText('Researcher can no longer use it', { exact: false }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Revoke "CI runner"' });
      expect((await cast.reply(secret, decisionRoutes.listQueue)).status).toBe(200);

      // From the keyboard this time: Enter opens it, then confirm.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Revoke token' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('toast').textContent()).toBe('"CI runner" is revoked.');
      await expect.poll(() => row.count()).toBe(0);
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', name: 'Tokens' });

      // The API refuses it on the very next request.
      const refused = await cast.request(secret, 'GET', '/api/v1/decisions');
      expect(refused.status).toBe(401);

      // Hidden, not gone: "Show revoked" lists it, with when, and without a Revoke.
      await page.getByLabel('Show revoked').check();
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('td').last().innerText()).toMatch(/^Revoked \S/);
      expect(await row.getByRole('button').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it(
    'Settings: a person token for yourself, shown once, selectable where there is no clipboard, and it signs in',
    { timeout: SCENARIO },
    async () => {
      const me = await cast.newMember();
      const { page, context } = await onSettings(me, false);
      await page.getByRole('radio', { name: 'Me (a person token)' }).check();
      expect(await page.getByLabel('Agent name').count()).toBe(0);
      await page.getByLabel('Label (optional)').fill('Laptop');
      await page.getByRole('button', { name: 'Create token' }).click();
      const panel = page.getByTestId('secret');
      await panel.getByRole('heading', { name: 'Your new token' }).waitFor(SLOW);
      expect(await panel.getByText('Use it to sign in, or as CAST_TOKEN for the cast CLI on a machine of yours.').count()).toBe(1);
      const secret = await panel.getByLabel('Token').inputValue();
      await selectedToCopy(page, secret);
      expect(await axeViolations(page)).toEqual([]);
      // It is a person token: the web takes it, and the people routes answer it.
      const elsewhere = await browser.newPage();
      await elsewhere.goto(`${cast.url}/decisions`);
      await elsewhere.getByLabel('Token').fill(secret);
      await elsewhere.getByRole('button', { name: 'Sign in' }).click();
      await elsewhere.getByRole('heading', { name: 'My Decisions' }).waitFor(SLOW);
      await elsewhere.close();
      expect((await cast.reply(secret, peopleRoutes.listTokens)).status).toBe(200);

      await putAway(page, secret);
      expect(await tokenRow(page, 'Laptop').locator('td').allInnerTexts()).toEqual([
        'Person',
        'Tester (you)',
        expect.any(String),
        expect.not.stringMatching(/^never$/),
        'never',
        'Revoke',
      ]);

      // Revoking a token of your own warns that it may sign you out.
      await tokenRow(page, 'Laptop').getByRole('button', { name: 'Revoke "Laptop"' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke "Laptop"?' });
      expect(await dialog.getByText('This is one of your own tokens: if you signed in with it, you will be signed out.').count()).toBe(1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Revoke "Laptop"' });
      await context.close();
    },
  );
});

describe('web sign-in (web door)', () => {
  it(
    "refuses an agent token with a message saying it is an agent's, and signs nobody in",
    async () => {
      const member = await cast.newMember();
      const agent = await agentTokenOf(cast.pool, member, 'Coder');
      const page = await browser.newPage();
      await page.goto(`${cast.url}/decisions`);
      await page.getByLabel('Token').fill(agent.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent(), SLOW)
        .toBe("That is an agent's token: it files and waits on decisions and cannot answer them. Sign in with your own person token.");
      expect(await page.getByRole('heading', { name: 'My Decisions' }).count()).toBe(0);
      const session = await page.evaluate(() => fetch('/auth/session').then((response) => response.status));
      expect(session).toBe(401);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
    SCENARIO,
  );
});
