/**
 * The health line in a real browser (AW-03 §4.8, S8, E11, E12, §6.13, FR-51…FR-55): each
 * band's line with its culprit and links, the line absent while loading and without a
 * snapshot, and its ⋯ menu (Adjust the band, Hide for 30 days). Each state is scanned by axe
 * and photographed at 1280 and 375 px. Decisions are filed through the API, dated back with
 * SQL, and rolled up as the daily schedule would.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';
import { healthSettingsRoutes } from '../../domain/routes/health-settings';
import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { WIDE, atBothWidths, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { openedDaysAgo } from '../support/dated-decisions';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** A scenario's patience: Temporal, Postgres and Chromium share 2 cores with other test runs. */
const SCENARIO = 240_000;
type Me = ReturnType<typeof world>;

const HEAVY = 'Heavy — 11 decisions a day. Your agents are asking things their instructions could answer.';
const QUIET = 'Nothing has needed you in two weeks. Worth spot-checking what your agents decided on their own.';

/** Keeps the newest `open` decisions open and marks the rest resolved, so the open count does not flood the line. */
async function keepOpen(me: Me, open: number): Promise<void> {
  await cast.pool.query(
    `update decisions set status = 'resolved' where workspace_id = $1 and id not in (
       select id from decisions where workspace_id = $1 order by created_at desc limit $2)`,
    [me.member.workspaceId, open],
  );
}

const rollUp = (me: Me) => rollUpHealth(cast.pool, me.member.workspaceId);
const queue = (me: Me) => me.send(decisionRoutes.listQueue);

/** Signs in on the queue (where signedInPage waits for "My Decisions"), then opens `path`. */
const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, '/decisions', { viewport: WIDE, thenOpen: path });

const healthText = (page: Page) => page.getByTestId('health').locator('.health-text').allTextContents();
const toast = (page: Page) => page.getByTestId('toast').allTextContents();
const activeName = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string; id: string } } }).document
      .activeElement;
    return { tag: active.tagName, text: active.textContent, id: active.id };
  });

