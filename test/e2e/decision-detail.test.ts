/**
 * What a person needs to see to decide, in a real browser (AW-03 FR-10, FR-11, §6.2, §6.4,
 * §6.5, §6.10; issue 20): the detail's header lines and their links, the agent's report and
 * option pages, an advisory decision's default and deadline, who answered and when, the
 * over-limit note, the optional reason on every ask, a decision its agent withdrew, and a
 * multi-select that stops at its maximum. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { missionRoutes } from '../../domain/routes/missions';
import { stackRoutes } from '../../domain/routes/stacks';
import { taskRoutes } from '../../domain/routes/tasks';

import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { seriousViolations } from '../support/axe';
import { WIDE, screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A poll's patience: the machine is shared, so waits are generous. */
const SLOW = { timeout: 15_000 };

/** Signs in on a new page; `at` fixes the page's clock (Date.now) at that moment. */
const signedIn = (token: string, path = '/decisions', at?: Date) =>
  signedInPage(browser, cast.url, token, path, { viewport: WIDE, at, until: 'signed-in' });

const detail = (page: Page) => page.locator('.detail');
const ask = (page: Page, position: number) => detail(page).locator(`li[data-ask="${position}"]`);

describe('what a person needs to see to decide', () => {
  it('FR-10/FR-11: the detail shows agent, age, confidence, task, mission, blocking links', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const mission = (await me.send(missionRoutes.createMission, { body: { name: 'Pricing accuracy' } })).mission;
    const task = await me.task('Refresh the pricing page', { missionId: mission.id });
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
        confidence: 0.82,
        attempts: ['fetch feed: 402 payment required', 'cached copy: 9 days stale'],
      })
    ).body.decision.id;
    // The blocking decision holds its task once its workflow has started.
    await expect.poll(async () => (await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status, SLOW).toBe('blocked');
    const read = await me.send(decisionRoutes.getDecision, { params: { id } });
    expect(read.detail.blocking).toBe(true);

    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Spend $240 on the data feed' }).waitFor(SLOW);
    expect(await page.getByTestId('byline').textContent()).toBe('Researcher · asked just now, 0 messages since · 82% sure');
    const blocking = page.getByTestId('blocking');
    // §6.18 "Blocking detail: Run paused · Task blocked", each a link; the task is named on its own line.
    expect(await blocking.textContent()).toBe('Blocking: Run paused · Task blocked');
    expect(await blocking.getByRole('link', { name: 'Run paused' }).getAttribute('href')).toBe(`/runs/${parked.id}`);
    expect(await blocking.getByRole('link', { name: 'Task blocked' }).getAttribute('href')).toBe(`/tasks/${task.id}`);
    expect(await blocking.locator('svg[data-icon="pause"]').count()).toBe(1);
    const taskLine = page.getByTestId('task');
    expect(await taskLine.textContent()).toBe('Task: Refresh the pricing page →');
    expect(await taskLine.getByRole('link').getAttribute('href')).toBe(`/tasks/${task.id}`);
    expect(await page.getByTestId('mission').textContent()).toBe('Mission: Pricing accuracy');
    expect(await detail(page).getByText('What it tried').count()).toBe(1);
    expect(await detail(page).getByText('fetch feed: 402 payment required').count()).toBe(1);
    const openRun = detail(page).getByRole('link', { name: 'Open Run' });
    expect(await openRun.getAttribute('href')).toBe(`/runs/${parked.id}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-header-1280');

    // Each link lands where it says.
    await blocking.getByRole('link', { name: 'Run paused' }).click();
    await page.waitForURL(`**/runs/${parked.id}`);
    // The run reads as its agent and its task (issue 30), not as its id.
    await page.getByRole('heading', { level: 1, name: 'Researcher · Refresh the pricing page' }).waitFor(SLOW);
    await page.goBack();
    await page.getByTestId('blocking').getByRole('link', { name: 'Task blocked' }).click();
    await page.waitForURL(`**/tasks/${task.id}`);
  });

  it("the report is embedded in the detail (sandboxed) with a link to the full page; each option's page is linked beside it", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const report =
      '<html><body><h1>Feed comparison</h1><script>parent.document.title = "owned"; document.title = "ran"</script></body></html>';
    const optionPages = [
      { ask: 1, option: 1, html: '<html><body><h1>Basic tier</h1></body></html>' },
      { ask: 1, option: 2, html: '<html><body><h1>Pro tier</h1></body></html>' },
    ];
    const id = (await me.file({ question: 'Which feed tier should it buy?', context, asks: [tierAsk()], report, optionPages })).body
      .decision.id;

    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Which feed tier should it buy?' }).waitFor(SLOW);
    const frame = detail(page).locator('iframe.agent-html');
    expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(await frame.getAttribute('src')).toBe(`/api/v1/decisions/${id}/documents/report`);
    await expect
      .poll(() => page.frameLocator('.detail iframe.agent-html').getByRole('heading', { name: 'Feed comparison' }).count(), SLOW)
      .toBe(1);
    // The report's script never ran, so it could not reach the queue.
    // (The queue's own title counts what is open: "(1) Cast".)
    expect(await page.title()).toMatch(/^(\(\d+\) )?Cast$/);

    const basic = detail(page).getByRole('link', { name: 'Open page for "Basic"' });
    const pro = detail(page).getByRole('link', { name: 'Open page for "Pro"' });
    expect(await basic.getAttribute('href')).toBe(`/api/v1/decisions/${id}/documents/option-1-1`);
    expect(await pro.getAttribute('href')).toBe(`/api/v1/decisions/${id}/documents/option-1-2`);
    // Followed, it opens the option's own page (served sandboxed) beside the queue.
    const [opened] = await Promise.all([page.waitForEvent('popup'), pro.click()]);
    await opened.getByRole('heading', { name: 'Pro tier' }).waitFor(SLOW);
    await opened.close();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-report-1280');

    await detail(page).getByRole('link', { name: 'Open the full page' }).click();
    await page.waitForURL(`**/decisions/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Which feed tier should it buy?' }).waitFor(SLOW);
    // The full page shows the report itself, once: not again inside its answer controls.
    expect(await page.locator('main.document > iframe.agent-html').count()).toBe(1);
    expect(await page.locator('.detail iframe').count()).toBe(0);
  });

  it('cast-decide "Blocking and advisory": an advisory decision says so, its default, and when the default is taken', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Editor');
    const stack = (await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist', autoDefaultSeconds: 86_400 } })).stack;
    const stacked = (
      await me.file({
        question: 'Back off or switch keys?',
        context,
        asks: [tierAsk()],
        mode: 'advisory',
        defaultOption: 1,
        agent: agent.id,
        stack: stack.id,
        confidence: 0.9,
      })
    ).body.decision.id;
    // The stack tells its new member when its default falls due.
    await expect.poll(async () => (await me.decision(stacked)).stack?.deadline ?? null, SLOW).not.toBeNull();
    const deadline = (await me.decision(stacked)).stack!.deadline!;
    await me.file({ question: 'Dense or roomy layout?', context, asks: [tierAsk()], mode: 'advisory', defaultOption: 2, agent: agent.id });

    const page = await signedIn(member.token, `/decisions?id=${stacked}`);
    await page.getByRole('heading', { name: 'Back off or switch keys?' }).waitFor(SLOW);
    const advisory = page.getByTestId('advisory');
    expect(await advisory.textContent()).toMatch(
      /^Advisory Editor is carrying on with its default: Basic\. Answers itself “Basic” at .+ unless you answer\.$/,
    );
    expect(await advisory.locator('time').getAttribute('datetime')).toBe(deadline);
    // Advisory and held by nothing: it is not blocking.
    expect(await page.getByTestId('blocking').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-advisory-1280');

    await page.getByTestId('card').filter({ hasText: 'Dense or roomy layout?' }).locator('[data-card]').click();
    await page.getByRole('heading', { name: 'Dense or roomy layout?' }).waitFor(SLOW);
    expect(await page.getByTestId('advisory').textContent()).toBe(
      'Advisory Editor is carrying on with its default: Pro. Nothing answers it automatically: your answer overrides the default whenever you give it.',
    );
  });

  it('§6.4, §6.5: an answered ask reads "Approved by you · just now", a teammate\'s answer names them; the withdrawn banner says "just now"', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const colleague = await colleagueOf(cast.pool, member, 'Dana');
    const agent = await me.agent('Researcher');
    const id = (await me.file({ question: 'Set up the new data feed', context, asks: [approvalAsk(), tierAsk()], agent: agent.id })).body
      .decision.id;
    await world(cast, colleague).answer(id, 2, { kind: 'decision', selected: [2] });

    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Set up the new data feed' }).waitFor(SLOW);
    expect(await ask(page, 2).getByTestId('answered-line').textContent()).toMatch(/^Pro — answered by Dana · (just now|\d+ seconds? ago)$/);
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => ask(page, 1).getByTestId('answered-line').allTextContents(), SLOW)
      .toEqual([expect.stringMatching(/^Approved by you · (just now|\d+ seconds? ago)$/)]);
    // §6.5: the resolved decision says who answered it, and when.
    await expect.poll(() => page.getByTestId('byline').textContent(), SLOW).toMatch(/^Researcher · answered by you · .+$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-answered-by-1280');

    // The withdrawn banner, read the moment the answer was taken back: "just now", never "0 seconds ago".
    const second = (await me.file({ question: 'Undo me right away', context, asks: [approvalAsk(), tierAsk()] })).body.decision.id;
    await me.answer(second, 1, { kind: 'approval', decision: 'approve' });
    await me.send(decisionRoutes.undoAnswer, { params: { id: second, ask: 1 }, body: {} });
    const withdrawnAt = (await me.decision(second)).asks[0]!.withdrawnAnswers!.at(-1)!.withdrawnAt;
    const atThatMoment = await signedIn(member.token, `/decisions?id=${second}`, new Date(withdrawnAt));
    const banner = atThatMoment.getByTestId('withdrawn');
    await banner.waitFor(SLOW);
    expect(await banner.textContent()).toContain('You withdrew this just now. The agent has been told.');
  });

  it('E10, §6.10: a decision filed with 14 asks shows its ten and says 4 further questions were not recorded', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const asks = Array.from({ length: 14 }, (_, index) => ({ kind: 'fact', prompt: `Question ${index + 1}?` }));
    const filed = await me.file({ question: 'Fourteen questions at once', context, asks });
    expect(filed.body.decision.droppedAsks).toBe(4);

    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Fourteen questions at once' }).waitFor(SLOW);
    expect(await detail(page).locator('.asks > li').count()).toBe(10);
    expect(await detail(page).getByText('0 of 10').count()).toBe(1);
    const note = page.getByTestId('over-limit');
    expect(await note.textContent()).toBe(
      '⚠ 4 further questions were not recorded — this decision was too long.Answer these ten; the agent will ask again if it still needs more.',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('FR-25: "Why? (optional)" is offered on every ask whose reason is not required, and the reason is recorded', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (
      await me.file({
        question: 'Five kinds, five reasons',
        context,
        asks: [
          approvalAsk(),
          tierAsk(),
          { kind: 'fact', prompt: 'What is the VAT rate we charge in Ireland?' },
          accessAsk(),
          { kind: 'action', prompt: 'Sign the supplier agreement in the finance portal.' },
        ],
      })
    ).body.decision.id;
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Five kinds, five reasons' }).waitFor(SLOW);

    // A choice offers it from the start, so w has a field to go to (issue 38 item 6): optional,
    // and on the recommended pick; required on a pick against it.
    expect(await ask(page, 2).getByLabel('Why? (optional)').count()).toBe(1);
    await ask(page, 2).getByRole('radio', { name: /Basic/ }).check();
    expect(await ask(page, 2).getByLabel('Why? (required)').count()).toBe(1);
    await ask(page, 2).getByRole('radio', { name: /Pro/ }).check();
    expect(await ask(page, 2).getByLabel('Why? (optional)').count()).toBe(1);
    for (const position of [1, 3, 4, 5]) expect(await ask(page, position).getByLabel('Why? (optional)').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-optional-reasons-1280');

    await ask(page, 2).getByLabel('Why? (optional)').fill('Hourly is what the page needs.');
    await ask(page, 2).getByRole('button', { name: 'Answer', exact: true }).click();
    await ask(page, 2).getByTestId('answered-line').waitFor(SLOW);
    await ask(page, 1).getByLabel('Why? (optional)').fill('Within this quarter’s budget.');
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await ask(page, 1).getByTestId('answered-line').waitFor(SLOW);
    await ask(page, 3).getByLabel('What is the VAT rate we charge in Ireland?').fill('23%');
    await ask(page, 3).getByLabel('Why? (optional)').fill('From the 2026 rate table.');
    await ask(page, 3).getByRole('button', { name: 'Answer', exact: true }).click();
    await ask(page, 3).getByTestId('answered-line').waitFor(SLOW);
    await ask(page, 4).getByLabel('Why? (optional)').fill('Read-only, for 30 days.');
    await ask(page, 4).getByRole('button', { name: 'I have granted it' }).click();
    await ask(page, 4).getByTestId('answered-line').waitFor(SLOW);
    await ask(page, 5).getByLabel('Why? (optional)').fill('Legal signed off yesterday.');
    await ask(page, 5).getByRole('button', { name: 'Mark done' }).click();

    await expect
      .poll(async () => (await me.decision(id)).asks.map((a) => a.answer?.reason ?? null), SLOW)
      .toEqual([
        'Within this quarter’s budget.',
        'Hourly is what the page needs.',
        'From the 2026 rate table.',
        'Read-only, for 30 days.',
        'Legal signed off yesterday.',
      ]);
    // The reasons are shown back with each answer.
    await expect.poll(() => detail(page).locator('blockquote').count(), SLOW).toBe(5);
  });

  it('cast-decide "Keeping an ask correct": a decision its agent withdrew is listed in Answered, labelled withdrawn, never lost', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const id = (await me.file({ question: 'Which supplier list is right?', context, asks: [tierAsk()], agent: agent.id })).body.decision.id;
    const kept = (await me.file({ question: 'Still open', context, asks: [tierAsk()] })).body.decision.id;
    await me.send(decisionRoutes.withdrawDecision, { params: { id }, body: {} });

    const open = await me.send(decisionRoutes.listQueue);
    expect(open.decisions.map((d) => d.id)).toEqual([kept]);
    const answered = await me.send(decisionRoutes.listQueue, { query: { tab: 'answered' } });
    expect(answered.decisions.map((d) => [d.id, d.status])).toEqual([[id, 'withdrawn']]);
    expect(answered.counts.total).toBe(1);

    const page = await signedIn(member.token, '/decisions?tab=answered');
    const card = page.getByTestId('card').filter({ hasText: 'Which supplier list is right?' });
    await card.waitFor(SLOW);
    expect(await card.getByTestId('withdrawn-chip').textContent()).toBe('Withdrawn by its agent');
    await card.locator('[data-card]').click();
    const title = page.getByRole('heading', { name: 'Which supplier list is right?' });
    await title.waitFor(SLOW);
    expect(await title.textContent()).toBe('Which supplier list is right?WITHDRAWN');
    expect(await page.getByTestId('withdrawn-line').textContent()).toMatch(
      /^Researcher withdrew this (just now|\d+ seconds? ago)\. Nothing was answered\.$/,
    );
    // Nothing to answer on it.
    expect(await detail(page).getByRole('radio').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-withdrawn-1280');
  });

  it('FR-16, §6.3: a multi-select of at most 3 stops the 4th tick at the control and says the limit', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const options = ['Email', 'Slack', 'SMS', 'Phone', 'Post'].map((label) => ({ label }));
    const id = (
      await me.file({
        question: 'Which channels should it use?',
        context,
        asks: [{ kind: 'decision', prompt: 'Pick the channels', options, multiple: true, min: 1, max: 3 }],
      })
    ).body.decision.id;
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Which channels should it use?' }).waitFor(SLOW);
    const box = (label: string) => detail(page).getByRole('checkbox', { name: label });
    expect(await detail(page).getByText('Choose 1–3').count()).toBe(1);

    for (const label of ['Email', 'Slack', 'SMS']) await box(label).check();
    expect(await page.getByTestId('choice-limit').textContent()).toBe('That is 3, the most this ask takes. Untick one to choose another.');
    expect(await box('Phone').isDisabled()).toBe(true);
    expect(await box('Post').isDisabled()).toBe(true);
    // Even a forced click cannot tick a fourth.
    await box('Phone').click({ force: true });
    expect(await box('Phone').isChecked()).toBe(false);
    expect(await detail(page).getByRole('checkbox', { checked: true }).count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-multi-select-limit-1280');

    // Untick one and another can be chosen.
    await box('Slack').uncheck();
    expect(await page.getByTestId('choice-limit').textContent()).toBe('');
    await box('Phone').check();
    await detail(page).getByRole('button', { name: 'Answer', exact: true }).click();
    await expect.poll(async () => (await me.decision(id)).asks[0]?.answer?.value, SLOW).toEqual({ kind: 'decision', selected: [1, 3, 4] });
  });
});
