/**
 * The web queue's remaining states in a real browser: every restart-outcome line of §6.5 with
 * its Open Run ↗ / Open Task ↗ landing on the run or task page, FR-7's visible-only refresh
 * on a fake clock, and an axe scan and a screenshot (1280 and 375 px) of each state.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';

import { axeViolations } from '../support/axe';
import { NARROW, WIDE, atBothWidths, screenshot, signIn, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A poll's patience: the machine is shared, so waits are generous. */
const SLOW = { timeout: 10_000 };

// Signed in once the form is gone; each test then waits for what its page shows.
const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, path, { viewport: WIDE, until: 'signed-in' });

const outcome = (page: Page) => page.getByTestId('outcome').allTextContents();

/** Answers the selected decision's approval ask and waits for its outcome line. */
async function approveAndWait(page: Page, line: string) {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toEqual([line]);
}

describe('restart outcomes in the browser (§6.5, FR-31…FR-35)', () => {
  it('a parked run: "{agent} is picking the work back up." — Open Run ↗ shows the restarted run, and Back returns to the decision', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const filed = await me.file({
      question: 'Spend $240 on the data feed?',
      context,
      asks: [approvalAsk()],
      session,
      run: parked.id,
      agent: agent.id,
    });
    const id = filed.body.decision.id;

    const page = await signedIn(member.token);
    await approveAndWait(page, 'Researcher is picking the work back up.');
    const restarted = (await me.delivered(id)).delivery!;
    expect(restarted).toMatchObject({ kind: 'restarted' });
    expect(await page.getByRole('link', { name: 'Open Task' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'resolved-restarted');
    // At 375 px the resolved decision is reached by its link, which opens the detail pane.
    await page.setViewportSize(NARROW);
    await page.goto(`${cast.url}/decisions?id=${id}`);
    await expect.poll(() => outcome(page), SLOW).toEqual(['Researcher is picking the work back up.']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resolved-detail-375');
    await page.setViewportSize(WIDE);

    await page.getByRole('link', { name: 'Open Run' }).click();
    await page.waitForURL(`**/runs/${restarted.runId}`);
    // Titled by its agent (it has no task); ids are link targets, not text (issue 30).
    await page.getByRole('heading', { level: 1, name: 'Researcher' }).waitFor();
    // Focus moves to the new page's heading, so a screen reader announces it.
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { activeElement: { tagName: string } } }).document.activeElement.tagName,
      ),
    ).toBe('H1');
    expect(await page.getByTestId('run-status').textContent()).toBe('Ready — waiting for its host to pick it up');
    expect(await page.getByTestId('run-agent').textContent()).toBe('Researcher');
    expect(await page.getByTestId('run-session').textContent()).toBe(`${session} · not responding`);
    expect(await page.getByRole('link', { name: 'The run before this one' }).getAttribute('href')).toBe(`/runs/${parked.id}`);
    expect(await page.getByRole('link', { name: 'Spend $240 on the data feed?' }).getAttribute('href')).toBe(`/decisions?id=${id}`);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'run-page');

    // The run it continues is one link away, and it has ended (FR-32).
    await page.getByRole('link', { name: 'The run before this one' }).click();
    await page.waitForURL(`**/runs/${parked.id}`);
    await expect.poll(() => page.getByTestId('run-status').allTextContents(), SLOW).toEqual(['Completed']);

    await page.goBack();
    await page.goBack();
    await expect.poll(() => outcome(page), SLOW).toEqual(['Researcher is picking the work back up.']);
    await page.getByRole('heading', { name: /Spend \$240 on the data feed\?/ }).waitFor();
  });

  it('E4 — a live run: "Sent to the Run that is already going." — Open Run ↗ shows that same run, still running', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const running = await me.run(session, 'running');
    await me.send(sessionRoutes.sessionHeartbeat, { params: { id: session }, body: {} });
    await me.file({ question: 'Keep going with the Pro tier?', context, asks: [approvalAsk()], session, run: running.id });

    const page = await signedIn(member.token);
    await approveAndWait(page, 'Sent to the Run that is already going.');
    await screenshot(page, 'resolved-injected-1280');
    await page.getByRole('link', { name: 'Open Run' }).click();
    await page.waitForURL(`**/runs/${running.id}`);
    await expect.poll(() => page.getByTestId('run-status').allTextContents(), SLOW).toEqual(['Running']);
    expect(await page.getByTestId('run-agent').textContent()).toBe('No agent named');
    expect(await page.getByTestId('run-session').textContent()).toBe(`${session} · live`);
  });

  it('E3 — nothing to restart: "Answered. There was no paused work left to restart." and no Open Run or Open Task', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const run = await me.run(session, 'running');
    const task = await me.task();
    await me.file({ question: 'Nothing left to pick up?', context, asks: [approvalAsk()], session, run: run.id, task: task.id });
    await me.send(runRoutes.updateRun, { params: { id: run.id }, body: { status: 'cancelled' } });
    await cast.pool.query('update tasks set deleted_at = now() where id = $1', [task.id]);

    const page = await signedIn(member.token);
    await approveAndWait(page, 'Answered. There was no paused work left to restart.');
    expect(await page.locator('.outcome a').count()).toBe(0);
    await screenshot(page, 'resolved-nothing-1280');
  });

  it('FR-35 — no free slot: "Queued — waiting for a free slot." — Open Run ↗ shows the queued run', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await cast.pool.query('update workspaces set run_concurrency = 1 where id = $1', [member.workspaceId]);
    await me.run(await me.session(), 'running');
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const id = (await me.file({ question: 'Queue the restart?', context, asks: [approvalAsk()], session, run: parked.id })).body.decision
      .id;

    const page = await signedIn(member.token);
    await approveAndWait(page, 'Queued — waiting for a free slot.');
    await screenshot(page, 'resolved-queued-1280');
    const queued = (await me.delivered(id)).delivery!;
    expect(queued.kind).toBe('queued');
    await page.getByRole('link', { name: 'Open Run' }).click();
    await page.waitForURL(`**/runs/${queued.runId}`);
    await expect.poll(() => page.getByTestId('run-status').allTextContents(), SLOW).toEqual(['Queued — waiting for a free slot']);
  });

  it('E5 — a failed restart says so with Run now, and offers no Open Run (the longer Run now path is in web-queue.test.ts)', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: session }, body: {} });
    await me.file({ question: 'Restart me?', context, asks: [approvalAsk()], session, run: parked.id });

    const page = await signedIn(member.token);
    await approveAndWait(page, 'Answered, but the agent could not be restarted automatically.');
    expect(await page.getByRole('button', { name: 'Run now' }).count()).toBe(1);
    expect(await page.locator('.outcome a').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resolved-failed-1280');
  });

  it('E16 — the task has another blocker: "Answered. This Task is still waiting on 1 other blocker." — Open Task ↗ shows the task and what holds it', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const task = await me.task('Refresh the pricing page');
    const first = (await me.file({ question: 'Buy the data feed?', context, asks: [approvalAsk()], task: task.id })).body.decision.id;
    const second = (await me.file({ question: 'Which supplier list is right?', context, asks: [tierAsk()], task: task.id })).body.decision
      .id;
    // Each blocking decision holds its task once its workflow has started.
    await expect
      .poll(async () => (await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.blockers.length, { timeout: 15_000 })
      .toBe(2);

    const page = await signedIn(member.token, `/decisions?id=${first}`);
    await approveAndWait(page, 'Answered. This Task is still waiting on 1 other blocker.');
    expect(await page.getByRole('link', { name: 'Open Run' }).count()).toBe(0);
    await atBothWidths(page, 'resolved-other-blocker');

    await page.getByRole('link', { name: 'Open Task' }).click();
    await page.waitForURL(`**/tasks/${task.id}`);
    await page.getByRole('heading', { level: 1, name: 'Refresh the pricing page' }).waitFor();
    expect(await page.getByTestId('task-status').textContent()).toBe('Blocked — back in progress when nothing holds it');
    const holding = page.getByTestId('blockers').getByRole('link');
    expect(await holding.allTextContents()).toEqual(['Which supplier list is right? (open)']);
    expect(await holding.getAttribute('href')).toBe(`/decisions?id=${second}`);
    const cleared = page.getByTestId('cleared').getByRole('link');
    expect(await cleared.allTextContents()).toEqual(['Buy the data feed? (answered)']);
    expect(await cleared.getAttribute('href')).toBe(`/decisions?id=${first}`);
    expect(await page.getByRole('link', { name: 'Open in My Decisions' }).getAttribute('href')).toBe(`/decisions?task=${task.id}`);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'task-page');

    // The decision still holding the task is one link away, selected in the queue.
    await holding.click();
    await page.getByRole('heading', { name: 'Which supplier list is right?' }).waitFor();
    expect(page.url()).toContain(`id=${second}`);
  });

  it('a run or task that is not yours reads "Not found." on its page', async () => {
    const other = world(cast, await cast.newMember());
    const run = await other.run(await other.session(), 'running');
    const task = await other.task('Someone else’s task');
    const member = await cast.newMember();
    const page = await signedIn(member.token);
    for (const path of [`/runs/${run.id}`, `/tasks/${task.id}`]) {
      await page.evaluate((href) => {
        const web = globalThis as unknown as {
          history: { pushState(s: null, t: string, u: string): void };
          dispatchEvent(e: unknown): void;
          PopStateEvent: new (type: string) => unknown;
        };
        web.history.pushState(null, '', href);
        web.dispatchEvent(new web.PopStateEvent('popstate'));
      }, path);
      await page.getByRole('heading', { level: 1, name: 'Not found.' }).waitFor();
      expect(await page.getByText('Someone else’s task').count()).toBe(0);
    }
  });

  it('a deep link to a run or a task page loads the app and shows it', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const run = await me.run(await me.session(), 'running');
    const task = await me.task('Deep-linked task');
    const page = await signedIn(member.token, `/runs/${run.id}`);
    await page.getByRole('heading', { level: 1, name: 'Run' }).waitFor();
    await page.goto(`${cast.url}/tasks/${task.id}`);
    await page.getByRole('heading', { level: 1, name: 'Deep-linked task' }).waitFor();
  });
});

