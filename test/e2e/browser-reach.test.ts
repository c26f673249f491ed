/**
 * Issue 40 items 2 and 9 in the real Chromium, at 1440×900 and 390×844: the tab's title carries
 * the count of what blocks and follows the queue; while the tab is hidden a new blocking decision
 * raises a system notification (content-free) that opens the decision; the notifications page
 * turns the browser's notifications on from a press; a push delivered to the service worker
 * (through the DevTools protocol, as a push service would) shows its notification and a click on
 * it takes the open tab to the decision; and a focused tab keeps its member present until it goes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isPresent } from '../../db/presence';
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
import { pushPayload, PUSH_WORDS } from '../../domain/notifications/push-message';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import type { OutboxEvent } from '../../domain/outbox/event-kinds';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signIn, WIDTHS } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 30_000 };
const SCENARIO = 180_000;
const context = 'Enough context for a person to answer without opening the session, which is the whole point here.';

async function fileBlocking(member: Member, question: string): Promise<string> {
  const me = world(cast, member);
  const session = await me.session();
  return (await me.file({ question, context, asks: [tierAsk()], session, mode: 'blocking' })).body.decision.id;
}

type Shown = { title: string; body: string; tag: string; url: unknown; actions: string[] };

/** The notifications the page's service worker registration shows now. */
// Strings, not functions: the tests' type check has no DOM (these run in the page).
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(`navigator.serviceWorker.ready
    .then((registration) => registration.getNotifications())
    .then((shown) => shown.map((one) => ({ title: one.title, body: one.body, tag: one.tag, url: one.data && one.data.url,
      actions: (one.actions || []).map((action) => action.title) })))`);
}

async function signedIn(viewport: { width: number; height: number }, member: Member): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['notifications'], { origin: cast.url });
  const page = await signIn(await context.newPage(), cast.url, member.token);
  // The service worker is registered once signed in, and controls the tab.
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  return { context, page };
}

