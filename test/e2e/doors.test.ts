/**
 * The other doors into My Decisions, in a real browser (AW-03 §6.1, §6.16, FR-13, FR-29, E2,
 * S10): the sidebar and its open count, Home's approval block, Inbox replies, the task board's
 * "Needs you" column, the task page's escalation feed, and Activity. Each surface is scanned
 * by axe and photographed at 1280 and 375 px. Permission prompts: permission-prompts.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ProposeApprovalBody } from '../../domain/approval';
import type { RaiseEscalationBody } from '../../domain/escalation';
import { activityRoutes } from '../../domain/routes/activity';
import { approvalRoutes } from '../../domain/routes/approvals';
import { escalationRoutes } from '../../domain/routes/escalations';

import { agentTokenOf, colleagueOf } from '../support/members';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations, expectAccessible } from '../support/axe';
import { WIDE, atBothWidths, focused, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;

/** The machine is shared: waits are generous. */
const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** Signs in on the queue (where signedInPage waits for "My Decisions"), then follows the sidebar to `entry`. */
async function signedIn(me: Me, entry?: 'Dashboard' | 'Inbox' | 'Tasks' | 'Activity'): Promise<Page> {
  const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport: WIDE });
  if (entry) await sidebar(page).getByRole('link', { name: entry }).click();
  return page;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const openCount = (page: Page) => sidebar(page).getByTestId('open-count').textContent();
const toast = (page: Page) => page.getByTestId('toast').allTextContents();

const propose = (me: Me, body: Partial<z.input<typeof ProposeApprovalBody>>) =>
  me
    .send(approvalRoutes.proposeApproval, {
      body: { actionType: 'send_message', summary: 'Send the launch email to 4,000 customers', ...body },
    })
    .then((reply) => reply.approval);
const raise = (me: Me, body: Partial<z.input<typeof RaiseEscalationBody>>) =>
  me
    .send(escalationRoutes.raiseEscalation, {
      body: {
        reasonCode: 'ambiguous_instructions',
        summary: 'Finance and ops each keep a supplier list, and they disagree on three suppliers.',
        mustDecide: 'Which supplier list is authoritative?',
        ...body,
      },
    })
    .then((reply) => reply.escalation);
const approvalOf = (me: Me, id: string) => me.send(approvalRoutes.getApproval, { params: { id } }).then((body) => body.approval);
const escalationOf = (me: Me, id: string) => me.send(escalationRoutes.getEscalation, { params: { id } }).then((body) => body.escalation);

