/**
 * What a card and the detail say about a decision, in a real browser (issue 30 items 3, 11, 12,
 * 14): Blocking means one thing on every surface — the decision's agent waits on it — so an
 * advisory decision never says it, not on its card, not in the detail, not in the header's
 * count, even on a task something else blocks; the blocking line says §6.18's "Run paused ·
 * Task blocked", each a link to what it holds; a card says "asked 3h ago, 42 messages since" as
 * `cast decide ls` does and marks a stale ask; an unscored decision is labelled "not scored".
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { seriousViolations } from '../support/axe';
import { WIDE, screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A poll's patience: the machine is shared, so waits are generous. */
const SLOW = { timeout: 15_000 };
type Me = ReturnType<typeof world>;

/** Signs in on a new page; `at` fixes the page's clock (Date.now) at that moment. */
const signedIn = (token: string, path = '/decisions', at?: Date) =>
  signedInPage(browser, cast.url, token, path, { viewport: WIDE, at, until: 'signed-in' });

const card = (page: Page, question: string) => page.getByTestId('card').filter({ hasText: question });
const counts = (page: Page) => page.getByTestId('counts').allTextContents();

/** `count` messages in the session after the ask, as its conversation goes on. */
async function talk(me: Me, session: string, count: number): Promise<void> {
  for (let n = 0; n < count; n += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, count - n) }, (_, i) =>
        me.send(sessionRoutes.appendMessage, { params: { id: session }, body: { role: 'assistant', body: `Step ${n + i + 1} done.` } }),
      ),
    );
  }
}

