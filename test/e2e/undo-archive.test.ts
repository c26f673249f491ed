/**
 * Undo, archive and restore in a real browser (AW-03 §6.4, §6.11, §6.12): the ask menu in
 * its three states, `u`, the Archive all dialog under and over 200, the Archived tab with
 * Restore, and the dormant chip.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';

import { axeViolations } from '../support/axe';
import { screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let shortWindow: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, shortWindow, browser } = started), {
  cast: { undoWindowMs: 120_000 },
  shortWindow: { undoWindowMs: 1500 },
});

const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** A parked run's approval, answered in the API and delivered as a restart. */
async function approvedDecision(on: TestCast) {
  const member = await on.newMember();
  const me = world(on, member);
  const agent = await me.agent('Researcher');
  const session = await me.session(agent.id);
  const parked = await me.run(session, 'parked');
  const id = (
    await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id, agent: agent.id })
  ).body.decision.id;
  await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
  const delivered = await me.delivered(id);
  return { member, me, id, session, runId: delivered.delivery!.runId! };
}

async function openMenu(page: Page, question: string) {
  await page.goto(`${page.url().split('/decisions')[0]}/decisions?tab=answered`);
  await page.getByRole('heading', { name: question }).waitFor();
  await page.getByRole('button', { name: 'Answer actions' }).click();
  return page.getByRole('menu', { name: 'Answer actions' });
}

