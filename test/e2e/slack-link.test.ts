/**
 * Issue 40 item 4 — a person links their Slack account on the notifications page, in Chromium
 * at 1440×900 and on a 390 px phone: their Slack member ID sends a message with a Link button to
 * that Slack user (through Slack's own client, to the Web API stand-in on loopback), the page
 * says the link waits for that press, the press (signed as Slack signs it) links it, and Unlink
 * ends it. An ID Slack does not know is refused in words. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackRoutes } from '../../domain/routes/slack';
import type { Block, Button } from '../../slack/block-kit';
import { axeViolations } from '../support/axe';
import { launchBrowser, screenshot, signIn, WIDTHS } from '../support/browser';
import { blockActionsPayload, signedBySlack } from '../support/slack/slack-press';
import { startSlackStandIn, type SlackStandIn } from '../support/slack/slack-stand-in';
import { startTestCast, type TestCast } from '../support/test-cast';

const SIGNING_SECRET = 'e2e-signing-secret-0123456789abcdef';
const SLOW = { timeout: 15_000 };
let slack: SlackStandIn;
let cast: TestCast;
let browser: Browser;
beforeAll(async () => {
  slack = await startSlackStandIn();
  [cast, browser] = await Promise.all([
    // No worker: linking is the API's alone, and a second Slack notifier on the run's database would
    // take other files' Slack events to this file's stand-in (the channel's cursor is the deployment's).
    startTestCast({ worker: false, slack: { botToken: slack.botToken, signingSecret: SIGNING_SECRET, apiUrl: slack.apiUrl } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await cast?.stop();
  await slack?.close();
});

/** The press of the Link button Slack would send, as Slack signs it. */
async function pressLink(user: string): Promise<void> {
  const message = slack.of('chat.postMessage').findLast((call) => call.args.channel === `D${user.slice(1)}`)!;
  const button = (message.args.blocks as Block[]).flatMap((block) => (block.type === 'actions' ? block.elements : []))[0] as Button;
  const signed = signedBySlack(
    blockActionsPayload({ user, team: 'T0E2E', channel: String(message.args.channel), actionId: button.action_id, value: button.value! }),
    SIGNING_SECRET,
  );
  expect((await fetch(`${cast.url}/slack/interactivity`, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(200);
}

describe('issue 40 item 4 — Slack on the notifications page', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `issue 40 item 4: at ${name} px a person links their Slack account, confirms it in Slack, and unlinks it`,
      { timeout: 180_000 },
      async () => {
        const member = await cast.newMember();
        const user = `U0E2E${name}`;
        slack.users.add(user);
        const page: Page = await signIn(
          await browser.newPage({ viewport }),
          cast.url,
          member.token,
          '/settings/notifications',
          'signed-in',
        );
        try {
          await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor(SLOW);
          // The page holds every channel's controls: the Slack section's own alert and status lines.
          const section = page.getByTestId('slack-section');
          const state = page.getByTestId('slack-state');
          expect(await state.textContent()).toMatch(/^Not linked\./);
          expect(await axeViolations(page)).toEqual([]);

          // An ID Slack does not know: said in words, nothing linked.
          await page.getByLabel('Your Slack member ID').fill('U0NOBODY99');
          await page.getByRole('button', { name: 'Send the link message' }).click();
          await section.getByRole('alert').waitFor(SLOW);
          expect(await section.getByRole('alert').textContent()).toContain('Slack has no member with that ID');
          expect((await cast.send(member.token, slackRoutes.getMySlack, {})).link).toBeNull();

          await page.getByLabel('Your Slack member ID').fill(user);
          await page.getByRole('button', { name: 'Send the link message' }).click();
          await page.getByText(`Cast sent a message to ${user} in Slack. Press Link there to finish.`).waitFor(SLOW);
          expect(await section.getByRole('status').textContent()).toContain('Open Slack and press Link');
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `slack-link-pending-${name}`);

          await pressLink(user);
          await page.reload();
          await page.getByText(`Linked to ${user}.`, { exact: false }).waitFor(SLOW);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `slack-link-linked-${name}`);

          await page.getByRole('button', { name: 'Unlink Slack' }).click();
          await page.getByText('Not linked.', { exact: false }).waitFor(SLOW);
          expect((await cast.send(member.token, slackRoutes.getMySlack, {})).link).toBeNull();
        } finally {
          await page.close();
        }
      },
    );
  }
});