describe('issue 40 item 2: the queue comes to the person, in the browser', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: the title counts what blocks; a hidden tab notifies a new blocking decision, content-free, and its click opens it`,
      async () => {
        const member = await cast.newMember();
        await fileBlocking(member, 'Drop the legacy users table?');
        await fileBlocking(member, 'Pause the nightly export?');
        const { context, page } = await signedIn(viewport, member);
        try {
          await expect.poll(() => page.title(), SLOW).toBe('(2) Cast');

          // The person switches away: the tab is hidden.
          await setHidden(page, true);
          await expect.poll(() => page.evaluate('document.visibilityState'), SLOW).toBe('hidden');
          const id = await fileBlocking(member, 'Rewrite the billing history in place?');
          await expect.poll(() => page.title(), SLOW).toBe('(3) Cast');
          await expect
            .poll(async () => (await shownNotifications(page)).filter((one) => one.tag === id), SLOW)
            .toEqual([{ title: PUSH_WORDS.title, body: PUSH_WORDS.opened, tag: id, url: `/decisions/${id}`, actions: [] }]);
          // Content-free: nothing of the decision shows on the notification, and the two already there raised none.
          expect((await shownNotifications(page)).map((one) => one.tag)).toEqual([id]);

          await setHidden(page, false);
          await clickNotification(context, id);
          await expect.poll(() => page.url(), SLOW).toBe(`${cast.url}/decisions/${id}`);
          await page.getByRole('heading', { name: 'Rewrite the billing history in place?' }).waitFor(SLOW);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );

    it(
      `at ${name} px: a push reaches the service worker, shows its notification, and a click opens that decision`,
      async () => {
        const member = await cast.newMember();
        const id = await fileBlocking(member, 'Move the staging cluster to the new region?');
        const { context, page } = await signedIn(viewport, member);
        try {
          await page.goto(`${cast.url}/settings/notifications`);
          const event = {
            id: `${id}.decision.opened.1`,
            kind: 'decision.opened',
            workspaceId: member.workspaceId,
            subject: { kind: 'decision', id },
          };
          const payload = pushPayload(event as OutboxEvent, DEFAULT_NOTIFICATION_SETTINGS);
          await deliverPush(page, JSON.stringify(payload));
          await expect
            .poll(() => shownNotifications(page), SLOW)
            .toEqual([{ title: PUSH_WORDS.title, body: PUSH_WORDS.opened, tag: id, url: `/decisions/${id}`, actions: [] }]);
          await clickNotification(context, id);
          await expect.poll(() => page.url(), SLOW).toBe(`${cast.url}/decisions/${id}`);
          await page.getByRole('heading', { name: 'Move the staging cluster to the new region?' }).waitFor(SLOW);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );

    it(
      `at ${name} px: a push's Approve button opens its answer link's page, and only the press there answers, from push`,
      async () => {
        const member = await cast.newMember();
        const me = world(cast, member);
        const session = await me.session();
        const filed = await me.file({ question: 'Restart the ingest workers now?', context, asks: [approvalAsk()], session });
        const decision = filed.body.decision;
        const { context: browserContext, page } = await signedIn(viewport, member);
        try {
          await page.goto(`${cast.url}/settings/notifications`);
          // The push transport's buttons for this decision (notifier/channels/push.ts), as its payload carries them.
          const link = await mintAnswerLink(
            { pool: cast.pool, publicUrl: cast.url },
            {
              workspace: member.workspaceId,
              member: member.memberId,
              decision: decision.id,
              ask: 1,
              revision: decision.revision,
              channel: 'push',
              value: { kind: 'approval', decision: 'approve' },
            },
          );
          const payload = {
            title: PUSH_WORDS.title,
            body: PUSH_WORDS.opened,
            url: `/decisions/${decision.id}`,
            tag: decision.id,
            actions: [{ action: 'approve', title: 'Approve', url: new URL(link).pathname }],
          };
          await deliverPush(page, JSON.stringify(payload));
          await expect.poll(async () => (await shownNotifications(page)).map((one) => one.actions), SLOW).toEqual([['Approve']]);
          await clickNotification(browserContext, decision.id, 'approve');
          await expect.poll(() => page.url(), SLOW).toBe(link);
          await page.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
          // Opening it answered nothing.
          expect((await me.decision(decision.id)).asks[0]!.answer).toBeNull();
          await page.getByRole('button', { name: 'Approve', exact: true }).click();
          await page.getByTestId('link-answered').waitFor(SLOW);
          const answer = (await me.decision(decision.id)).asks[0]!.answer!;
          expect(answer).toMatchObject({ value: { kind: 'approval', decision: 'approve' }, answeredBy: member.memberId });
          expect(answer.provenance).toMatchObject({ channel: 'push' });
        } finally {
          await browserContext.close();
        }
      },
      SCENARIO,
    );

    it(
      `at ${name} px: the notifications page turns them on from a press, and reads well`,
      async () => {
        const member = await cast.newMember();
        const { context, page } = await signedIn(viewport, member);
        try {
          await page.goto(`${cast.url}/settings/notifications`);
          const section = page.getByTestId('push-section');
          await section.getByRole('heading', { name: 'In this browser' }).waitFor(SLOW);
          // Granted beforehand (the test's context), but not turned on: no subscription was made on load.
          await expect
            .poll(() => section.getByTestId('push-status').textContent(), SLOW)
            .toBe('Allowed, but not turned on in this browser yet.');
          expect(await axeViolations(page)).toEqual([]);
          await section.getByRole('button', { name: 'Turn on notifications' }).click();
          // This Chromium has no push service to reach (none is on this machine): the tab's notifications are on.
          await expect
            .poll(() => section.getByTestId('push-status').textContent(), SLOW)
            .toMatch(/^(On: this browser shows a notification|On while a Cast tab is open\.)/);
          expect(await section.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `notifications-push-${name}`);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );
  }
});

describe('issue 40 item 9: presence from the browser', () => {
  it(
    'a focused queue tab keeps its member present; when the tab goes, the member is away',
    async () => {
      const member = await cast.newMember();
      const { context, page } = await signedIn({ width: 1440, height: 900 }, member);
      try {
        await page.bringToFront();
        await expect.poll(() => isPresent(cast.pool, member.workspaceId, member.memberId), SLOW).toBe(true);
        await page.close({ runBeforeUnload: true });
        await expect.poll(() => isPresent(cast.pool, member.workspaceId, member.memberId), SLOW).toBe(false);
      } finally {
        await context.close();
      }
    },
    SCENARIO,
  );
});

/**
 * The tab hidden or shown again. Chromium run by Playwright reports every page as a visible
 * foreground tab whatever its window does (playwright#2286), so the page's own visibility is
 * set as the browser sets it — its state, then its `visibilitychange` — and everything after
 * that (the reads, the notification) is the app's real code against the real API.
 */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(
    hidden
      ? `Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })`
      : `delete document.visibilityState`,
  );
  await page.evaluate(`document.dispatchEvent(new Event('visibilitychange'))`);
}

/** A push as a push service delivers it, into the page's own service worker (DevTools: ServiceWorker.deliverPushMessage). */
async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: rows }) => {
      const ours = rows.find((row: { scopeURL: string; isDeleted: boolean }) => row.scopeURL === `${cast.url}/` && !row.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: cast.url, registrationId, data });
  await cdp.detach();
}

/**
 * A person's click on the notification (or on one of its buttons, `action`): the service worker's
 * `notificationclick` handler, run on the notification it showed (no browser lets a test press a
 * system notification itself).
 */
async function clickNotification(context: BrowserContext, tag: string, action = ''): Promise<void> {
  const [worker] = context.serviceWorkers();
  expect(worker, 'the app’s service worker').toBeTruthy();
  const clicked = await worker!.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} });
    if (!notification) return false;
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: ${JSON.stringify(action)} }));
    return true;
  })()`);
  expect(clicked).toBe(true);
}