describe('FR-7 — the open count refreshes at most every 30 s, and only while the tab is visible', () => {
  type Web = { __queueReads: number[]; document: { dispatchEvent(e: unknown): void }; Event: new (type: string) => unknown };

  it('visible: one read per 30 s, the new count shown; hidden: no read at all; visible again: it resumes', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({ question: 'Count me?', context, asks: [tierAsk()] });

    const page = await browser.newPage({ viewport: WIDE });
    // Time stands still from the first script on; only runFor moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    // Each queue read, stamped with the page's (fake) clock.
    await page.addInitScript(() => {
      const web = globalThis as unknown as Web & { fetch: typeof fetch };
      const original = web.fetch.bind(web);
      web.__queueReads = [];
      web.fetch = (input, init) => {
        if (/^\/api\/v1\/decisions\?/.test(String(input))) web.__queueReads.push(Date.now());
        return original(input, init);
      };
    });
    let requests = 0;
    let answered = 0;
    const isQueueRead = (request: Request) => new URL(request.url()).pathname === '/api/v1/decisions';
    page.on('request', (request) => {
      if (isQueueRead(request)) requests += 1;
    });
    page.on('requestfinished', (request) => {
      if (isQueueRead(request)) answered += 1;
    });
    // A read the next one overtakes is cancelled (its signal aborts it): settled, with no answer.
    // Under the fake clock five minutes of reads start within moments, so some are.
    page.on('requestfailed', (request) => {
      if (isQueueRead(request)) answered += 1;
    });
    await signIn(page, cast.url, member.token, '/decisions', 'signed-in');
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['1 open · 1 blocking']);

    const reads = () => page.evaluate(() => (globalThis as unknown as Web).__queueReads);
    const setVisibility = (state: 'visible' | 'hidden') =>
      page.evaluate((value) => {
        const web = globalThis as unknown as Web;
        Object.defineProperty(web.document, 'visibilityState', { configurable: true, get: () => value });
        Object.defineProperty(web.document, 'hidden', { configurable: true, get: () => value === 'hidden' });
        web.document.dispatchEvent(new web.Event('visibilitychange'));
      }, state);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reads()).toHaveLength(1);

    // Visible: nothing before 30 s, then one read that shows a decision filed meanwhile.
    await me.file({ question: 'Filed while you watched?', context, asks: [tierAsk()] });
    await page.clock.runFor(29_000);
    await settle();
    expect(await reads()).toHaveLength(1);
    await page.clock.runFor(1_000);
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['2 open · 2 blocking']);
    expect(await reads()).toHaveLength(2);

    // Flipping visibility back and forth right after a read does not read again (< 30 s).
    for (let flip = 0; flip < 3; flip += 1) {
      await setVisibility('hidden');
      await setVisibility('visible');
    }
    await settle();
    expect(await reads()).toHaveLength(2);

    // Five visible minutes: ten reads, never two within 30 s of each other.
    await page.clock.runFor(300_000);
    await settle();
    const visible = await reads();
    expect(visible).toHaveLength(12);
    for (let i = 1; i < visible.length; i += 1) expect(visible[i]! - visible[i - 1]!).toBeGreaterThanOrEqual(30_000);

    // The last visible read has its answer before the next decision is filed: a read still in
    // flight then could count it, and the count would change without a read while hidden.
    await expect.poll(() => answered, SLOW).toBe(requests);

    // Hidden for five minutes: not one read, so the count stays as it was.
    await setVisibility('hidden');
    await me.file({ question: 'Filed while you were away?', context, asks: [tierAsk()] });
    await page.clock.runFor(300_000);
    await settle();
    expect(await reads()).toHaveLength(12);
    expect(await page.getByTestId('counts').allTextContents()).toEqual(['2 open · 2 blocking']);

    // Back in view: it catches up once, straight away, then keeps the 30 s pace.
    await setVisibility('visible');
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['3 open · 3 blocking']);
    expect(await reads()).toHaveLength(13);
    await page.clock.runFor(29_000);
    await settle();
    expect(await reads()).toHaveLength(13);
    await page.clock.runFor(1_000);
    await expect.poll(reads, SLOW).toHaveLength(14);
    // What the page says it asked for is what went over the wire.
    await expect.poll(() => requests, SLOW).toBe(14);
  });
});

