/**
 * What the pane says an answer will do, and what it did (issue 30 item 4; AW-03 §6.5, §6.18,
 * FR-31, FR-33, E16), in a real browser: the open card promises that the agent picks the work
 * up only when a run will; the outcome line says what happened to the answer or, while
 * something else holds the task, §6.18's "Answered. This Task is still waiting on {count} other
 * blocker(s)." in its place, read live so the count never outlives the blockers it counts; and
 * the pending line opens with §6.18's "Answer all {count}" or "One more".
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { seriousViolations } from '../support/axe';
import { WIDE, atBothWidths, screenshot, signIn, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A poll's patience: the machine is shared, so waits are generous. */
const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, path, { viewport: WIDE, until: 'signed-in' });

const detail = (page: Page) => page.locator('.detail');
const ask = (page: Page, position: number) => detail(page).locator(`li[data-ask="${position}"]`);
const outcome = (page: Page) => page.getByTestId('outcome').allTextContents();
const pending = (page: Page) => page.getByTestId('pending').allTextContents();
const toast = (page: Page) => page.getByTestId('toast').allTextContents();

type Me = ReturnType<typeof world>;

/** Waits until the task is held by `count` open blockers (a blocking decision holds it once its workflow has started). */
async function heldBy(me: Me, taskId: string, count: number) {
  await expect
    .poll(
      async () => (await me.send(taskRoutes.getTask, { params: { id: taskId } })).task.blockers.filter((b) => !b.resolvedAt).length,
      SLOW,
    )
    .toBe(count);
}

/** Opens a decision from its card in the Open tab. */
async function openCard(page: Page, question: string) {
  await page.getByTestId('card').filter({ hasText: question }).locator('[data-card]').click();
  await page.getByRole('heading', { name: question }).waitFor(SLOW);
}

