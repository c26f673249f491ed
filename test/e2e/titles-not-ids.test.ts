/**
 * The person's day (issue 30, item 12), in a real browser: the Inbox says what was chosen and
 * by whom and shows the risks Home shows (§6.16, FR-60); Activity, the run page and the stack
 * page speak in titles — a decision's question, a run's agent and task, a stack's title — not
 * `sd-N`, `run_…` or `ds-N`, which stay as link targets and tooltips. Each page is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activityRoutes } from '../../domain/routes/activity';
import { approvalRoutes } from '../../domain/routes/approvals';
import { escalationRoutes } from '../../domain/routes/escalations';
import { stackRoutes } from '../../domain/routes/stacks';
import { approvalAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { WIDE, atBothWidths, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;

/** The machine is shared: waits are generous. */
const SCENARIO = 180_000;
const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** A decision's, a run's or a stack's id, as the API spells them. */
const RAW_ID = /\bsd-\d+\b|\brun_[0-9a-f]{6,}|\bds-\d+\b/;

/** Signs in on the queue, then opens `path` as a person would. */
const signedIn = (me: Me, path: string) =>
  signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport: WIDE, thenOpen: path });

/** What the page says, as a person reads it: the main region's rendered text (no attributes, no hrefs). */
const visibleText = (page: Page) => page.locator('main').innerText();

describe('the Inbox says what was chosen and by whom (issue 30)', () => {
  it(
    '§6.16, FR-60: a settled approval says its verdict, who gave it and why; a resolved escalation the option chosen and by whom; an approval shows the risks Home shows',
    async () => {
      const me = world(cast, await cast.newMember());
      const dana = world(cast, await colleagueOf(cast.pool, me.member, 'Dana'));
      const agent = await me.agent('Mailer');
      const propose = (summary: string) =>
        me
          .send(approvalRoutes.proposeApproval, {
            body: { actionType: 'send_message', summary, risks: ['spends_money', 'external_reach'], agent: agent.id },
          })
          .then((reply) => reply.approval);
      const pending = await propose('Send the launch email to 4,000 customers');
      const rejected = await propose('Buy ads for the launch');
      await dana.send(approvalRoutes.reject, { params: { id: rejected.id }, body: { reason: 'Over this month’s budget' } });
      const escalation = (
        await me.send(escalationRoutes.raiseEscalation, {
          body: {
            reasonCode: 'ambiguous_instructions',
            summary: 'Finance and ops each keep a supplier list.',
            mustDecide: 'Which supplier list is authoritative?',
            options: ['Finance’s list', 'Ops’s list'],
            agent: agent.id,
          },
        })
      ).escalation;
      await me.send(escalationRoutes.resolveEscalation, { params: { id: escalation.id }, body: { option: 2 } });

      const page = await signedIn(me, '/inbox');
      const message = (id: string) => page.locator(`[data-message="${id}"]`);
      await message(`escalation:${escalation.id}`).waitFor(SLOW);

      // The rejection: who rejected it and why, in the words the person wrote.
      const refused = message(`approval:${rejected.id}`);
      await expect
        .poll(() => refused.getByTestId('message-settled').textContent(), SLOW)
        .toBe('Rejected by Dana — “Over this month’s budget”');
      // The escalation: the option chosen, by the reader.
      expect(await message(`escalation:${escalation.id}`).getByTestId('message-settled').textContent()).toBe(
        'Answered by you: “Ops’s list”',
      );
      // Open, nobody has chosen yet; it carries the risks Home shows, in the same words.
      expect(await message(`approval:${pending.id}`).getByTestId('message-settled').count()).toBe(0);
      const risks = ['Spends real money', 'Reaches outside the workspace'];
      expect(await message(`approval:${pending.id}`).getByRole('list', { name: 'Risks' }).getByRole('listitem').allTextContents()).toEqual(
        risks,
      );
      expect(await refused.getByRole('list', { name: 'Risks' }).getByRole('listitem').allTextContents()).toEqual(risks);
      await expectAccessible(page);
      await atBothWidths(page, 'inbox-settled');

      // Home shows the pending one's risks in those same words.
      await page.goto(`${cast.url}/home`);
      const row = page.locator(`[data-approval="${pending.id}"]`);
      await row.waitFor(SLOW);
      expect(await row.getByRole('list', { name: 'Risks' }).getByRole('listitem').allTextContents()).toEqual(risks);
    },
    SCENARIO,
  );
});

