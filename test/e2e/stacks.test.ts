/**
 * Decision stacks in a real browser (cast-decide "Decision stacks", DESIGN §3 "Routes"): the
 * queue's list mode renders each stack as a checklist before the scope groups, overdue first;
 * the stack page at /decisions/stacks/ds-N changes the policy, moves and removes members and
 * answers every advisory member with its default; cards picked in the list group into a new
 * stack. Each state is scanned by axe and photographed at 1280 and 375 px.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { stackRoutes } from '../../domain/routes/stacks';
import type { CreateStackBody } from '../../domain/stack-schema';

import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { WIDE, atBothWidths, screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'The launch needs these settled; each has a sensible default if no one gets to it.';
/** A scenario's patience: Temporal and Chromium share 2 cores with other test runs. */
const SCENARIO = 180_000;
type Me = ReturnType<typeof world>;

const choice = (question: string, extra: Record<string, unknown> = {}) => ({
  question,
  context,
  asks: [{ kind: 'decision', prompt: question, options: [{ label: 'Ship' }, { label: 'Hold' }] }],
  ...extra,
});
/** An advisory decision, proceeding on option `defaultOption` (1 = Ship, 2 = Hold). */
const advisory = (question: string, defaultOption = 2, extra: Record<string, unknown> = {}) =>
  choice(question, { mode: 'advisory', defaultOption, ...extra });

async function newStack(me: Me, body: z.input<typeof CreateStackBody>) {
  const reply = await me.reply(stackRoutes.createStack, { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.stack;
}

async function file(me: Me, body: Record<string, unknown>): Promise<string> {
  const filed = await me.file(body);
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return filed.body.decision.id;
}

const stackOf = (me: Me, id: string) => me.send(stackRoutes.getStack, { params: { id } });
const order = async (me: Me, id: string) => (await stackOf(me, id)).stack.members.map((member) => member.decisionId);

/** Signs in on the queue (where signedInPage waits for "My Decisions"), then opens `path`. */
const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, '/decisions', { viewport: WIDE, thenOpen: path });

const toast = (page: Page) => page.getByTestId('toast').allTextContents();
const current = (page: Page) => page.locator('[aria-current="true"] [data-card]').getAttribute('data-card');
const focused = (page: Page, attribute: string) =>
  page.evaluate(
    (name) =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }
      ).document.activeElement.getAttribute(name),
    attribute,
  );

