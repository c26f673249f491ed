/**
 * The analytics page in a real browser (AW-03 §4.8): the numbers the API reports, per day as a
 * chart and as a table, and a workspace with nothing yet in words. Each state is scanned by axe
 * and photographed at 1280 and 375 px.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { analyticsRoutes } from '../../domain/routes/analytics';
import { decisionRoutes } from '../../domain/routes/decisions';

import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { WIDE, atBothWidths, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { choice, openedDaysAgo } from '../support/dated-decisions';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** A scenario's patience: Temporal, Postgres and Chromium share 2 cores with other test runs. */
const SCENARIO = 240_000;
type Me = ReturnType<typeof world>;

const rollUp = (me: Me) => rollUpHealth(cast.pool, me.member.workspaceId);

/** Signs in on the queue (where signedInPage waits for "My Decisions"), then opens `path`. */
const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, '/decisions', { viewport: WIDE, thenOpen: path });

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
      await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
      await rollUp(me);
      await me.answer(id, 1, { kind: 'decision', selected: [2] });
      await me.delivered(id);
      await openedDaysAgo(cast, me, (await me.agent('Editor')).id, 3, 2);
      const { analytics } = await me.send(analyticsRoutes.analytics, { query: { days: 30 } });
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
