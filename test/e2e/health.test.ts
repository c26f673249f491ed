/**
 * The health line, recurring decisions, the instructions editor and analytics in a real
 * browser (AW-03 §4.8, §4.9, S8, S9, E11, E12, §6.13, §6.14): each band's line with its
 * culprit and links, the line's ⋯ menu (Adjust the band, Hide for 30 days), the line absent
 * while loading and without a snapshot, the "Asked 3 times" chip and its draft rule saved
 * into the agent's instructions, and the analytics page. Each state is scanned by axe and
 * photographed at 1280 and 375 px. Decisions are filed through the API, dated back with SQL,
 * and rolled up as the daily schedule would.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '../../db/analytics';
import { rollUpHealth } from '../../db/health';
import type { HealthLine } from '../../domain/health';
import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { NARROW, WIDE, launchBrowser, screenshot, signedInPage } from '../support/browser';
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
/** A scenario's patience: Temporal, Postgres and Chromium share 2 cores with other test runs. */
const SCENARIO = 240_000;
const SLOW = { timeout: 20_000 };

type Me = ReturnType<typeof world>;
type Queue = { health: HealthLine | null; decisions: Array<{ id: string; askedTimes: number | null }> };

const HEAVY = 'Heavy — 11 decisions a day. Your agents are asking things their instructions could answer.';
const QUIET = 'Nothing has needed you in two weeks. Worth spot-checking what your agents decided on their own.';

const choice = (question: string, extra: Record<string, unknown> = {}) => ({
  question,
  context,
  asks: [{ kind: 'decision', prompt: question, options: [{ label: 'The finance list' }, { label: 'The ops list' }] }],
  ...extra,
});

/** A word no other filing shares: numbers fold away in the recurring fingerprint, letters do not. */
let filed = 0;
function word(): string {
  let n = filed++;
  let letters = '';
  do {
    letters += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  } while (n > 0);
  return letters;
}

/** Files `count` distinct decisions for an agent and dates them `daysAgo` days back (UTC noon). */
async function openedDaysAgo(me: Me, agent: string, daysAgo: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  // A few at a time: the API and the workflows share the machine.
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, () => `Which ${word()} list should the ${word()} team use?`);
    const replies = await Promise.all(batch.map((question) => me.file(choice(question, { agent }))));
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids.push(reply.body.decision.id);
    }
  }
  if (daysAgo > 0) {
    await cast.pool.query(
      `update decisions set created_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => $2) + interval '12 hours'
        where id = any($1)`,
      [ids, daysAgo],
    );
  }
  return ids;
}

/** Keeps the newest `open` decisions open and marks the rest resolved, so the open count does not flood the line. */
async function keepOpen(me: Me, open: number): Promise<void> {
  await cast.pool.query(
    `update decisions set status = 'resolved' where workspace_id = $1 and id not in (
       select id from decisions where workspace_id = $1 order by created_at desc limit $2)`,
    [me.member.workspaceId, open],
  );
}

const rollUp = (me: Me) => rollUpHealth(cast.pool, me.member.workspaceId);
const queue = (me: Me) => me.ok<Queue>('GET', '/api/v1/decisions');

/** Signs in on the queue (where signedInPage waits for "My Decisions"), then opens `path`. */
async function signedIn(token: string, path = '/decisions'): Promise<Page> {
  const page = await signedInPage(browser, cast.url, token);
  await page.setViewportSize(WIDE);
  if (path !== '/decisions') await page.goto(`${cast.url}${path}`);
  return page;
}