describe('the sidebar (§6.1)', () => {
  it(
    'is a nav landmark on every signed-in page — Dashboard, My Decisions with its open count, Inbox, Tasks, Activity — and the count follows answers',
    async () => {
      const me = world(cast, await cast.newMember());
      const first = (await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()], confidence: 0.9 })).body.decision.id;
      const second = (await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], confidence: 0.1 })).body
        .decision.id;
      const page = await signedIn(me);

      const links = sidebar(page).getByRole('link');
      expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
        '/home',
        '/decisions',
        '/inbox',
        '/tasks',
        '/agents',
        '/analytics',
        '/activity',
        '/rules',
        '/settings',
      ]);
      await expect.poll(() => openCount(page), SLOW).toBe('2 open');
      expect(await sidebar(page).getByRole('link', { name: 'My Decisions 2 open' }).getAttribute('aria-current')).toBe('page');

      // Answered in the queue: the badge follows without a page load, and j/k still walk the list.
      await page.getByRole('heading', { name: 'Which feed tier?' }).waitFor(SLOW);
      await page.keyboard.press('j');
      await page.getByRole('heading', { name: 'Spend $240 on the data feed?' }).waitFor(SLOW);
      await page.keyboard.press('k');
      await page.getByRole('heading', { name: 'Which feed tier?' }).waitFor(SLOW);
      await page.getByRole('radio', { name: /Pro/ }).check();
      await page.getByRole('button', { name: 'Answer', exact: true }).click();
      await expect.poll(() => openCount(page), SLOW).toBe('1 open');
      expect((await me.decision(first)).status).toBe('resolved');

      // Answered elsewhere: the next page read says so.
      await me.answer(second, 1, { kind: 'approval', decision: 'approve' });
      for (const [name, heading] of [
        ['Dashboard', 'Dashboard'],
        ['Inbox', 'Inbox'],
        ['Tasks', 'Task board'],
        ['Activity', 'Activity'],
      ] as const) {
        await sidebar(page).getByRole('link', { name }).click();
        const h1 = page.getByRole('heading', { level: 1, name: heading });
        await h1.waitFor(SLOW);
        // In-app navigation: focus lands on the new page's heading.
        await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', text: heading });
        expect(await sidebar(page).getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
        expect(await sidebar(page).locator('[aria-current="page"]').count()).toBe(1);
        await expect.poll(() => openCount(page), SLOW).toBe('0 open');
      }
      await atBothWidths(page, 'sidebar-activity');
    },
    SCENARIO,
  );

  it(
    'reads its counts once as a page first loads, and again when the open count moves (issue 39 item 14)',
    async () => {
      const me = world(cast, await cast.newMember());
      await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()], confidence: 0.9 });
      await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], confidence: 0.1 });
      const page = await signedIn(me);
      await expect.poll(() => openCount(page), SLOW).toBe('2 open');

      // The queue publishes the open count it read; the bar's own read of the counts was the only
      // other, and the first count landing is no reason to read them again.
      const homeReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/home') homeReads.push(request.method());
      });
      await page.reload();
      await expect.poll(() => openCount(page), SLOW).toBe('2 open');
      await page.waitForLoadState('networkidle');
      expect(homeReads).toEqual(['GET']);

      // An answer moves the count: the Inbox's count may have moved with it, so the bar reads again.
      await page.getByRole('heading', { name: 'Which feed tier?' }).waitFor(SLOW);
      await page.getByRole('radio', { name: /Pro/ }).check();
      await page.getByRole('button', { name: 'Answer', exact: true }).click();
      await expect.poll(() => openCount(page), SLOW).toBe('1 open');
      await expect.poll(() => homeReads, SLOW).toEqual(['GET', 'GET']);
      await page.waitForLoadState('networkidle');
      expect(homeReads).toEqual(['GET', 'GET']);
    },
    SCENARIO,
  );
});