describe('Activity, the run page and the stack page speak in titles, not ids (issue 30)', () => {
  it(
    'Activity names a decision by its question and a run by its agent and task; no sd-, run_ or ds- id is on the page',
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Researcher');
      const task = await me.task('Refresh the pricing page');
      const session = await me.session(agent.id);
      const parked = await me.run(session, 'parked');
      const id = (
        await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id, task: task.id })
      ).body.decision.id;
      await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
      const restarted = (await me.delivered(id)).delivery!.runId!;
      await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist' } });

      const page = await signedIn(me, '/activity');
      const entries = page.getByTestId('activity-entry');
      // Every kind of subject this history has is on the page before it is read.
      const history = (await me.send(activityRoutes.listActivity, { query: { limit: 50 } })).activity;
      await expect.poll(() => entries.count(), SLOW).toBe(history.length);
      expect(history.some((entry) => entry.subjectKind === 'run')).toBe(true);

      const answered = entries.filter({ hasText: 'Decision "Spend $240 on the data feed?" answered' });
      expect(await answered.count()).toBe(1);
      // The id is where the link goes and what its tooltip says.
      expect(await answered.getByRole('link').getAttribute('href')).toBe(`/decisions?id=${id}`);
      expect(await answered.getByRole('link').getAttribute('title')).toBe(id);
      const runs = page.locator(`[data-testid="activity-entry"][data-subject="${restarted}"]`);
      expect(await runs.count()).toBeGreaterThan(0);
      for (const text of await runs.getByRole('link').allTextContents()) expect(text).toBe('Run "Researcher · Refresh the pricing page"');
      expect(await visibleText(page)).not.toMatch(RAW_ID);
      await expectAccessible(page);
      await atBothWidths(page, 'activity-titles');
    },
    SCENARIO,
  );

  it(
    'the run page is titled by its agent and task, names the decision that restarted it by its question, and shows no raw id',
    async () => {
      const me = world(cast, await cast.newMember());
      const agent = await me.agent('Researcher');
      const task = await me.task('Refresh the pricing page');
      const session = await me.session(agent.id);
      const parked = await me.run(session, 'parked');
      const id = (
        await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id, task: task.id })
      ).body.decision.id;
      await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
      const restarted = (await me.delivered(id)).delivery!.runId!;

      const page = await signedIn(me, `/runs/${restarted}`);
      await page.getByRole('heading', { level: 1, name: 'Researcher · Refresh the pricing page' }).waitFor(SLOW);
      const question = page.getByRole('link', { name: 'Spend $240 on the data feed?' });
      expect(await question.getAttribute('href')).toBe(`/decisions?id=${id}`);
      expect(await question.getAttribute('title')).toBe(id);
      expect(await page.getByRole('link', { name: 'Refresh the pricing page' }).getAttribute('href')).toBe(`/tasks/${task.id}`);
      const earlier = page.getByRole('link', { name: 'The run before this one' });
      expect(await earlier.getAttribute('href')).toBe(`/runs/${parked.id}`);
      expect(await visibleText(page)).not.toMatch(RAW_ID);
      await expectAccessible(page);
      await atBothWidths(page, 'run-titled');

      // The run it continues reads the same way.
      await earlier.click();
      await page.waitForURL(`**/runs/${parked.id}`);
      await page.getByRole('heading', { level: 1, name: 'Researcher · Refresh the pricing page' }).waitFor(SLOW);
      await expect.poll(() => page.getByTestId('run-status').textContent(), SLOW).toBe('Completed');
      expect(await visibleText(page)).not.toMatch(RAW_ID);
    },
    SCENARIO,
  );

  it(
    'the stack page is titled by the stack and lists its members by question; its ds- id is the address, not the text',
    async () => {
      const me = world(cast, await cast.newMember());
      const stack = (await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist', autoDefaultSeconds: 86_400 } })).stack;
      const filed = await me.file({
        question: 'Ship the banner?',
        context,
        asks: [{ kind: 'decision', prompt: 'Ship the banner?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
        stack: stack.id,
      });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);

      const page = await signedIn(me, `/decisions/stacks/${stack.id}`);
      await page.getByRole('heading', { level: 1, name: 'Launch checklist' }).waitFor(SLOW);
      const member = page.getByTestId('member').getByRole('link', { name: 'Ship the banner?' });
      await member.waitFor(SLOW);
      expect(await member.getAttribute('href')).toBe(`/decisions?id=${filed.body.decision.id}`);
      expect(await visibleText(page)).not.toMatch(RAW_ID);
      await expectAccessible(page);
      await atBothWidths(page, 'stack-titled');
    },
    SCENARIO,
  );
});