describe('the ask menu (§6.4)', () => {
  it('S6 — Undo, with its warning, reopens the ask, shows what was withdrawn, and the agent is told', async () => {
    const { member, me, id, session, runId } = await approvedDecision(cast);
    const page = await signedInPage(browser, cast.url, member.token);
    const menu = await openMenu(page, 'Spend $240 on the data feed?');
    const undo = menu.getByRole('menuitem', { name: 'Undo', exact: true });
    expect(await undo.getAttribute('aria-disabled')).toBeNull();
    // FR-41: the interface itself says undo cannot take back what the agent did.
    expect(await menu.getByText('Undo cannot unsend or unspend anything Researcher already did.').count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'Copy answer' }).count()).toBe(1);
    expect(await menu.getByRole('menuitem', { name: 'Open Run ↗' }).getAttribute('href')).toBe(`/runs/${runId}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-menu-undo-1280');

    await undo.click();
    const withdrawn = page.getByTestId('withdrawn');
    await withdrawn.waitFor();
    expect(await withdrawn.textContent()).toMatch(
      /WITHDRAWN.*You withdrew this (just now|\d+ seconds? ago)\. Researcher has been told\..*Previous answer: Approved/,
    );
    await page.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual(['Answer withdrawn. Researcher has been told.']);
    expect((await me.decision(id)).status).toBe('open');
    const messages = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(messages.messages.map((message) => message.kind)).toContain('withdrawal');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-withdrawn-1280');
  });

  it('E6 — once the restarted run has begun, Undo is shown disabled with the reason, and Open Run remains', async () => {
    const { member, me, id, runId } = await approvedDecision(cast);
    await me.send(runRoutes.claimRun, { params: { id: runId }, body: {} });
    const page = await signedInPage(browser, cast.url, member.token);
    const menu = await openMenu(page, 'Spend $240 on the data feed?');
    const undo = menu.getByRole('menuitem', { name: 'Undo — Researcher already acted on this. Undo cannot unsend or unspend.' });
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    // Pressing it anyway does nothing.
    await undo.dispatchEvent('click');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await me.decision(id)).status).toBe('resolved');
    expect(await menu.getByRole('menuitem', { name: 'Open Run ↗' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ask-menu-acted-1280');
  });

  it('E7 — after the window, Undo is disabled with "the 10-minute window has passed", and the answer still shows who and when', async () => {
    const { member, me, id } = await approvedDecision(shortWindow);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const page = await signedInPage(browser, shortWindow.url, member.token);
    const menu = await openMenu(page, 'Spend $240 on the data feed?');
    const undo = menu.getByRole('menuitem', { name: 'Undo — the 10-minute window has passed.' });
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('answered-line').textContent()).toMatch(/^Approved by you · (\d+ seconds? ago|just now)$/);
    await page.keyboard.press('Escape');
    expect((await me.decision(id)).status).toBe('resolved');
  });

  it('u undoes the most recently answered ask', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (await me.file({ question: 'Two asks to undo by key', context, asks: [tierAsk(), approvalAsk()] })).body.decision.id;
    await me.answer(id, 2, { kind: 'approval', decision: 'approve' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    const page = await signedInPage(browser, cast.url, member.token, '/decisions?tab=answered');
    await page.getByRole('heading', { name: 'Two asks to undo by key' }).waitFor();
    await page.keyboard.press('u');
    await expect.poll(async () => (await me.decision(id)).asks.map((ask) => ask.status)).toEqual(['open', 'answered']);
  });
});

describe('Archive all (§6.11) and the Archived tab (§6.12)', () => {
  it('S7 — the dialog names the count and the filter; the result is told; Archived lists them with Restore', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const editor = await me.agent('Editor');
    for (let n = 1; n <= 3; n += 1)
      await me.file({ question: `Which supplier list is right? #${n}`, context, asks: [tierAsk()], agent: editor.id });
    await me.file({ question: 'Not the Editor’s', context, asks: [tierAsk()] });
    const page = await signedInPage(browser, cast.url, member.token, `/decisions?agent=${editor.id}`);
    await page.getByRole('button', { name: 'Archive all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive 3 decisions?' });
    await dialog.waitFor();
    expect(
      await dialog
        .getByText('They close unanswered. Nothing restarts and nothing is approved. You can restore any of them from Archived.')
        .count(),
    ).toBe(1);
    expect(await dialog.getByText('Filtered by: Agent = Editor').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'archive-all-dialog-1280');
    await dialog.getByRole('button', { name: 'Archive 3' }).click();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual(['Archived 3.']);

    await page.getByRole('tab', { name: 'Archived' }).click();
    await expect.poll(() => page.getByTestId('card').count()).toBe(3);
    expect(await page.getByTestId('card').first().textContent()).toMatch(/Editor · archived by you · /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'archived-tab-1280');
    await page.getByRole('button', { name: 'Restore "Which supplier list is right? #1"' }).click();
    await expect.poll(() => page.getByTestId('card').count()).toBe(2);
    const open = await me.send(decisionRoutes.listQueue);
    expect(open.decisions.map((decision) => decision.question).sort()).toEqual(['Not the Editor’s', 'Which supplier list is right? #1']);
  });

  it('FR-45 — above 200 the dialog says only the oldest 200 go, and to run it again', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    // The dialog reads the count from the queue; 205 rows straight into the read model are enough to draw it.
    // Their numbers come from the sequence, so the test runs again on a database that keeps its rows.
    const first = (await me.file({ question: 'One of many', context, asks: [tierAsk()] })).body.decision.id;
    await cast.pool.query(
      `insert into decisions (id, number, workspace_id, question, status, mode, ask_kinds, asks_total, asks_required, asks_answered,
         filed_by, revision, snapshot, created_at, updated_at)
       select 'sd-' || number, number, workspace_id, question || ' ' || n, status, mode,
              ask_kinds, asks_total, asks_required, asks_answered, filed_by, revision, snapshot, created_at, updated_at
         from (select nextval('decision_number_seq') as number, n, d.workspace_id, d.question, d.status, d.mode, d.ask_kinds,
                      d.asks_total, d.asks_required, d.asks_answered, d.filed_by, d.revision, d.snapshot, d.created_at, d.updated_at
                 from decisions d, generate_series(1, 204) as n where d.id = $1) as copies`,
      [first],
    );
    const page = await signedInPage(browser, cast.url, member.token);
    await page.getByRole('button', { name: 'Archive all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive 200 of 205 decisions?' });
    await dialog.waitFor();
    expect(await dialog.getByText('This archives the oldest 200. Run it again for the rest.').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Archive 200' }).count()).toBe(1);
    await screenshot(page, 'archive-all-over-cap-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('E14 — Archive all confirmed while one is answered in another tab: "Archived 33. 1 was already answered." and the answer stands', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const ids: string[] = [];
    for (let start = 1; start <= 34; start += 10) {
      const batch = Array.from({ length: Math.min(10, 35 - start) }, (_, index) =>
        me.file({ question: `Which supplier list is right? #${start + index}`, context, asks: [tierAsk()] }),
      );
      for (const filed of await Promise.all(batch)) ids.push(filed.body.decision.id);
    }
    const page = await signedInPage(browser, cast.url, member.token);
    await page.getByRole('button', { name: 'Archive all' }).click();
    await page.getByRole('dialog', { name: 'Archive 34 decisions?' }).waitFor();
    // Mid-dialog, the same person answers one of them in another tab.
    const answered = ids[20]!;
    const other = await signedInPage(browser, cast.url, member.token, `/decisions/${answered}`, { until: 'signed-in' });
    await other.getByRole('heading', { level: 1, name: 'Which supplier list is right? #21' }).waitFor();
    await other.getByRole('radio', { name: /Pro/ }).check();
    await other.getByRole('button', { name: 'Answer', exact: true }).click();
    await expect.poll(async () => (await me.decision(answered)).status).toBe('resolved');
    await other.close();

    await page
      .getByTestId('archive-all-dialog')
      .getByRole('button', { name: /^Archive \d+$/ })
      .click();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual(['Archived 33. 1 was already answered.']);
    // The answered one was never reopened as archived.
    expect(await me.decision(answered)).toMatchObject({ status: 'resolved', archived: null });
    const archived = await me.send(decisionRoutes.listQueue, { query: { tab: 'archived', limit: 100 } });
    expect(archived.decisions.map((decision) => decision.id).sort()).toEqual(ids.filter((id) => id !== answered).sort());
  });

  it('FR-49 — a decision whose run was cancelled and task deleted reads "Archived automatically — the work it belonged to is gone."', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = (await me.file({ question: 'Gone work', context, asks: [tierAsk()], session, run: parked.id, task: task.id })).body.decision
      .id;
    await me.send(runRoutes.updateRun, { params: { id: parked.id }, body: { status: 'cancelled' } });
    await me.reply(taskRoutes.deleteTask, { params: { id: task.id } });
    await expect.poll(async () => (await me.decision(id)).archived?.reason).toBe('work_gone');

    const page = await signedInPage(browser, cast.url, member.token, '/decisions?tab=archived');
    await page.getByRole('heading', { name: 'Gone work' }).waitFor();
    const card = page.getByTestId('card').filter({ hasText: 'Gone work' });
    expect(await card.locator('.meta').textContent()).toBe('Archived automatically — the work it belonged to is gone.');
    // Restorable like any archived decision (FR-48).
    expect(await card.getByRole('button', { name: 'Restore "Gone work"' }).count()).toBe(1);
  });

  it('E18 — answering a decision archived in another tab is refused, and the pane offers Restore', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (await me.file({ question: 'Archived elsewhere', context, asks: [approvalAsk()] })).body.decision.id;
    const page = await signedInPage(browser, cast.url, member.token);
    await page.getByRole('heading', { name: 'Archived elsewhere' }).waitFor();
    await me.send(decisionRoutes.archiveDecision, { params: { id }, body: {} });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'This decision was archived.' }).waitFor();
    await page.locator('.detail').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(async () => (await me.decision(id)).status).toBe('open');
  });

  it('FR-50 — a decision open 30+ days with no live work carries the dormant chip', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (await me.file({ question: 'Old and idle', context, asks: [tierAsk()] })).body.decision.id;
    await me.file({ question: 'New', context, asks: [tierAsk()] });
    await cast.pool.query(`update decisions set created_at = now() - interval '31 days' where id = $1`, [id]);
    const page = await signedInPage(browser, cast.url, member.token);
    await page.getByRole('heading', { name: 'Old and idle' }).waitFor();
    const chips = await page
      .getByTestId('card')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('.question')?.textContent,
          card.querySelector('[data-testid="dormant"]')?.textContent ?? null,
        ]),
      );
    expect(chips).toEqual([
      ['Old and idle', 'Open 30+ days'],
      ['New', null],
    ]);
  });
});