async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
}

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
      await me.ok('PATCH', `/api/v1/agents/${editor.id}`, { instructions: 'Keep the supplier sheet current.' });
      for (let day = 1; day <= 7; day += 1) {
        await openedDaysAgo(me, editor.id, day, 8);
        await openedDaysAgo(me, ops.id, day, 3);
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
    for (let day = 1; day <= 4; day += 1) await openedDaysAgo(me, agent.id, day, 3);
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
    await openedDaysAgo(me, editor.id, 1, 26);
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
      const [old] = await openedDaysAgo(me, (await me.agent('Editor')).id, 0, 1);
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

      await me.ok('PATCH', '/api/v1/settings/health', { quietDays: 10 });
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
    await openedDaysAgo(me, (await me.agent('Editor')).id, 0, 1);
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
      for (let day = 1; day <= 4; day += 1) await openedDaysAgo(me, editor.id, day, 3);
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
      expect((await me.ok<{ settings: { healthyCeiling: number } }>('GET', '/api/v1/settings/health')).settings.healthyCeiling).toBe(5);

      // A ceiling of 2 makes three a day Heavy, at once, with the agent behind them.
      await ceiling.fill('2');
      await save.click();
      await dialog.waitFor({ state: 'detached', ...SLOW });
      await expect
        .poll(() => healthText(page), SLOW)
        .toEqual(['Heavy — 3 decisions a day. Your agents are asking things their instructions could answer. Most of them: Editor.']);
      await expect.poll(() => toast(page), SLOW).toEqual(['Band saved.']);
      expect((await me.ok<{ settings: unknown }>('GET', '/api/v1/settings/health')).settings).toEqual({
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
    for (let day = 1; day <= 4; day += 1) await openedDaysAgo(me, (await me.agent(`Agent ${day}`)).id, day, 3);
    await rollUp(me);
    const page = await signedIn(me.member.token);
    await expect.poll(() => healthText(page), SLOW).toEqual(['Healthy — about 3 decisions a day.']);

    await page.getByRole('button', { name: 'Health line actions' }).click();
    await page.getByRole('menuitem', { name: 'Hide for 30 days' }).click();
    await page.getByTestId('health').waitFor({ state: 'detached', ...SLOW });
    await expect.poll(() => toast(page), SLOW).toEqual(['The health line is hidden for 30 days. Analytics can show it again.']);
    // Focus is not lost with the line: it moves to the page's heading.
    await expect.poll(() => activeName(page)).toMatchObject({ tag: 'H1' });
    const { settings } = await me.ok<{ settings: { hiddenUntil: string } }>('GET', '/api/v1/settings/health');
    expect(Date.parse(settings.hiddenUntil) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(Date.parse(settings.hiddenUntil) - Date.now()).toBeLessThan(30.1 * 86_400_000);
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

describe('recurring decisions (§6.14, FR-56…FR-58)', () => {
  it(
    'S9 — the third "which supplier list is authoritative?": the chip, the detail line, and the action opening the editor with the draft rule; Save writes it and the decision is unchanged',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const editor = await me.agent('Editor');
      const ops = await me.agent('Ops');
      await me.ok('PATCH', `/api/v1/agents/${editor.id}`, { instructions: 'Keep the supplier sheet current.' });
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
      expect((await me.ok<{ agent: { instructions: string } }>('GET', `/api/v1/agents/${editor.id}`)).agent.instructions).toBe(
        'Keep the supplier sheet current.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'instructions-draft');

      // The person may edit the draft before saving; Save writes exactly what the box holds.
      await textarea.press('Control+End');
      await textarea.pressSequentially(' Ask again if Finance hands it back.');
      const written = `${drafted} Ask again if Finance hands it back.`;
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page), SLOW).toEqual(["Saved Editor's instructions."]);
      expect((await me.ok<{ agent: { instructions: string } }>('GET', `/api/v1/agents/${editor.id}`)).agent.instructions).toBe(written);
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
      expect((await me.ok<{ agent: { instructions: string } }>('GET', `/api/v1/agents/${editor.id}`)).agent.instructions).toBe('');

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

describe('analytics', () => {
  it(
    'renders the numbers the API reports: per day (chart and table), time to decide, asks per decision, restart outcomes, undo rate, band changes',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const id = (await me.file(choice('Which list?'))).body.decision.id;
      await me.decision(id); // the first human view
      await me.answer(id, 1, { kind: 'decision', selected: [2] });
      await me.delivered(id);
      await me.ok('POST', `/api/v1/decisions/${id}/asks/1/undo`);
      await rollUp(me);
      await me.answer(id, 1, { kind: 'decision', selected: [2] });
      await me.delivered(id);
      await openedDaysAgo(me, (await me.agent('Editor')).id, 3, 2);
      const { analytics } = await me.ok<{ analytics: Analytics }>('GET', '/api/v1/analytics?days=30');
      expect(analytics).toMatchObject({ asksPerDecision: 1, restartOutcomes: { nothing: 1 }, undo: { answers: 2, undone: 1, rate: 0.5 } });
      expect(analytics.timeToDecideMs.decided).toBe(1);

      const page = await signedIn(me.member.token);
      await page.getByRole('link', { name: 'Analytics' }).click();
      await page.waitForURL((url) => url.pathname === '/analytics');
      await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor(SLOW);
      await page.getByText('Your decisions over the last 30 days.').waitFor();
      expect(await page.getByTestId('per-day-summary').textContent()).toBe('3 decisions opened in 30 days; at most 2 on one day.');
      const chart = page.getByRole('img', { name: '3 decisions opened in 30 days; at most 2 on one day.' });
      expect(await chart.locator('rect').count()).toBe(30);
      expect(
        await chart
          .locator('rect')
          .evaluateAll((rects) => rects.map((rect) => Number((rect as unknown as { dataset: { opened: string } }).dataset.opened))),
      ).toEqual(analytics.decisionsPerDay.map((day) => day.opened));
      // The table alternative holds the same numbers, a row a day.
      await page.getByText('Show as a table').click();
      const rows = page.getByTestId('per-day-table').locator('tbody tr');
      expect(await rows.count()).toBe(30);
      expect(await rows.locator('td').allTextContents()).toEqual(analytics.decisionsPerDay.map((day) => String(day.opened)));
      expect(
        await rows.locator('time').evaluateAll((times) => times.map((time) => (time as unknown as { dateTime: string }).dateTime)),
      ).toEqual(analytics.decisionsPerDay.map((day) => day.day));

      expect(await page.getByTestId('time-to-decide').textContent()).toMatch(
        /^Half were decided within \d+ (second|seconds|minute|minutes), and nine in ten within \d+ (second|seconds|minute|minutes)\.$/,
      );
      await page.getByText('From 1 decision answered after someone first opened it.').waitFor();
      expect(await page.getByTestId('asks-per-decision').textContent()).toBe('1 on average.');
      expect(await page.getByTestId('restart-outcomes').locator('dt').allTextContents()).toEqual(['Nothing left to restart']);
      expect(await page.getByTestId('restart-outcomes').locator('dd').allTextContents()).toEqual(['1']);
      expect(await page.getByTestId('undo-rate').textContent()).toBe('1 of 2 answers undone (50%).');
      expect(await page.getByTestId('band-changes').locator('li').allTextContents()).toEqual([
        expect.stringMatching(/^First reading: Healthy · /),
      ]);
      expect(await page.getByTestId('health-settings').textContent()).toBe(
        'Healthy up to 5 decisions a day; quiet after 14 days with none.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'analytics');
    },
  );

  it('a workspace with nothing yet reads in words, not zeros and blanks', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const page = await signedIn(me.member.token, '/analytics?days=7');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor(SLOW);
    expect(await page.getByTestId('per-day-summary').textContent()).toBe('0 decisions opened in 7 days; at most 0 on one day.');
    expect(await page.getByTestId('time-to-decide').textContent()).toBe('No decision has been answered in this window yet.');
    expect(await page.getByTestId('asks-per-decision').textContent()).toBe('No decision was opened in this window.');
    expect(await page.getByTestId('restart-outcomes').textContent()).toBe('No answer restarted anything in this window.');
    expect(await page.getByTestId('undo-rate').textContent()).toBe('No answers in this window.');
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'analytics-empty');
  });
});