describe('every state, scanned by axe and photographed at 1280 and 375 px', () => {
  it('§6.6 loading: the skeleton', async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'Slow read?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/decisions?**', async (route) => (await held, route.continue()));
    await page.reload();
    await page.getByTestId('skeleton').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'loading');
    release();
    await page.getByTestId('counts').waitFor();
  });

  it('§6.8 empty, first run; §6.7 empty, quiet', async () => {
    const fresh = await signedIn((await cast.newMember()).token);
    await fresh.getByRole('heading', { name: 'No decisions yet.' }).waitFor();
    expect(await axeViolations(fresh)).toEqual([]);
    await atBothWidths(fresh, 'empty-first-run');

    const quiet = await cast.newMember();
    const me = world(cast, quiet);
    const id = (await me.file({ question: 'Long ago?', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await cast.pool.query("update decisions set created_at = now() - interval '20 days' where id = $1", [id]);
    const page = await signedIn(quiet.token);
    await page.getByRole('heading', { name: 'Nothing needs you right now.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'empty-quiet');
  });

  it('§6.9 error, with the last known count', async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'Still here?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token);
    await page.getByTestId('counts').waitFor();
    await page.route('**/api/v1/decisions?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{}' }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Could not load your decisions.' }).waitFor();
    await page.getByText('Last known: 1 open, 1 minute ago.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'error');
  });

  it('E15 — another workspace\'s decision reads "Not found." in the queue and on its document page', async () => {
    const owner = world(cast, await cast.newMember());
    const foreign = (await owner.file({ question: 'A secret question?', context, asks: [tierAsk()] })).body.decision.id;
    const member: Member = await cast.newMember();
    const page = await signedIn(member.token, `/decisions?id=${foreign}`);
    await page.locator('.detail').getByRole('heading', { name: 'Not found.' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('A secret question?').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'No decisions yet.' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'not-found-queue');

    await page.goto(`${cast.url}/decisions/${foreign}`);
    await page.getByRole('heading', { level: 1, name: 'Not found.' }).waitFor();
    expect(await page.getByText('A secret question?').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'not-found-document');
  });

  it('the list with its detail and every ask control; the 375 px list and detail; the key sheet', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    await me.file({ question: 'Which supplier list is right?', context, asks: [tierAsk()], agent: agent.id, confidence: 0.2 });
    await me.file({
      question: 'Set up the new data feed',
      context,
      attempts: ['fetch feed — 402 payment required', 'cached copy — 9 days stale'],
      asks: [
        approvalAsk(),
        tierAsk(),
        { kind: 'fact', prompt: 'What is the VAT rate we charge in Ireland?' },
        accessAsk('mcp__analytics__query'),
        { kind: 'action', prompt: 'Sign the supplier agreement in the finance portal.' },
      ],
      agent: agent.id,
      confidence: 0.8,
    });
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Set up the new data feed' }).waitFor();
    await atBothWidths(page, 'list-with-detail');
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('radio', { name: /Basic/ }).check();
    await atBothWidths(page, 'ask-controls-with-reasons');

    await page.setViewportSize(NARROW);
    await page.reload();
    await page.getByTestId('card').first().waitFor();
    await expect.poll(() => page.locator('.detail').isVisible(), SLOW).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'narrow-list-375');
    await page.getByTestId('card').first().click();
    await page.getByRole('button', { name: 'Back to My Decisions' }).waitFor();
    await expect.poll(() => page.locator('.detail').isVisible(), SLOW).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'narrow-detail-375');

    await page.setViewportSize(WIDE);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard' }).waitFor();
    await atBothWidths(page, 'key-sheet');
  });

  it('step mode', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({ question: 'Step one?', context, asks: [approvalAsk()], confidence: 0.9 });
    await me.file({ question: 'Step two?', context, asks: [tierAsk()], confidence: 0.1 });
    const page = await signedIn(member.token, '/questions?mode=step');
    await page.getByRole('heading', { name: 'Step one?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'step-mode');
  });

  it('the document page', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const report = '<html><body><h1>Drop analysis</h1><p>agent_runs_v1 has had no reads in 90 days.</p></body></html>';
    const filed = await me.file({ question: 'Drop agent_runs_v1?', context, asks: [approvalAsk()], report, session: await me.session() });
    const page = await signedIn(member.token, `/decisions/${filed.body.decision.id}`);
    // The page is about this one decision: its question is the page's h1.
    await page.getByRole('heading', { level: 1, name: 'Drop agent_runs_v1?' }).waitFor();
    await expect.poll(() => page.frameLocator('iframe.agent-html').getByRole('heading', { name: 'Drop analysis' }).count(), SLOW).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await atBothWidths(page, 'document-page');
  });
});