describe('the queue renders a stack as a checklist (list mode)', () => {
  it(
    "stacks come before the scope groups, an overdue stack first, members in the stack's order; j/k follow the screen; the heading opens the stack page",
    async () => {
      const me = world(cast, await cast.newMember());
      const loose = await file(me, choice('Rename the staging bucket?', { confidence: 0.9 }));
      // Blocking members outrank advisory ones; only the overdue rule can put the advisory stack first.
      const launch = await newStack(me, { title: 'Launch checklist', dueAt: new Date(Date.now() + 86_400_000).toISOString() });
      const banner = await file(me, choice('Ship the banner?', { stack: launch.id }));
      const pricing = await file(me, choice('Ship the pricing page?', { stack: launch.id }));
      await me.send(stackRoutes.reorderStack, { params: { id: launch.id }, body: { order: [pricing, banner] } });
      const billing = await newStack(me, { title: 'Billing cleanup', dueAt: new Date(Date.now() - 3_600_000).toISOString() });
      const refund = await file(me, advisory('Refund the duplicate charge?', 2, { stack: billing.id }));
      const invoice = await file(me, advisory('Resend the March invoice?', 1, { stack: billing.id }));

      const page = await signedIn(me.member.token);
      const groups = page.getByTestId('stack-group');
      await expect
        .poll(() => groups.evaluateAll((all) => all.map((group) => group.getAttribute('data-stack'))), SLOW)
        .toEqual([billing.id, launch.id]);
      const cards = () => page.locator('[data-card]').evaluateAll((all) => all.map((card) => card.getAttribute('data-card')));
      expect(await cards()).toEqual([refund, invoice, pricing, banner, loose]);

      // Title (a link to the stack page), id, due time, and the overdue chip in words, not colour alone.
      const overdue = groups.nth(0);
      expect(await overdue.getByRole('heading', { level: 2 }).textContent()).toBe('Stack Billing cleanup');
      expect(await overdue.getByRole('link', { name: 'Billing cleanup' }).getAttribute('href')).toBe(`/decisions/stacks/${billing.id}`);
      expect(await overdue.locator('.stack-meta').textContent()).toMatch(new RegExp(`^${billing.id} · Due .+Overdue$`));
      expect(await groups.nth(1).locator('.stack-meta').textContent()).toMatch(new RegExp(`^${launch.id} · Due \\S`));
      expect(await groups.nth(1).getByTestId('overdue').count()).toBe(0);
      // The ungrouped card groups by scope after the stacks, as before.
      expect(await page.locator('h2.scope').allTextContents()).toEqual(['No project']);
      // Stack members are not offered for a new stack: a decision sits in one stack at a time.
      expect(await page.getByRole('checkbox').count()).toBe(1);
      expect(await page.getByRole('checkbox', { name: 'Rename the staging bucket?' }).count()).toBe(1);

      // j/k walk the cards in the order they are shown.
      await expect.poll(() => current(page)).toBe(refund);
      const walked = [refund];
      for (let step = 0; step < 4; step += 1) {
        const before = walked.at(-1);
        await page.keyboard.press('j');
        await expect.poll(() => current(page)).not.toBe(before);
        walked.push((await current(page))!);
      }
      expect(walked).toEqual([refund, invoice, pricing, banner, loose]);
      await page.keyboard.press('k');
      await expect.poll(() => current(page)).toBe(banner);

      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'stack-group-queue');

      // The heading link answers Enter like any link, in the queue too.
      await groups.nth(1).getByRole('link', { name: 'Launch checklist' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Launch checklist' }).waitFor(SLOW);
      expect(new URL(page.url()).pathname).toBe(`/decisions/stacks/${launch.id}`);
    },
    SCENARIO,
  );

  it(
    "in the Answered tab a stack's closed members carry a check mark",
    async () => {
      const me = world(cast, await cast.newMember());
      const stack = await newStack(me, { title: 'Launch checklist' });
      const banner = await file(me, choice('Ship the banner?', { stack: stack.id }));
      await file(me, choice('Ship the pricing page?', { stack: stack.id }));
      await me.answer(banner, 1, { kind: 'decision', selected: [1] });
      const page = await signedIn(me.member.token, '/decisions?tab=answered');
      const group = page.getByTestId('stack-group');
      await group.waitFor(SLOW);
      const card = group.getByTestId('card');
      expect(await card.count()).toBe(1);
      expect(await card.locator('.done-mark').textContent()).toBe('✓Done');
      expect(await card.locator('.done-mark [aria-hidden="true"]').textContent()).toBe('✓');
      expect(await page.getByRole('checkbox').count()).toBe(0);
    },
    SCENARIO,
  );
});

describe('the stack page, /decisions/stacks/ds-N', () => {
  it(
    'shows the checklist in order; changes the policy; moves members up and down; removes one; answers every advisory member with its default and leaves the blocking one',
    async () => {
      const me = world(cast, await cast.newMember());
      const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 86_400 });
      const banner = await file(me, advisory('Ship the banner?', 2, { stack: stack.id }));
      const legacy = await file(me, choice('Drop the legacy table?', { stack: stack.id }));
      const pricing = await file(me, advisory('Turn on the new pricing?', 1, { stack: stack.id }));
      const footer = await file(me, choice('Reword the footer?', { stack: stack.id }));

      const page = await signedIn(me.member.token, `/decisions/stacks/${stack.id}`);
      await page.getByRole('heading', { level: 1, name: 'Launch checklist' }).waitFor(SLOW);
      expect(await page.getByTestId('stack-auto-default').textContent()).toBe('24h after each decision joins');
      expect(await page.getByTestId('stack-due').textContent()).toBe('No due time');
      const members = page.getByTestId('member');
      const shownOrder = () => members.evaluateAll((all) => all.map((member) => member.getAttribute('data-member')));
      expect(await shownOrder()).toEqual([banner, legacy, pricing, footer]);
      expect(await page.getByTestId('member-meta').allTextContents()).toEqual([
        'Open · Advisory · Default: Hold',
        'Open · Blocking',
        'Open · Advisory · Default: Ship',
        'Open · Blocking',
      ]);
      // Advisory members say when their default is taken; blocking ones never get one.
      expect(await members.nth(0).locator('time').textContent()).toMatch(/^Takes its default at \S/);
      expect(await members.nth(1).locator('time').count()).toBe(0);
      expect(await members.nth(0).getByRole('link', { name: 'Ship the banner?' }).getAttribute('href')).toBe(`/decisions?id=${banner}`);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'stack-page');

      // The policy: a due time and a duration, then the due time cleared.
      const autoDefault = page.getByLabel('Auto-default after');
      await autoDefault.fill('soon');
      await page.getByRole('button', { name: 'Save policy' }).click();
      await page.getByText('Write a duration such as 30m, 24h or 2d, from 1s up to 90d.').waitFor();
      expect(await autoDefault.getAttribute('aria-invalid')).toBe('true');
      expect((await stackOf(me, stack.id)).stack.autoDefaultMs).toBe(86_400_000);
      expect(await axeViolations(page)).toEqual([]);

      const tomorrow = new Date(Date.now() + 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T17:00`;
      await page.getByLabel('Due', { exact: true }).fill(local);
      await autoDefault.fill('2h');
      await page.getByRole('button', { name: 'Save policy' }).click();
      await expect.poll(() => toast(page), SLOW).toEqual(['Policy saved.']);
      const saved = (await stackOf(me, stack.id)).stack;
      expect(saved.autoDefaultMs).toBe(7_200_000);
      // The browser runs in the same time zone as this process, so the local time means the same instant.
      expect(saved.dueAt).toBe(new Date(local).toISOString());
      await expect.poll(() => page.getByTestId('stack-auto-default').textContent()).toBe('2h after each decision joins');
      expect(await page.getByTestId('stack-due').locator('time').getAttribute('datetime')).toBe(saved.dueAt);

      await page.getByRole('button', { name: 'Clear the due time' }).click();
      expect(await page.getByLabel('Due', { exact: true }).inputValue()).toBe('');
      await page.getByRole('button', { name: 'Save policy' }).click();
      await expect.poll(async () => (await stackOf(me, stack.id)).stack.dueAt, SLOW).toBeNull();
      await expect.poll(() => page.getByTestId('stack-due').textContent()).toBe('No due time');
      expect((await stackOf(me, stack.id)).stack.autoDefaultMs).toBe(7_200_000);

      // Move up, move down: the whole order is sent, and focus stays with the moved member.
      await page.getByRole('button', { name: 'Move up "Drop the legacy table?"' }).click();
      await expect.poll(() => order(me, stack.id), SLOW).toEqual([legacy, banner, pricing, footer]);
      await expect.poll(shownOrder).toEqual([legacy, banner, pricing, footer]);
      await expect.poll(() => toast(page)).toEqual(['"Drop the legacy table?" is now 1 of 4.']);
      // At the top its Move up is disabled, so focus lands on its Move down.
      await expect.poll(() => focused(page, 'aria-label')).toBe('Move down "Drop the legacy table?"');
      await page.getByRole('button', { name: 'Move down "Ship the banner?"' }).click();
      await expect.poll(() => order(me, stack.id), SLOW).toEqual([legacy, pricing, banner, footer]);
      await expect.poll(shownOrder).toEqual([legacy, pricing, banner, footer]);
      await expect.poll(() => focused(page, 'aria-label')).toBe('Move down "Ship the banner?"');

      // Remove: the member leaves the stack and stays in the queue.
      await page.getByRole('button', { name: 'Remove "Reword the footer?" from the stack' }).click();
      await expect.poll(() => order(me, stack.id), SLOW).toEqual([legacy, pricing, banner]);
      await expect.poll(shownOrder).toEqual([legacy, pricing, banner]);
      await expect.poll(() => toast(page)).toEqual(['Removed "Reword the footer?" from the stack. It stays in My Decisions.']);
      const removed = await me.decision(footer);
      expect(removed.status).toBe('open');

      // The one control: every open advisory member takes its default; the blocking one stays open.
      expect(await page.getByText('Blocking members never receive an automatic answer.').count()).toBe(1);
      await page.getByRole('button', { name: 'Answer every advisory member with its default' }).click();
      await expect.poll(() => toast(page), SLOW).toEqual(['Answered 2 advisory members with their defaults.']);
      expect((await me.decision(banner)).asks[0]?.answer?.value).toEqual({ kind: 'decision', selected: [2] });
      expect((await me.decision(pricing)).asks[0]?.answer?.value).toEqual({ kind: 'decision', selected: [1] });
      expect((await me.decision(legacy)).status).toBe('open');
      await expect
        .poll(() => page.getByTestId('member-meta').allTextContents())
        .toEqual([
          'Open · Blocking',
          'Answered · Advisory · Default: Ship · Answer: Ship',
          'Answered · Advisory · Default: Hold · Answer: Hold',
        ]);
      expect(await page.locator('.member.done .check').allTextContents()).toEqual(['✓', '✓']);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'stack-page-after-defaults');

      // Nothing left to take a default: said so, not a silent no-op.
      await page.getByRole('button', { name: 'Answer every advisory member with its default' }).click();
      await expect.poll(() => toast(page), SLOW).toEqual(['No open advisory member had a default to take.']);
    },
    SCENARIO,
  );

  it(
    'an answer the auto-default gave reads "Answered automatically"',
    async () => {
      const me = world(cast, await cast.newMember());
      const stack = await newStack(me, { title: 'Overnight', autoDefaultSeconds: 1 });
      const id = await file(me, advisory('Back off or switch keys?', 1, { stack: stack.id }));
      await expect.poll(async () => (await me.decision(id)).asks[0]?.answer?.automatic, SLOW).toBe(true);
      // Its last member resolved, the stack closes.
      await expect.poll(async () => (await stackOf(me, stack.id)).stack.status, SLOW).toBe('closed');
      const page = await signedIn(me.member.token, `/decisions/stacks/${stack.id}`);
      await page.getByRole('heading', { level: 1, name: 'Overnight' }).waitFor(SLOW);
      expect(await page.getByTestId('member-meta').allTextContents()).toEqual([
        'Answered automatically · Advisory · Default: Ship · Answer: Ship',
      ]);
      expect(await page.getByTestId('stack-status').textContent()).toBe('Closed — every member is resolved');
      // Closed, it offers no control the server would refuse.
      expect(await page.getByText('This stack is closed: every member is resolved.').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Save policy' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    },
    SCENARIO,
  );

  it(
    'another workspace\'s stack, a missing one and a malformed id all read "Not found."',
    async () => {
      const owner = world(cast, await cast.newMember());
      const foreign = await newStack(owner, { title: "Someone else's launch" });
      const me = world(cast, await cast.newMember());
      const page = await signedIn(me.member.token, `/decisions/stacks/${foreign.id}`);
      await page.getByRole('heading', { level: 1, name: 'Not found.' }).waitFor(SLOW);
      expect(await page.getByText("Someone else's launch").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'stack-not-found');
      for (const id of ['ds-999999999', 'ds-x']) {
        await page.goto(`${cast.url}/decisions/stacks/${id}`);
        await page.getByRole('heading', { level: 1, name: 'Not found.' }).waitFor(SLOW);
      }
    },
    SCENARIO,
  );
});

describe('a new auto-default that answers members at once (issue #30, cast-decide "Decision stacks")', () => {
  it(
    "shortening a stack's auto-default says how many it will answer before it does; nothing is answered until confirmed, then exactly that many are",
    async () => {
      const me = world(cast, await cast.newMember());
      const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 7200 });
      const banner = await file(me, advisory('Ship the banner?', 2, { stack: stack.id }));
      const pricing = await file(me, advisory('Turn on the new pricing?', 1, { stack: stack.id }));
      // Never counted: a blocking member, and an advisory one a person already answered.
      const legacy = await file(me, choice('Drop the legacy table?', { stack: stack.id }));
      const footer = await file(me, advisory('Reword the footer?', 1, { stack: stack.id }));
      await me.answer(footer, 1, { kind: 'decision', selected: [2] });
      // The first members have been in the stack longer than the new duration; the last one joins just now.
      const joined = Date.parse((await stackOf(me, stack.id)).stack.members[0]!.joinedAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, joined + 47_000 - Date.now())));
      const late = await file(me, advisory('Rename the launch channel?', 1, { stack: stack.id }));

      const page = await signedIn(me.member.token, `/decisions/stacks/${stack.id}`);
      await page.getByRole('heading', { level: 1, name: 'Launch checklist' }).waitFor(SLOW);
      let patches = 0;
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && new URL(request.url()).pathname.endsWith('/policy')) patches += 1;
      });
      await page.getByLabel('Auto-default after').fill('45s');
      const save = page.getByRole('button', { name: 'Save policy' });
      await save.click();
      const dialog = page.getByRole('dialog', { name: 'Answer 2 decisions now?' });
      await dialog.waitFor(SLOW);
      expect(await dialog.locator('#answer-now-body').textContent()).toBe(
        'Saving answers 2 decisions now with their defaults. They joined this stack more than 45s ago.',
      );
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual(['Ship the banner?', 'Turn on the new pricing?']);
      // Cancel takes focus first: Enter alone answers nothing.
      const activeText = () =>
        page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent,
        );
      await expect.poll(activeText).toBe('Cancel');
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'stack-answer-now');

      // Nothing is sent, nothing answered, until it is confirmed; Cancel keeps it so.
      expect(patches).toBe(0);
      expect((await stackOf(me, stack.id)).stack.autoDefaultMs).toBe(7_200_000);
      for (const id of [banner, pricing]) expect((await me.decision(id)).status).toBe('open');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => toast(page), SLOW).toEqual(['Nothing was saved or answered.']);
      expect(patches).toBe(0);
      expect((await stackOf(me, stack.id)).stack.autoDefaultMs).toBe(7_200_000);
      for (const id of [banner, pricing]) expect((await me.decision(id)).status).toBe('open');

      // Confirmed: saved, and exactly those two take their defaults at once.
      await save.click();
      await dialog.getByRole('button', { name: 'Save and answer 2' }).click();
      await dialog.waitFor({ state: 'detached', ...SLOW });
      await expect.poll(() => toast(page), SLOW).toEqual(['Policy saved.']);
      expect(patches).toBe(1);
      await expect.poll(async () => (await me.decision(banner)).asks[0]?.answer?.automatic, SLOW).toBe(true);
      await expect.poll(async () => (await me.decision(pricing)).asks[0]?.answer?.automatic, SLOW).toBe(true);
      expect((await me.decision(banner)).asks[0]?.answer?.value).toEqual({ kind: 'decision', selected: [2] });
      expect((await me.decision(pricing)).asks[0]?.answer?.value).toEqual({ kind: 'decision', selected: [1] });
      const { decisions } = await stackOf(me, stack.id);
      expect(decisions.filter((decision) => decision.asks[0]?.answer?.automatic).map((decision) => decision.id)).toEqual([banner, pricing]);
      expect((await me.decision(late)).status).toBe('open');
      expect((await me.decision(legacy)).status).toBe('open');
      expect((await stackOf(me, stack.id)).stack.autoDefaultMs).toBe(45_000);
    },
    SCENARIO,
  );

  it(
    'a new auto-default that answers none saves at once, with no confirm',
    async () => {
      const me = world(cast, await cast.newMember());
      const stack = await newStack(me, { title: 'Launch checklist', autoDefaultSeconds: 7200 });
      const banner = await file(me, advisory('Ship the banner?', 2, { stack: stack.id }));
      const page = await signedIn(me.member.token, `/decisions/stacks/${stack.id}`);
      await page.getByRole('heading', { level: 1, name: 'Launch checklist' }).waitFor(SLOW);
      await page.getByLabel('Auto-default after').fill('15m');
      await page.getByRole('button', { name: 'Save policy' }).click();
      await expect.poll(() => toast(page), SLOW).toEqual(['Policy saved.']);
      expect(await page.getByTestId('answer-now-dialog').count()).toBe(0);
      expect((await stackOf(me, stack.id)).stack.autoDefaultMs).toBe(900_000);
      expect((await me.decision(banner)).status).toBe('open');
    },
    SCENARIO,
  );
});

describe('grouping picked cards into a new stack', () => {
  it(
    'picks cards by mouse and keyboard, asks the title in a dialog with Cancel, and opens the new stack with them in on-screen order',
    async () => {
      const me = world(cast, await cast.newMember());
      const first = await file(me, choice('Which supplier list is right?', { confidence: 0.9 }));
      const middle = await file(me, choice('Pay the annual plan up front?', { confidence: 0.5 }));
      const last = await file(me, choice('Move the launch to Tuesday?', { confidence: 0.1 }));
      const page = await signedIn(me.member.token);
      await expect.poll(() => page.getByRole('checkbox').count(), SLOW).toBe(3);

      // Picked out of order: the last card by mouse, the first from the keyboard (Tab reaches it, Space picks it).
      await page.getByRole('checkbox', { name: 'Move the launch to Tuesday?' }).check();
      await page.getByRole('tab', { name: 'Archived' }).focus();
      for (let press = 0; press < 20 && (await focused(page, 'aria-labelledby')) !== `question-${first}`; press += 1)
        await page.keyboard.press('Tab');
      expect(await focused(page, 'aria-labelledby')).toBe(`question-${first}`);
      await page.keyboard.press('Space');
      expect(await page.getByRole('checkbox', { name: 'Which supplier list is right?' }).isChecked()).toBe(true);
      const bar = page.getByRole('group', { name: 'Selected decisions' });
      expect(await bar.locator('span').textContent()).toBe('2 selected');
      // Picking moves nothing: j/k still walk the list.
      await page.keyboard.press('j');
      await expect.poll(() => current(page)).toBe(middle);

      await bar.getByRole('button', { name: 'Group into a stack' }).click();
      const dialog = page.getByRole('dialog', { name: 'Group into a stack' });
      await dialog.waitFor();
      expect(await dialog.getByText('The 2 selected decisions join a new stack, in the order shown.').count()).toBe(1);
      expect(await dialog.getByLabel('Title').evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await atBothWidths(page, 'group-into-stack-dialog');

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(2);
      // Esc closes it too, and j typed in the title is text, not a move.
      await bar.getByRole('button', { name: 'Group into a stack' }).click();
      await dialog.getByLabel('Title').pressSequentially('jk');
      expect(await dialog.getByLabel('Title').inputValue()).toBe('jk');
      await expect.poll(() => current(page)).toBe(middle);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      await bar.getByRole('button', { name: 'Group into a stack' }).click();
      await dialog.getByLabel('Title').fill('Friday review');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Friday review' }).waitFor(SLOW);
      const id = /\/decisions\/stacks\/(ds-\d+)$/.exec(page.url())?.[1];
      expect(id).toBeDefined();
      expect(await order(me, id!)).toEqual([first, last]);
      expect(await page.getByTestId('member').evaluateAll((all) => all.map((member) => member.getAttribute('data-member')))).toEqual([
        first,
        last,
      ]);

      // Back in the queue the two are a checklist, and only the third can still be picked.
      await page.getByRole('link', { name: 'My Decisions' }).click();
      await page.getByTestId('stack-group').waitFor(SLOW);
      expect(await page.getByTestId('stack-group').getAttribute('data-stack')).toBe(id);
      expect(await page.getByRole('checkbox').count()).toBe(1);
    },
    SCENARIO,
  );

  it(
    "409 already_in_stack: a card that joined a stack meanwhile is refused in the catalogue's words, naming the stack, in the dialog",
    async () => {
      const me = world(cast, await cast.newMember());
      const taken = await file(me, choice('Renew the TLS certificate now?', { confidence: 0.9 }));
      const free = await file(me, choice('Archive the old wiki?', { confidence: 0.1 }));
      const page = await signedIn(me.member.token);
      await page.getByRole('checkbox', { name: 'Renew the TLS certificate now?' }).check(SLOW);
      await page.getByRole('checkbox', { name: 'Archive the old wiki?' }).check();
      await page.getByRole('button', { name: 'Group into a stack' }).click();
      const dialog = page.getByRole('dialog', { name: 'Group into a stack' });
      await dialog.getByLabel('Title').fill('Ops');

      // Someone else puts one of them in a stack first.
      const elsewhere = await newStack(me, { title: 'Security', decisions: [taken] });
      await dialog.getByRole('button', { name: 'Create stack' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor(SLOW);
      expect(await alert.textContent()).toBe(`A decision is in one stack at a time; already in a stack: ${taken} (${elsewhere.id}).`);
      expect(new URL(page.url()).pathname).toBe('/decisions');
      // The list is read afresh: the taken card now sits in its stack, and one card is left to group.
      await expect.poll(() => dialog.getByText('The selected decision becomes the first item of a new stack.').count(), SLOW).toBe(1);
      expect(await page.getByTestId('stack-group').getAttribute('data-stack')).toBe(elsewhere.id);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'group-into-stack-refused-1280');

      await dialog.getByRole('button', { name: 'Create stack' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ops' }).waitFor(SLOW);
      const id = /\/decisions\/stacks\/(ds-\d+)$/.exec(page.url())![1]!;
      expect(await order(me, id)).toEqual([free]);
    },
    SCENARIO,
  );
});