describe('what an answer will do, and what it did (issue 30 item 4)', () => {
  it("FR-31, E16: a restarted run's outcome, while another blocker holds the task, is E16's line in its place, with Open Run and Open Task", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const task = await me.task('Refresh the pricing page');
    const id = (
      await me.file({
        question: 'Buy the data feed?',
        context,
        asks: [approvalAsk()],
        agent: agent.id,
        session,
        run: parked.id,
        task: task.id,
      })
    ).body.decision.id;
    await me.file({ question: 'Which supplier list is right?', context, asks: [tierAsk()], task: task.id });
    await heldBy(me, task.id, 2);

    const page = await signedIn(member.token, `/decisions?id=${id}`);
    await page.getByRole('heading', { name: 'Buy the data feed?' }).waitFor(SLOW);
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    const both = 'Answered. This Task is still waiting on 1 other blocker.';
    await expect.poll(() => outcome(page), SLOW).toEqual([both]);
    await expect.poll(() => toast(page), SLOW).toEqual([both]);

    // What happened links the run that took the answer; what still holds the task links the task.
    const restarted = (await me.delivered(id)).delivery!;
    expect(restarted).toMatchObject({ kind: 'restarted' });
    const line = page.locator('.outcome');
    expect(await line.getByRole('link', { name: 'Open Run' }).getAttribute('href')).toBe(`/runs/${restarted.runId}`);
    expect(await line.getByRole('link', { name: 'Open Task' }).getAttribute('href')).toBe(`/tasks/${task.id}`);
    expect(await seriousViolations(page)).toEqual([]);
    await atBothWidths(page, 'outcome-restarted-and-held');

    await line.getByRole('link', { name: 'Open Run' }).click();
    await page.waitForURL(`**/runs/${restarted.runId}`);
    expect(await page.getByTestId('run-status').textContent()).toBe('Ready — waiting for its host to pick it up');
  });

  it('FR-31, §6.18: an open card promises a pickup only when work is parked', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const task = await me.task('Refresh the pricing page');

    // Nothing parked and no session: the answers wait for the agent; the task it alone holds is freed.
    const idle = (
      await me.file({ question: 'Nothing is parked on this', context, asks: [approvalAsk(), tierAsk()], agent: agent.id, task: task.id })
    ).body.decision.id;
    await heldBy(me, task.id, 1);
    // A parked run: the promise is true.
    const parkedSession = await me.session(agent.id);
    const parked = await me.run(parkedSession, 'parked');
    await me.file({
      question: 'A parked run waits on this',
      context,
      asks: [approvalAsk(), tierAsk()],
      agent: agent.id,
      session: parkedSession,
      run: parked.id,
    });
    // A run still going takes the answer as it goes.
    const liveSession = await me.session(agent.id);
    const running = await me.run(liveSession, 'running');
    await me.file({
      question: 'A run is still going',
      context,
      asks: [tierAsk()],
      agent: agent.id,
      session: liveSession,
      run: running.id,
      mode: 'advisory',
      defaultOption: 2,
    });
    // A parked run whose host has stopped: nothing can restart it yet.
    const stoppedSession = await me.session(agent.id);
    const stranded = await me.run(stoppedSession, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: stoppedSession }, body: {} });
    await me.file({
      question: 'Its host has stopped',
      context,
      asks: [approvalAsk()],
      agent: agent.id,
      session: stoppedSession,
      run: stranded.id,
    });

    const page = await signedIn(member.token, `/decisions?id=${idle}`);
    await page.getByRole('heading', { name: 'Nothing is parked on this' }).waitFor(SLOW);
    await expect
      .poll(() => pending(page), SLOW)
      .toEqual([
        `Answer all 2 and your answers are recorded for Researcher's next check. Then the task "Refresh the pricing page" is no longer blocked.`,
      ]);
    expect(await detail(page).getByText('picks this up').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'pending-nothing-parked-1280');

    await openCard(page, 'A parked run waits on this');
    await expect.poll(() => pending(page), SLOW).toEqual(['Answer all 2 and Researcher picks this up where it stopped.']);
    await openCard(page, 'A run is still going');
    await expect.poll(() => pending(page), SLOW).toEqual(['One more and your answer goes to the run Researcher already has going.']);
    await openCard(page, 'Its host has stopped');
    await expect
      .poll(() => pending(page), SLOW)
      .toEqual(["One more and your answer is recorded, but Researcher's session has stopped: nothing restarts until its host is back."]);

    // What it promised is what happens: nothing parked, nothing restarts, and the task is free.
    await openCard(page, 'Nothing is parked on this');
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => pending(page), SLOW)
      .toEqual([
        `One more and your answers are recorded for Researcher's next check. Then the task "Refresh the pricing page" is no longer blocked.`,
      ]);
    await ask(page, 2).getByRole('radio', { name: /Pro/ }).check();
    await ask(page, 2).getByRole('button', { name: 'Answer', exact: true }).click();
    await expect.poll(() => outcome(page), SLOW).toEqual(['Answered. There was no paused work left to restart.']);
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('in_progress');
  });

  it('issue 38 item 4: a run parked on two decisions is picked up by the last of them, and a decision naming no run promises no restart', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const on = (question: string, run: string | null) =>
      me.file({ question, context, asks: [approvalAsk(question)], agent: agent.id, session, ...(run ? { run } : {}) });
    await on('Retry the import?', parked.id);
    await on('Skip the failed rows?', parked.id);
    await on('Rotate the credentials too?', null);

    const page = await signedIn(member.token);
    const waits = 'One more and your answer is recorded, and Researcher picks this up once the other decisions it waits on are answered.';
    await openCard(page, 'Retry the import?');
    await expect.poll(() => pending(page), SLOW).toEqual([waits]);
    await openCard(page, 'Rotate the credentials too?');
    await expect.poll(() => pending(page), SLOW).toEqual(["One more and your answer is recorded for Researcher's next check."]);
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => outcome(page), SLOW).toEqual(['Answered. There was no paused work left to restart.']);

    await openCard(page, 'Retry the import?');
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => outcome(page), SLOW)
      .toEqual(['Answered. Researcher picks the work back up once the other decisions it waits on are answered.']);
    expect(await page.locator('.outcome').getByRole('link', { name: 'Open Run' }).count()).toBe(0);
    await screenshot(page, 'outcome-waiting-1280');

    await openCard(page, 'Skip the failed rows?');
    await expect.poll(() => pending(page), SLOW).toEqual(['One more and Researcher picks this up where it stopped.']);
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => outcome(page), SLOW).toEqual(['Researcher is picking the work back up.']);
  });

  it('FR-33, E16: the remaining-blockers line follows the truth', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const task = await me.task('Refresh the pricing page');
    const first = (await me.file({ question: 'Buy the data feed?', context, asks: [approvalAsk()], task: task.id })).body.decision.id;
    const second = (await me.file({ question: 'Which supplier list is right?', context, asks: [tierAsk()], task: task.id })).body.decision
      .id;
    await me.file({ question: 'Ship the banner?', context, asks: [approvalAsk('Ship the banner')], task: task.id });
    await heldBy(me, task.id, 3);

    // The page's clock runs on its own, and can be moved on past the 30 s between reads.
    const page = await browser.newPage({ viewport: WIDE });
    await page.clock.install();
    await signIn(page, cast.url, member.token, `/decisions?id=${first}`, 'signed-in');
    await page.getByRole('heading', { name: 'Buy the data feed?' }).waitFor(SLOW);
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => outcome(page), SLOW).toEqual(['Answered. This Task is still waiting on 2 other blockers.']);

    // Someone answers another of them elsewhere: within the queue's 30 s the line counts one.
    await me.answer(second, 1, { kind: 'decision', selected: [2] });
    await heldBy(me, task.id, 1);
    await page.clock.fastForward(31_000);
    await expect.poll(() => outcome(page), SLOW).toEqual(['Answered. This Task is still waiting on 1 other blocker.']);

    // The person answers the last one here, then goes back: nothing holds the task, and the line says no more.
    await openCard(page, 'Ship the banner?');
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => outcome(page), SLOW).toEqual(['Answered. There was no paused work left to restart.']);
    await page.goto(`${cast.url}/decisions?id=${first}`);
    await page.getByRole('heading', { name: /Buy the data feed\?/ }).waitFor(SLOW);
    await expect.poll(() => outcome(page), SLOW).toEqual(['Answered. There was no paused work left to restart.']);
    expect(await page.locator('.outcome').getByRole('link', { name: 'Open Task' }).count()).toBe(0);
    expect(await page.getByText('still waiting').count()).toBe(0);
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('in_progress');
  });

  it('§6.18 copy: the pending line is "Answer all {count}" then "One more", and the task page says its status plainly', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const task = await me.task('Refresh the pricing page');
    const asks = [approvalAsk(), tierAsk(), { kind: 'fact', prompt: 'What is the VAT rate we charge in Ireland?' }];
    await me.file({ question: 'Three things before the feed', context, asks, agent: agent.id, session, run: parked.id, task: task.id });
    await heldBy(me, task.id, 1);

    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Three things before the feed' }).waitFor(SLOW);
    await expect.poll(() => pending(page), SLOW).toEqual(['Answer all 3 and Researcher picks this up where it stopped.']);
    await ask(page, 1).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => pending(page), SLOW).toEqual(['Answer all 2 and Researcher picks this up where it stopped.']);
    await ask(page, 2).getByRole('radio', { name: /Pro/ }).check();
    await ask(page, 2).getByRole('button', { name: 'Answer', exact: true }).click();
    await expect.poll(() => pending(page), SLOW).toEqual(['One more and Researcher picks this up where it stopped.']);

    // A blocked task's status reads as words, not a capitalised label in the middle of the line.
    await page.goto(`${cast.url}/tasks/${task.id}`);
    await page.getByRole('heading', { level: 1, name: 'Refresh the pricing page' }).waitFor(SLOW);
    expect(await page.getByTestId('task-status').textContent()).toBe('Blocked — back in progress when nothing holds it');
    expect(await page.getByText(/This Task|Answer all 2|In progress when/).count()).toBe(0);
  });
});