describe('the health line — the four bands (§6.13, FR-51…FR-54)', () => {
  it(
    'S8 — a median of 11 a day reads Heavy, names the agent behind most of them and links to its instructions; absent while loading',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const editor = await me.agent('Editor');
      const ops = await me.agent('Ops');
      await me.send(agentRoutes.updateAgent, { params: { id: editor.id }, body: { instructions: 'Keep the supplier sheet current.' } });
      for (let day = 1; day <= 7; day += 1) {
        await openedDaysAgo(cast, me, editor.id, day, 8);
        await openedDaysAgo(cast, me, ops.id, day, 3);
      }
      await keepOpen(me, 5);
      await rollUp(me);
      expect((await queue(me)).health).toMatchObject({ band: 'heavy', n: 11, culprit: { agentId: editor.id, name: 'Editor' } });

      const page = await signedIn(me.member.token);
      await expect.poll(() => healthText(page), SLOW).toEqual([`${HEAVY} Most of them: Editor.`]);
      const line = page.getByRole('region', { name: 'Queue health: Heavy' });
      expect(await line.getAttribute('data-band')).toBe('heavy');
      // The icon repeats the words and is hidden from screen readers (FR-67).
      expect(await line.locator('.health-icon').getAttribute('aria-hidden')).toBe('true');
      const link = line.getByRole('link', { name: 'Open instructions' });
      expect(await link.getAttribute('href')).toBe(`/agents/${editor.id}/instructions`);
      expect(await line.getByRole('button', { name: 'Health line actions' }).getAttribute('aria-haspopup')).toBe('menu');
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'health-heavy');

      // §6.6: while the queue read is in flight there is no line (and no count), never a stale one.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/decisions?**', async (route) => (await held, route.continue()));
      await page.reload();
      await page.getByTestId('skeleton').waitFor(SLOW);
      expect(await page.getByTestId('health').count()).toBe(0);
      expect(await page.getByTestId('counts').count()).toBe(0);
      release();
      await expect.poll(() => healthText(page), SLOW).toEqual([`${HEAVY} Most of them: Editor.`]);
      await page.unroute('**/api/v1/decisions?**');

      // Open instructions: the culprit's editor, with no draft in it.
      await page.getByRole('link', { name: 'Open instructions' }).click();
      await page.waitForURL(`**/agents/${editor.id}/instructions`);
      await page.getByRole('heading', { level: 1, name: 'Instructions for Editor' }).waitFor(SLOW);
      expect(await page.getByLabel('Instructions', { exact: true }).inputValue()).toBe('Keep the supplier sheet current.');
      expect(await page.getByTestId('draft-note').count()).toBe(0);
    },
  );

  it('Healthy — about {n} decisions a day: no culprit, no link', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent('Editor');
    // Three a day on four of the last seven days: the median is 3.
    for (let day = 1; day <= 4; day += 1) await openedDaysAgo(cast, me, agent.id, day, 3);
    await rollUp(me);
    const page = await signedIn(me.member.token);
    await expect.poll(() => healthText(page), SLOW).toEqual(['Healthy — about 3 decisions a day.']);
    const line = page.getByRole('region', { name: 'Queue health: Healthy' });
    expect(await line.getByRole('link').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'health-healthy');
  });

  it('Flooded — more than 25 open: "{n} open", with the culprit and its instructions link', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const editor = await me.agent('Editor');
    await openedDaysAgo(cast, me, editor.id, 1, 26);
    await rollUp(me);
    const page = await signedIn(me.member.token);
    await expect
      .poll(() => healthText(page), SLOW)
      .toEqual(['Flooded — 26 open. Answer what matters, archive the rest, then fix the instructions. Most of them: Editor.']);
    const line = page.getByRole('region', { name: 'Queue health: Flooded' });
    expect(await line.getByRole('link', { name: 'Open instructions' }).getAttribute('href')).toBe(`/agents/${editor.id}/instructions`);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'health-flooded');
  });

  it(
    'E11 — quiet: the line and the empty state both point at recent Runs; a quiet window other than 14 days is said in days',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const run = await me.run(await me.session(), 'running');
      const [old] = await openedDaysAgo(cast, me, (await me.agent('Editor')).id, 0, 1);
      await me.answer(old!, 1, { kind: 'decision', selected: [1] });
      await cast.pool.query(`update decisions set created_at = now() - interval '20 days' where id = $1`, [old]);
      await rollUp(me);
      const page = await signedIn(me.member.token);
      await expect.poll(() => healthText(page), SLOW).toEqual([QUIET]);
      const line = page.getByRole('region', { name: 'Queue health: Quiet' });
      expect(await line.getByRole('link', { name: 'Review recent Runs' }).getAttribute('href')).toBe('/analytics#recent-runs');
      // §6.7: the empty state is not a celebration and carries the same way out.
      await page.getByRole('heading', { name: 'Nothing needs you right now.' }).waitFor();
      await page.getByText('That is either very good news, or your agents are deciding things they should be asking you about.').waitFor();
      await page.getByText('Nothing has needed you in 20 days.').waitFor();
      expect(await page.locator('.empty').getByRole('link', { name: 'Review recent Runs' }).getAttribute('href')).toBe(
        '/analytics#recent-runs',
      );
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'health-quiet');

      // Review recent Runs lands on the recent runs, focused, with this workspace's run in them.
      await line.getByRole('link', { name: 'Review recent Runs' }).click();
      await page.waitForURL((url) => url.pathname === '/analytics' && url.hash === '#recent-runs');
      await page.getByRole('heading', { level: 2, name: 'Recent runs' }).waitFor(SLOW);
      await expect.poll(() => activeName(page), SLOW).toMatchObject({ tag: 'H2', text: 'Recent runs' });
      expect(await page.getByTestId('recent-runs').getByRole('link', { name: run.id }).getAttribute('href')).toBe(`/runs/${run.id}`);

      await me.send(healthSettingsRoutes.updateHealthSettings, { body: { quietDays: 10 } });
      await page.goto(`${cast.url}/decisions`);
      await expect
        .poll(() => healthText(page), SLOW)
        .toEqual(['Nothing has needed you in 10 days. Worth spot-checking what your agents decided on their own.']);
    },
  );

  it(
    'E12 — a new workspace sees the first-run empty state and never the over-guessing warning, even with a quiet snapshot',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      await rollUp(me);
      // The server's line would read quiet; the queue does not show it to a workspace that never had a decision.
      expect((await queue(me)).health).toMatchObject({ band: 'quiet' });
      const page = await signedIn(me.member.token);
      await page.getByRole('heading', { name: 'No decisions yet.' }).waitFor(SLOW);
      await page.getByText('Tell an agent when to ask by writing it into its instructions.').waitFor();
      expect(await page.getByTestId('health').count()).toBe(0);
      expect(await page.getByText(/Worth spot-checking|deciding things they should be asking/).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Review recent Runs' }).count()).toBe(0);
    },
  );

  it('FR-55 — no snapshot, or a stale one: no line, and the queue loads as ever', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    await openedDaysAgo(cast, me, (await me.agent('Editor')).id, 0, 1);
    const page = await signedIn(me.member.token);
    await page.getByTestId('card').first().waitFor(SLOW);
    expect(await page.getByTestId('counts').textContent()).toBe('1 open · 1 blocking');
    expect(await page.getByTestId('health').count()).toBe(0);

    await rollUp(me);
    await page.reload();
    await expect.poll(() => healthText(page), SLOW).toEqual(['Healthy — about 1 decision a day.']);
    // A snapshot older than 36 hours is as good as none.
    await cast.pool.query(`update health_snapshots set computed_at = now() - interval '37 hours' where workspace_id = $1`, [
      me.member.workspaceId,
    ]);
    await page.reload();
    await page.getByTestId('card').first().waitFor(SLOW);
    expect(await page.getByTestId('health').count()).toBe(0);
  });
});

