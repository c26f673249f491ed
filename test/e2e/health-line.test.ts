/**
 * The health line tells the truth (FR-51…FR-55) in a real browser: a burst of decisions opened
 * after the last roll-up is never "quiet" — the band never contradicts the queue under it —
 * nor "Healthy — about 1 decision a day" once one answer takes the open count to 25 (issue
 * #30: a burst today shows, as the last 24 hours); once more than 25 are open, Flooded names
 * the agent that opened the most and links to its instructions, though the roll-up never saw
 * one of them — "Most of them: {agent}." (§6.18), whether a majority or the largest share. The
 * roll-up is taken before the burst, as the hourly schedule would have been; each state is
 * scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';

import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { atBothWidths, screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { openedDaysAgo } from '../support/dated-decisions';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
const SCENARIO = 240_000;
const QUIET = 'Nothing has needed you in two weeks. Worth spot-checking what your agents decided on their own.';
type Me = ReturnType<typeof world>;

/** Files `count` choice decisions for an agent, a few at a time; returns their ids. */
async function burst(me: Me, agent: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, i) => start + i);
    const replies = await Promise.all(
      batch.map((n) => me.file({ question: `Burst question ${n} from today?`, context, asks: [tierAsk()], agent })),
    );
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids.push(reply.body.decision.id);
    }
  }
  return ids;
}

const line = (page: Page) => page.getByTestId('health');
const lineText = (page: Page) => page.getByTestId('health').locator('.health-text').allTextContents();

describe('the health line tells the truth (FR-51…FR-55)', () => {
  it('FR-51: the band never contradicts the queue under it', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const researcher = await me.agent('Researcher');
    // The roll-up, taken before any of them: on its own it would read "quiet".
    await rollUpHealth(cast.pool, me.member.workspaceId);
    expect((await me.send(decisionRoutes.listQueue)).health?.band).toBe('quiet');

    // 37 opened today, 12 of them answered: 25 open, which is not Flooded (more than 25 is).
    const ids = await burst(me, researcher.id, 37);
    for (const id of ids.slice(0, 12)) await me.answer(id, 1, { kind: 'decision', selected: [2] });

    const page = await signedInPage(browser, cast.url, me.member.token);
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['25 open · 25 blocking']);
    // 37 in the last 24 hours, over a median of 0: a burst, Flooded though 25 open alone is not (issue #30).
    await expect.poll(() => line(page).getAttribute('data-band'), SLOW).toBe('flooded');
    expect(await lineText(page)).toEqual([
      'Flooded — 37 decisions in the last 24 hours, 25 open. Answer what matters, archive the rest, then fix the instructions. Most of them: Researcher.',
    ]);
    expect(await page.getByText(QUIET).count()).toBe(0);
    expect(await page.getByTestId('card').count()).toBe(25);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'health-burst-25-open-1280');
  });

  it('FR-54: at 26 open Flooded names the agent behind most of them and links to its instructions', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const researcher = await me.agent('Researcher');
    const editor = await me.agent('Editor');
    await me.send(agentRoutes.updateAgent, { params: { id: researcher.id }, body: { instructions: 'Ask before spending money.' } });
    await rollUpHealth(cast.pool, me.member.workspaceId);
    await burst(me, researcher.id, 20);
    await burst(me, editor.id, 6);

    const page = await signedInPage(browser, cast.url, me.member.token);
    const flooded = page.getByRole('region', { name: 'Queue health: Flooded' });
    await flooded.waitFor(SLOW);
    expect(await lineText(page)).toEqual([
      'Flooded — 26 open. Answer what matters, archive the rest, then fix the instructions. Most of them: Researcher.',
    ]);
    const link = flooded.getByRole('link', { name: 'Open instructions' });
    expect(await link.getAttribute('href')).toBe(`/agents/${researcher.id}/instructions`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'health-burst-flooded-1280');

    await link.click();
    await page.waitForURL(`**/agents/${researcher.id}/instructions`);
    await page.getByRole('heading', { level: 1, name: 'Instructions for Researcher' }).waitFor(SLOW);
    expect(await page.getByLabel('Instructions', { exact: true }).inputValue()).toBe('Ask before spending money.');
  });
});

describe("the person's day (issue #30): 26 decisions from 3 agents in a few minutes", () => {
  /** Ops bot 11, Researcher 8, Editor 7: a plurality, not a majority. */
  async function threeAgents(me: Me) {
    const ops = await me.agent('Ops bot');
    const researcher = await me.agent('Researcher');
    const editor = await me.agent('Editor');
    const ids = [...(await burst(me, ops.id, 11)), ...(await burst(me, researcher.id, 8)), ...(await burst(me, editor.id, 7))];
    return { ops, ids };
  }

  it(
    'FR-54, §6.18: the health line names the agent that opened the most in §6.18\'s words, "Most of them: {agent}."',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      await rollUpHealth(cast.pool, me.member.workspaceId);
      const { ops } = await threeAgents(me);

      const page = await signedInPage(browser, cast.url, me.member.token);
      const flooded = page.getByRole('region', { name: 'Queue health: Flooded' });
      await flooded.waitFor(SLOW);
      // 11 of 26 opened the most: §6.18 "Health — culprit" is the one sentence for it.
      expect(await lineText(page)).toEqual([
        'Flooded — 26 open. Answer what matters, archive the rest, then fix the instructions. Most of them: Ops bot.',
      ]);
      expect(await page.getByText(/The most/).count()).toBe(0);
      expect(await flooded.getByRole('link', { name: 'Open instructions' }).getAttribute('href')).toBe(`/agents/${ops.id}/instructions`);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'health-plurality');
    },
  );

  it('FR-51, FR-52: a burst today shows on the health line, before and after the roll-up sees it', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    // An older history of about 1 a day, all answered: days 2 to 12 (outside the last 24 hours, whatever the hour).
    const history = (await me.agent('Scheduler')).id;
    for (let day = 2; day <= 12; day += 1) {
      const [id] = await openedDaysAgo(cast, me, history, day, 1);
      await me.answer(id!, 1, { kind: 'decision', selected: [1] });
    }
    await rollUpHealth(cast.pool, me.member.workspaceId);
    const page = await signedInPage(browser, cast.url, me.member.token);
    await expect.poll(() => lineText(page), SLOW).toEqual(['Healthy — about 1 decision a day.']);

    // 26 filed in a few minutes, then one answered: 25 open.
    const { ops, ids } = await threeAgents(me);
    await me.answer(ids[0]!, 1, { kind: 'decision', selected: [2] });
    const burstLine =
      'Flooded — 26 decisions in the last 24 hours, 25 open. Answer what matters, archive the rest, then fix the instructions. Most of them: Ops bot.';
    await page.reload();
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['25 open · 25 blocking']);
    await expect.poll(() => lineText(page), SLOW).toEqual([burstLine]);
    const flooded = page.getByRole('region', { name: 'Queue health: Flooded' });
    expect(await flooded.getByRole('link', { name: 'Open instructions' }).getAttribute('href')).toBe(`/agents/${ops.id}/instructions`);
    expect(await page.getByText(/Healthy/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'health-burst-today');

    // The hourly roll-up, taken after the burst, reads it the same: the median still cannot see today.
    await rollUpHealth(cast.pool, me.member.workspaceId);
    await page.reload();
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['25 open · 25 blocking']);
    await expect.poll(() => lineText(page), SLOW).toEqual([burstLine]);
  });
});