describe('E2 — one resolution path, three doors', () => {
  it(
    'through Home: the approval block lists pending approvals; Approve closes the decision in My Decisions too; Reject asks for a reason',
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Researcher');
      const email = await propose(me, { agent: agent.id, risks: ['external_reach', 'irreversible'] });
      const spend = await propose(me, {
        actionType: 'override_budget',
        summary: 'Approve the $240 spend on the data feed',
        risks: ['spends_money', 'recurring'],
      });
      const page = await signedIn(me, 'Dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);

      const block = page.getByRole('region', { name: 'Action approvals' });
      const rows = block.getByTestId('approval');
      await expect.poll(() => rows.count(), SLOW).toBe(2);
      const emailRow = rows.filter({ hasText: 'Send the launch email to 4,000 customers' });
      expect(await emailRow.locator('.meta').textContent()).toMatch(/^Send a message · Researcher · /);
      expect(await emailRow.getByRole('listitem').allTextContents()).toEqual(['Reaches outside the workspace', 'Irreversible']);
      expect(await rows.filter({ hasText: 'Approve the $240 spend' }).locator('.meta').textContent()).toMatch(
        /^Override a budget · No agent named · /,
      );
      const seeAll = block.getByRole('link', { name: 'See all decisions (2)' });
      expect(await seeAll.getAttribute('href')).toBe('/decisions');
      await expectAccessible(page);
      await atBothWidths(page, 'home');

      // Approve on Home: the approval is approved and its decision resolved — the queue's own answer.
      await emailRow.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect.poll(() => rows.count(), SLOW).toBe(1);
      await expect.poll(() => toast(page)).toEqual(['Approved: Send the launch email to 4,000 customers']);
      expect(await approvalOf(me, email.id)).toMatchObject({ status: 'approved', decidedBy: me.member.memberId });
      await expect.poll(async () => (await me.decision(email.decisionId!)).status, SLOW).toBe('resolved');
      await block.getByRole('link', { name: 'See all decisions (1)' }).waitFor(SLOW);
      await expect.poll(() => openCount(page)).toBe('1 open');

      // Reject asks for the reason first, and the rejection carries it.
      const spendRow = rows.filter({ hasText: 'Approve the $240 spend' });
      await spendRow.getByRole('button', { name: 'Reject' }).click();
      const reason = spendRow.getByLabel('Why? (required)');
      await expect.poll(() => reason.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
      const confirm = spendRow.getByRole('button', { name: 'Confirm rejection' });
      expect(await confirm.isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await reason.fill('The free feed is back up.');
      await confirm.click();
      await block.getByText('No action is waiting for your approval.').waitFor(SLOW);
      expect(await approvalOf(me, spend.id)).toMatchObject({ status: 'rejected', reason: 'The free feed is back up.' });

      // In My Decisions the approved one is closed, with the answer Home gave.
      await block.getByRole('link', { name: 'See all decisions (0)' }).click();
      await page.getByRole('heading', { level: 1, name: 'My Decisions' }).waitFor(SLOW);
      await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['0 open · 0 blocking']);
      await page.goto(`${cast.url}/decisions?id=${email.decisionId}`);
      await page.getByRole('heading', { name: 'Send the launch email to 4,000 customers' }).waitFor(SLOW);
      expect(await page.getByTestId('answered-ask').textContent()).toContain('Approved by you ·');
      expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    },
    SCENARIO,
  );

  it(
    'through the Inbox: each message links into My Decisions; "no" is refused in the catalogue\'s words, "no — why" rejects, an option by number resolves',
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Editor');
      const approval = await propose(me, { agent: agent.id, context: 'The copy is final; legal has not replied yet.' });
      const escalation = await raise(me, { agent: agent.id, options: ['Finance', 'Ops'] });
      const page = await signedIn(me, 'Inbox');
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(SLOW);

      const messages = page.getByTestId('message');
      await expect.poll(() => messages.count(), SLOW).toBe(2);
      const email = page.getByRole('article', { name: 'Send the launch email to 4,000 customers' });
      const suppliers = page.getByRole('article', { name: 'Which supplier list is authoritative?' });
      expect(await email.locator('.meta').textContent()).toMatch(/^Editor · Waiting for your approval · /);
      expect(await email.getByRole('link', { name: 'Open in My Decisions' }).getAttribute('href')).toBe(
        `/decisions?id=${approval.decisionId}`,
      );
      expect(await suppliers.getByRole('link', { name: 'Open in My Decisions' }).getAttribute('href')).toBe(
        `/decisions?id=${escalation.decisionId}`,
      );
      expect(await suppliers.getByRole('list', { name: 'Options' }).getByRole('listitem').allTextContents()).toEqual(['Finance', 'Ops']);
      await expectAccessible(page);
      await atBothWidths(page, 'inbox');

      // A bare "no" is refused in the catalogue's words for its code and values, tied to the reply box.
      const reply = email.getByLabel('Reply');
      await reply.fill('no');
      await email.getByRole('button', { name: 'Send reply' }).click();
      const refusal = email.getByRole('alert');
      await refusal.waitFor(SLOW);
      expect(await refusal.textContent()).toBe('A rejection needs a reason: reply "no — <why>". It is what the agent learns from.');
      expect(await reply.getAttribute('aria-invalid')).toBe('true');
      expect(await reply.getAttribute('aria-describedby')).toContain(await refusal.getAttribute('id'));
      expect((await approvalOf(me, approval.id)).status).toBe('pending');
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'inbox-refused');

      await reply.fill('no — not before legal signs off');
      await email.getByRole('button', { name: 'Send reply' }).click();
      await expect.poll(() => email.getByTestId('message-status').textContent(), SLOW).toBe('Rejected');
      await expect.poll(() => focused(page)).toMatchObject({ text: 'Reply sent. This message is now rejected.' });
      expect(await approvalOf(me, approval.id)).toMatchObject({ status: 'rejected', reason: 'not before legal signs off' });
      await expect.poll(async () => (await me.decision(approval.decisionId!)).status, SLOW).toBe('resolved');

      // An escalation with options: a reply that names none is refused; "2 — …" picks Ops.
      const answer = suppliers.getByLabel('Reply');
      await answer.fill('whichever');
      await suppliers.getByRole('button', { name: 'Send reply' }).click();
      await expect
        .poll(() => suppliers.getByRole('alert').textContent(), SLOW)
        .toBe('Reply with one of its options, by number or name: 1. Finance; 2. Ops.');
      await answer.fill('2 — ops keeps it current');
      await suppliers.getByRole('button', { name: 'Send reply' }).click();
      await expect.poll(() => suppliers.getByTestId('message-status').textContent(), SLOW).toBe('Resolved');
      expect(await escalationOf(me, escalation.id)).toMatchObject({ status: 'resolved', resolution: 'Ops — ops keeps it current' });
      await expect.poll(() => openCount(page), SLOW).toBe('0 open');

      // Open in My Decisions lands on the decision, closed by the reply.
      await email.getByRole('link', { name: 'Open in My Decisions' }).click();
      await page.getByRole('heading', { name: 'Send the launch email to 4,000 customers' }).waitFor(SLOW);
      expect(page.url()).toContain(`id=${approval.decisionId}`);
      expect(await page.getByTestId('answered-ask').textContent()).toContain('Rejected by you ·');
    },
    SCENARIO,
  );

  it(
    'through the task page: its escalation feed links each escalation into My Decisions, where answering it resolves the escalation',
    async () => {
      const me = world(cast, await cast.newMember());
      const task = await me.task('Refresh the pricing page');
      const escalation = await raise(me, {
        task: task.id,
        mustDecide: 'What is the VAT rate we charge in Ireland?',
        reasonCode: 'missing_information',
      });
      const page = await signedIn(me, 'Tasks');
      await page.getByRole('link', { name: 'Refresh the pricing page' }).click();
      await page.getByRole('heading', { level: 1, name: 'Refresh the pricing page' }).waitFor(SLOW);

      const feed = page.getByRole('region', { name: 'Escalations' });
      const row = feed.getByTestId('escalation');
      await expect.poll(() => row.count(), SLOW).toBe(1);
      expect(await row.getByTestId('escalation-line').textContent()).toMatch(/^Missing information · open · /);
      const link = row.getByRole('link', { name: 'Open in My Decisions' });
      expect(await link.getAttribute('href')).toBe(`/decisions?id=${escalation.decisionId}`);
      await expectAccessible(page);
      await atBothWidths(page, 'task-escalations');

      await link.click();
      await page.getByRole('heading', { name: 'What is the VAT rate we charge in Ireland?', level: 2 }).waitFor(SLOW);
      await page.locator('.detail').getByLabel('What is the VAT rate we charge in Ireland?').fill('23%');
      await page.getByRole('button', { name: 'Answer', exact: true }).click();
      await expect.poll(async () => (await escalationOf(me, escalation.id)).status, SLOW).toBe('resolved');
      expect((await escalationOf(me, escalation.id)).resolution).toBe('23%');

      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Refresh the pricing page' }).waitFor(SLOW);
      await expect.poll(() => page.getByTestId('escalation-line').textContent(), SLOW).toMatch(/^Missing information · resolved · /);
    },
    SCENARIO,
  );
});