describe('the ⋯ menu — Adjust the band and Hide for 30 days (FR-53)', () => {
  it(
    'Adjust the band refuses values outside 1–100 and 3–90 in words, shows a server refusal, and a valid change moves the band',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const editor = await me.agent('Editor');
      for (let day = 1; day <= 4; day += 1) await openedDaysAgo(cast, me, editor.id, day, 3);
      await rollUp(me);
      const page = await signedIn(me.member.token);
      await expect.poll(() => healthText(page), SLOW).toEqual(['Healthy — about 3 decisions a day.']);

      // A real menu button: Enter opens it on its first item, arrows move, Escape closes it and returns focus.
      const menuButton = page.getByRole('button', { name: 'Health line actions' });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Health line actions' });
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Adjust the band', 'Hide for 30 days']);
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => activeName(page)).toMatchObject({ text: 'Adjust the band' });
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => activeName(page)).toMatchObject({ text: 'Hide for 30 days' });
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'health-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expect.poll(() => activeName(page)).toMatchObject({ text: '⋯' });

      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Adjust the band' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjust the band' });
      await dialog.waitFor();
      const ceiling = dialog.getByLabel('Healthy ceiling (decisions a day)');
      const quiet = dialog.getByLabel('Quiet window (days)');
      await expect.poll(() => ceiling.inputValue(), SLOW).toBe('5');
      expect(await quiet.inputValue()).toBe('14');
      await expect.poll(() => activeName(page)).toMatchObject({ id: 'band-ceiling' });
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'health-adjust-dialog');

      let patches = 0;
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/v1/settings/health') patches += 1;
      });
      const save = dialog.getByRole('button', { name: 'Save' });
      // Out of range either side, or not a whole number: said beside the field, focused, nothing sent.
      for (const [value, field] of [
        ['0', ceiling],
        ['101', ceiling],
        ['2.5', ceiling],
      ] as const) {
        await field.fill(value);
        await save.click();
        await dialog.getByText('Enter a whole number from 1 to 100.').waitFor();
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        expect(await field.getAttribute('aria-describedby')).toBe('band-ceiling-error band-ceiling-help');
        await expect.poll(() => activeName(page)).toMatchObject({ id: 'band-ceiling' });
      }
      await ceiling.fill('5');
      for (const value of ['2', '91']) {
        await quiet.fill(value);
        await save.click();
        await dialog.getByText('Enter a whole number from 3 to 90.').waitFor();
        expect(await quiet.getAttribute('aria-invalid')).toBe('true');
        await expect.poll(() => activeName(page)).toMatchObject({ id: 'band-quiet' });
      }
      expect(await dialog.getByText('Enter a whole number from 1 to 100.').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'health-adjust-invalid');
      expect(patches).toBe(0);

      // A refusal from the server is shown in the catalogue's words for its code (FR-63); the dialog stays open and nothing changed.
      await quiet.fill('14');
      await page.route('**/api/v1/settings/health', (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 400,
              contentType: 'application/problem+json',
              body: JSON.stringify({ code: 'invalid_request', status: 400, detail: 'Send healthyCeiling (1–100) or quietDays (3–90).' }),
            })
          : route.continue(),
      );
      await save.click();
      await dialog
        .getByRole('alert')
        .getByText('Cast could not accept that: part of it is not valid. Check it and try again.')
        .waitFor(SLOW);
      expect(await dialog.isVisible()).toBe(true);
      await page.unroute('**/api/v1/settings/health');
      expect((await me.send(healthSettingsRoutes.getHealthSettings)).settings.healthyCeiling).toBe(5);

      // A ceiling of 2 makes three a day Heavy, at once, with the agent behind them.
      await ceiling.fill('2');
      await save.click();
      await dialog.waitFor({ state: 'detached', ...SLOW });
      await expect
        .poll(() => healthText(page), SLOW)
        .toEqual(['Heavy — 3 decisions a day. Your agents are asking things their instructions could answer. Most of them: Editor.']);
      await expect.poll(() => toast(page), SLOW).toEqual(['Band saved.']);
      expect((await me.send(healthSettingsRoutes.getHealthSettings)).settings).toEqual({
        healthyCeiling: 2,
        quietDays: 14,
        hiddenUntil: null,
      });
      // Focus returns to the menu button that opened the dialog.
      await expect.poll(() => activeName(page)).toMatchObject({ text: '⋯' });

      // Cancel closes without sending anything.
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Adjust the band' }).click();
      await expect.poll(() => dialog.getByLabel('Healthy ceiling (decisions a day)').inputValue(), SLOW).toBe('2');
      const before = patches;
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(patches).toBe(before);
    },
  );

  it('Hide for 30 days: the line goes and stays gone; analytics can show it again', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    for (let day = 1; day <= 4; day += 1) await openedDaysAgo(cast, me, (await me.agent(`Agent ${day}`)).id, day, 3);
    await rollUp(me);
    const page = await signedIn(me.member.token);
    await expect.poll(() => healthText(page), SLOW).toEqual(['Healthy — about 3 decisions a day.']);

    await page.getByRole('button', { name: 'Health line actions' }).click();
    const clicked = Date.now();
    await page.getByRole('menuitem', { name: 'Hide for 30 days' }).click();
    await page.getByTestId('health').waitFor({ state: 'detached', ...SLOW });
    await expect.poll(() => toast(page), SLOW).toEqual(['The health line is hidden for 30 days. Analytics can show it again.']);
    // Focus is not lost with the line: it moves to the page's heading.
    await expect.poll(() => activeName(page)).toMatchObject({ tag: 'H1' });
    const { settings } = await me.send(healthSettingsRoutes.getHealthSettings);
    // 30 days from the click: between the click and this read, whatever the machine's load.
    const read = Date.now();
    expect(Date.parse(settings.hiddenUntil!)).toBeGreaterThanOrEqual(clicked + 30 * 86_400_000 - 1000);
    expect(Date.parse(settings.hiddenUntil!)).toBeLessThanOrEqual(read + 30 * 86_400_000);

    await page.reload();
    await page.getByTestId('card').first().waitFor(SLOW);
    expect(await page.getByTestId('health').count()).toBe(0);
    await atBothWidths(page, 'health-hidden');

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor(SLOW);
    await page.getByText(/^Hidden until /).waitFor();
    await page.getByRole('button', { name: 'Show the health line again' }).click();
    await expect.poll(() => toast(page), SLOW).toEqual(['The health line is shown again.']);
    expect(await page.getByRole('button', { name: 'Show the health line again' }).count()).toBe(0);
    await page.goto(`${cast.url}/decisions`);
    await expect.poll(() => healthText(page), SLOW).toEqual(['Healthy — about 3 decisions a day.']);
  });
});