describe('what a card and the detail say (issue 30)', () => {
  it('an advisory decision never says Blocking (FR-3, FR-11, cast-decide "Blocking and advisory"): chip, detail line and header count agree, for an advisory member of a blocked task', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Ops bot');
    const task = await me.task('Rotate the API keys');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    // The blocking decision holds the task; the advisory one sits on the same task and parked run.
    const holder = (
      await me.file({ question: 'Buy the larger key quota?', context, asks: [approvalAsk()], agent: agent.id, task: task.id })
    ).body.decision.id;
    await expect.poll(async () => (await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status, SLOW).toBe('blocked');
    const advisory = (
      await me.file({
        question: 'Back off or switch keys?',
        context,
        asks: [tierAsk()],
        mode: 'advisory',
        defaultOption: 1,
        agent: agent.id,
        task: task.id,
        session,
        run: parked.id,
      })
    ).body.decision.id;

    // The API says it once: the card's flag, the detail's and the header's count are one rule.
    const queue = await me.send(decisionRoutes.listQueue);
    expect(queue.decisions.map((d) => [d.id, d.blocking])).toEqual([
      [holder, true],
      [advisory, false],
    ]);
    expect(queue.counts).toEqual({ open: 2, blocking: 1, total: 2 });
    expect((await me.send(decisionRoutes.getDecision, { params: { id: advisory } })).detail.blocking).toBe(false);

    const page = await signedIn(member.token, `/decisions?id=${advisory}`);
    await page.getByRole('heading', { name: 'Back off or switch keys?' }).waitFor(SLOW);
    await expect.poll(() => counts(page), SLOW).toEqual(['2 open · 1 blocking']);
    const advisoryCard = card(page, 'Back off or switch keys?');
    expect(await advisoryCard.getByText('Blocking', { exact: true }).count()).toBe(0);
    expect(await advisoryCard.getByTestId('advisory-chip').textContent()).toBe('Advisory');
    expect(await card(page, 'Buy the larger key quota?').getByText('Blocking', { exact: true }).count()).toBe(1);
    // The detail: no Blocking line, only what the agent does meanwhile.
    expect(await page.getByTestId('blocking').count()).toBe(0);
    expect(
      await page
        .locator('.detail')
        .getByText(/Blocking/)
        .count(),
    ).toBe(0);
    expect(await page.getByTestId('advisory').textContent()).toBe(
      'Advisory Ops bot is carrying on with its default: Basic. Nothing answers it automatically: your answer overrides the default whenever you give it.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'advisory-never-blocking-1280');

    // The blocking one still says so, in the same words as its chip.
    await card(page, 'Buy the larger key quota?').locator('[data-card]').click();
    await page.getByRole('heading', { name: 'Buy the larger key quota?' }).waitFor(SLOW);
    expect(await page.getByTestId('blocking').count()).toBe(1);
  });

  it('the blocking line is §6.18\'s "Run paused · Task blocked" (FR-11): each a link to the run and the task, never a raw id', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const task = await me.task('Refresh the pricing page');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const id = (
      await me.file({
        question: 'Spend $240 on the data feed',
        context,
        asks: [approvalAsk()],
        agent: agent.id,
        task: task.id,
        session,
        run: parked.id,
      })
    ).body.decision.id;
    const bare = (await me.file({ question: 'Which supplier list is right?', context, asks: [tierAsk()], agent: agent.id })).body.decision
      .id;
    await expect.poll(async () => (await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status, SLOW).toBe('blocked');

    const page = await signedIn(member.token, `/decisions?id=${id}`);
    await page.getByRole('heading', { name: 'Spend $240 on the data feed' }).waitFor(SLOW);
    const blocking = page.getByTestId('blocking');
    expect(await blocking.textContent()).toBe('Blocking: Run paused · Task blocked');
    const run = blocking.getByRole('link', { name: 'Run paused' });
    expect(await run.getAttribute('href')).toBe(`/runs/${parked.id}`);
    expect(await blocking.getByRole('link', { name: 'Task blocked' }).getAttribute('href')).toBe(`/tasks/${task.id}`);
    // The task is named on its own line under it (§6.2 "Task: Refresh the pricing page →").
    expect(await page.getByTestId('task').textContent()).toBe('Task: Refresh the pricing page →');
    expect(await blocking.textContent()).not.toContain(parked.id);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'blocking-line-names-1280');

    // With no run and no task, it names who waits.
    await page.goto(`${cast.url}/decisions?id=${bare}`);
    await page.getByRole('heading', { name: 'Which supplier list is right?' }).waitFor(SLOW);
    expect(await page.getByTestId('blocking').textContent()).toBe('Blocking: Researcher is waiting for your answer');

    // The run's link lands on that run.
    await page.goto(`${cast.url}/decisions?id=${id}`);
    await page.getByTestId('blocking').getByRole('link', { name: 'Run paused' }).click();
    await page.waitForURL(`**/runs/${parked.id}`);
  });

  it('a card shows how long ago it was asked and how many messages since, and marks a stale ask (cast-decide "Keeping an ask correct")', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const quiet = await me.session(agent.id);
    const busy = await me.session(agent.id);
    await talk(me, quiet, 3);
    await talk(me, busy, 3);
    await me.file({ question: 'Keep the old pricing?', context, asks: [tierAsk()], agent: agent.id, session: quiet });
    await me.file({ question: 'Use the cached feed?', context, asks: [tierAsk()], agent: agent.id, session: busy });
    await me.file({ question: 'No session behind me?', context, asks: [tierAsk()], agent: agent.id });
    // Only what came after the ask counts: 2 in the quiet session, 42 in the busy one (30 is stale).
    await talk(me, quiet, 2);
    await talk(me, busy, 42);

    const page = await signedIn(member.token);
    const fresh = card(page, 'Keep the old pricing?');
    const stale = card(page, 'Use the cached feed?');
    await stale.waitFor(SLOW);
    // Filed moments ago: "just now", or a minute or two on a loaded machine.
    expect(await fresh.locator('.meta').textContent()).toMatch(/^Researcher · asked (just now|\dm ago), 2 messages since$/);
    expect(await fresh.getByTestId('stale').count()).toBe(0);
    expect(await stale.locator('.meta').textContent()).toMatch(/^Researcher · asked (just now|\dm ago), 42 messages since$/);
    // Marked in words, not colour alone: the card's name says Stale to a screen reader.
    expect(await stale.getByTestId('stale').textContent()).toBe('⚠ Stale');
    expect(await stale.getByRole('button', { name: /Stale/ }).count()).toBe(1);
    expect(await fresh.getByRole('button', { name: /Stale/ }).count()).toBe(0);
    // A decision with no session has no messages to count: its age alone.
    expect(await card(page, 'No session behind me?').locator('.meta').textContent()).toMatch(/^Researcher · (just now|\dm)$/);
    // The detail says the same two numbers.
    await stale.locator('[data-card]').click();
    await page.getByRole('heading', { name: 'Use the cached feed?' }).waitFor(SLOW);
    expect(await page.getByTestId('byline').textContent()).toMatch(
      /^Researcher · asked (just now|\dm ago), 42 messages since · not scored ⚠ Stale$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'card-stale-by-messages-1280');

    // Three hours on, the quiet one is stale by age: "asked 3h ago, 2 messages since".
    const later = await signedIn(member.token, '/decisions', new Date(Date.now() + 3 * 3_600_000 + 60_000));
    const aged = card(later, 'Keep the old pricing?');
    await aged.waitFor(SLOW);
    expect(await aged.locator('.meta').textContent()).toBe('Researcher · asked 3h ago, 2 messages since');
    expect(await aged.getByTestId('stale').textContent()).toBe('⚠ Stale');
  });

  it('FR-4, FR-10, §6.18 — confidence: "82% sure" on a scored decision, "not scored" on the rest, on the card and in the detail', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    await me.file({ question: 'Scored: renew the licence?', context, asks: [tierAsk()], agent: agent.id, confidence: 0.82 });
    const unscored = (await me.file({ question: 'Unscored: which vendor?', context, asks: [tierAsk()], agent: agent.id })).body.decision.id;

    const page = await signedIn(member.token);
    const scored = card(page, 'Scored: renew the licence?');
    await scored.waitFor(SLOW);
    expect(await scored.locator('.confidence').textContent()).toBe('82% sure');
    const plain = card(page, 'Unscored: which vendor?');
    // §10 "Degradation": "With the confidence score absent, the decision ranks at 0.5 and is labelled not scored."
    expect(await plain.locator('.confidence').textContent()).toBe('not scored');
    expect(await page.getByTestId('byline').textContent()).toBe('Researcher · just now · 82% sure');

    await plain.locator('[data-card]').click();
    await page.getByRole('heading', { name: 'Unscored: which vendor?' }).waitFor(SLOW);
    expect(new URL(page.url()).searchParams.get('id')).toBe(unscored);
    expect(await page.getByTestId('byline').textContent()).toBe('Researcher · just now · not scored');
    expect(await seriousViolations(page)).toEqual([]);
    // On a phone the card says it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${cast.url}/decisions`);
    await expect.poll(() => card(page, 'Unscored: which vendor?').locator('.confidence').textContent(), SLOW).toBe('not scored');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