describe('S10 — answering from the Task board', () => {
  it(
    'a Needs you card carries its Decision chip; Open decision lands in My Decisions filtered to the task, its first decision selected and answerable',
    async () => {
      const me = world(cast, await cast.newMember());
      const pricing = await me.task('Refresh the pricing page');
      const changelog = await me.task('Write the changelog', { status: 'todo' });
      const done = await me.task('Ship the banner', { status: 'done' });
      await me.file({
        question: 'Unrelated: renew the certificate?',
        context,
        asks: [approvalAsk('Renew the TLS certificate')],
        confidence: 0.99,
      });
      const spend = (await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], task: pricing.id })).body
        .decision.id;
      await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()], task: pricing.id });
      const page = await signedIn(me, 'Tasks');
      await page.getByRole('heading', { level: 1, name: 'Task board' }).waitFor(SLOW);

      const column = (name: RegExp) => page.getByRole('region', { name });
      const needsYou = column(/^Needs you/);
      await expect
        .poll(() => needsYou.getByTestId('task-card').evaluateAll((all) => all.map((card) => card.getAttribute('data-task'))), SLOW)
        .toEqual([pricing.id]);
      const card = needsYou.getByTestId('task-card');
      expect(await card.getByTestId('decision-chip').textContent()).toBe('2 decisions');
      expect(await card.getByTestId('decision-chip').locator('svg[data-icon="pause"]').count()).toBe(1);
      expect(
        await column(/^To do/)
          .getByTestId('task-card')
          .getAttribute('data-task'),
      ).toBe(changelog.id);
      expect(await column(/^Done/).getByTestId('task-card').getAttribute('data-task')).toBe(done.id);
      // A card sits in one column: the task that needs you is not repeated under its status.
      expect(await page.locator(`[data-task="${pricing.id}"]`).count()).toBe(1);
      await expectAccessible(page);
      await atBothWidths(page, 'task-board');

      await card.getByRole('link', { name: 'Open decision' }).click();
      await page.getByRole('heading', { level: 1, name: 'My Decisions' }).waitFor(SLOW);
      expect(page.url()).toContain(`task=${pricing.id}`);
      await expect
        .poll(() => page.getByTestId('card').allTextContents(), SLOW)
        .toEqual([expect.stringContaining('Spend $240 on the data feed?'), expect.stringContaining('Which feed tier?')]);
      expect(await page.locator('[aria-current="true"] [data-card]').getAttribute('data-card')).toBe(spend);
      await page.getByRole('heading', { name: 'Spend $240 on the data feed?', level: 2 }).waitFor(SLOW);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect.poll(async () => (await me.decision(spend)).status, SLOW).toBe('resolved');
    },
    SCENARIO,
  );
});

describe('Activity', () => {
  it(
    "names who acted: an agent's writes as the agent's, with the token it used, and a teammate by name",
    async () => {
      const member = await cast.newMember();
      const me = world(cast, member);
      const bot = world(cast, await agentTokenOf(cast.pool, member, 'Deployer', 'ci runner'));
      const dana = await colleagueOf(cast.pool, member, 'Dana');
      const id = (await bot.file({ question: 'Deploy now?', context, asks: [approvalAsk()] })).body.decision.id;
      await world(cast, dana).answer(id, 1, { kind: 'approval', decision: 'approve' });
      const page = await signedIn(me, 'Activity');
      const entries = page.getByTestId('activity-entry');
      const opened = entries.filter({ hasText: 'Decision "Deploy now?" opened' });
      await expect.poll(() => opened.locator('.meta').textContent(), SLOW).toMatch(/^by Deployer \(token “ci runner”\) · /);
      expect(await entries.filter({ hasText: 'Decision "Deploy now?" answered' }).locator('.meta').textContent()).toMatch(/^by Dana · /);
      await expectAccessible(page);
    },
    SCENARIO,
  );

  it(
    "shows the workspace's history newest first, each subject a link where it has a page",
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Editor');
      const task = await me.task('Launch');
      const session = await me.session(agent.id);
      const id = (await me.file({ question: 'Ship it?', context, asks: [approvalAsk()], task: task.id, agent: agent.id, session })).body
        .decision.id;
      await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
      await me.delivered(id);
      const page = await signedIn(me, 'Activity');
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor(SLOW);

      const entries = page.getByTestId('activity-entry');
      await expect.poll(() => entries.count(), SLOW).toBeGreaterThan(3);
      // Newest first, in the history's own order (its sequence: timestamps of concurrent writes
      // may interleave), and the answer is listed above the task it was for.
      const shown = await entries.evaluateAll((all) =>
        all.map((entry) => `${entry.getAttribute('data-subject')} ${entry.getAttribute('data-kind')}`),
      );
      expect(shown.indexOf(`${id} answered`)).toBeGreaterThanOrEqual(0);
      expect(shown.indexOf(`${id} answered`)).toBeLessThan(shown.indexOf(`${task.id} created`));
      // Every entry the API has, in its order, and no other.
      const history = (await me.send(activityRoutes.listActivity, { query: { limit: 50 } })).activity;
      expect(shown).toEqual(history.map((entry) => `${entry.subjectId} ${entry.kind}`));

      const taskCreated = entries.filter({ hasText: 'Task "Launch" created' });
      expect(await taskCreated.getByRole('link').getAttribute('href')).toBe(`/tasks/${task.id}`);
      expect(await taskCreated.locator('.meta').textContent()).toMatch(/^by you · /);
      const answered = entries.filter({ hasText: 'Decision "Ship it?" answered' });
      expect(await answered.getByRole('link').getAttribute('href')).toBe(`/decisions?id=${id}`);
      expect(await entries.filter({ hasText: 'Agent "Editor" created' }).getByRole('link').getAttribute('href')).toBe(
        `/agents/${agent.id}/instructions`,
      );
      // A session has no page of its own: its name is text.
      expect(
        await entries
          .filter({ hasText: `Session ${session} registered` })
          .getByRole('link')
          .count(),
      ).toBe(0);
      await expectAccessible(page);
      await atBothWidths(page, 'activity');

      await answered.getByRole('link').click();
      await page.getByRole('heading', { name: 'Ship it?', level: 2 }).waitFor(SLOW);
    },
    SCENARIO,
  );
});
