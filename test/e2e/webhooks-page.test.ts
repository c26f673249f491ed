/**
 * Issue 39 item 10 — "Settings have no page for webhooks (API only)." The Webhooks settings
 * page in Chromium at 1440×900 and on a 390 px phone: an admin registers an endpoint (its
 * secret shown once), sees its recent deliveries from a real receiver on loopback, rotates the
 * secret, and deletes it; a member without `webhook.manage` is offered none of it. Each state is
 * scanned by axe and photographed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { axeViolations } from '../support/axe';
import { screenshot, signIn, WIDTHS } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
/** A receiver on a free loopback port that answers every delivery 204. */
async function receiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cast`, server };
}

async function openWebhooks(member: Member, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await signIn(await context.newPage(), cast.url, member.token);
  await page.goto(`${cast.url}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(SLOW);
  return page;
}

const listed = async (member: Member) => (await cast.send(member.token, webhookRoutes.listWebhooks)).webhooks;

describe('issue 39 item 10 — a Webhooks settings page', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: an admin registers an endpoint, reads its deliveries, rotates its secret and deletes it`,
      async () => {
        const owner = await cast.newMember();
        const target = await receiver();
        const page = await openWebhooks(owner, viewport);
        try {
          await page.getByTestId('webhooks-link').click();
          await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor(SLOW);
          expect(new URL(page.url()).pathname).toBe('/settings/webhooks');
          expect(await page.getByText('No webhooks yet. Register an endpoint below.').count()).toBe(1);
          expect(await axeViolations(page)).toEqual([]);

          // Register: every event unless unticked; the secret is shown once.
          await page.getByLabel('Endpoint URL').fill(target.url);
          await page.getByRole('checkbox', { name: 'message.injected' }).uncheck();
          await page.getByRole('button', { name: 'Register endpoint' }).click();
          const secret = page.getByTestId('secret');
          await secret.waitFor(SLOW);
          const firstSecret = await secret.getByLabel('Token').inputValue();
          expect(firstSecret).toMatch(/^whsec_/);
          const [webhook] = await listed(owner);
          expect(webhook).toMatchObject({ url: target.url });
          expect(webhook!.events).not.toContain('message.injected');
          const row = page.getByTestId('webhook');
          expect(await row.locator('.webhook-url').textContent()).toBe(target.url);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `webhooks-registered-${name}`);
          await secret.getByRole('button', { name: 'Done' }).click();
          expect(await page.content()).not.toContain(firstSecret);

          // Recent deliveries: a ping, delivered to the receiver.
          await cast.send(owner.token, webhookRoutes.pingWebhook, { params: { id: webhook!.id }, body: {} });
          await expect
            .poll(
              async () =>
                (await cast.send(owner.token, webhookRoutes.listWebhookDeliveries, { params: { id: webhook!.id }, query: {} }))
                  .deliveries[0]?.status,
              SLOW,
            )
            .toBe('delivered');
          await row.getByRole('button', { name: `Recent deliveries to ${target.url}` }).click();
          const delivery = row.getByTestId('webhook-deliveries').locator('li');
          await delivery.first().waitFor(SLOW);
          expect(await delivery.first().textContent()).toMatch(/^webhook\.ping · Delivered · 1 try · .+ · last answer: 204$/);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `webhooks-deliveries-${name}`);

          // Rotate: a new secret, shown once, and until when the old one still signs.
          await row.getByRole('button', { name: `Rotate secret of ${target.url}` }).click();
          await secret.waitFor(SLOW);
          const rotated = await secret.getByLabel('Token').inputValue();
          expect(rotated).toMatch(/^whsec_/);
          expect(rotated).not.toBe(firstSecret);
          expect(await secret.textContent()).toMatch(/The old secret still signs deliveries until .+ (UTC|GMT[+-]?\d*)[,.]/);
          await secret.getByRole('button', { name: 'Done' }).click();

          // Delete: confirmed in a dialog; Cancel first changes nothing.
          await row.getByRole('button', { name: `Delete ${target.url}` }).click();
          const dialog = page.getByTestId('webhook-delete-dialog');
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          expect(await listed(owner)).toHaveLength(1);
          await row.getByRole('button', { name: `Delete ${target.url}` }).click();
          expect(await axeViolations(page)).toEqual([]);
          await dialog.getByRole('button', { name: 'Delete webhook' }).click();
          await expect.poll(() => page.getByTestId('webhook').count(), SLOW).toBe(0);
          await expect.poll(() => page.getByTestId('webhooks-status').textContent(), SLOW).toBe(`${target.url} is deleted.`);
          expect(await listed(owner)).toEqual([]);
          await screenshot(page, `webhooks-deleted-${name}`);
        } finally {
          await page.context().close();
          await new Promise((resolve) => target.server.close(resolve));
        }
      },
      SCENARIO,
    );

    it(
      `at ${name} px: a member without webhook.manage is offered no webhooks`,
      async () => {
        const owner = await cast.newMember();
        const member = await colleagueOf(cast.pool, owner, 'Mira', 'member');
        const page = await openWebhooks(member, viewport);
        try {
          await page.getByTestId('time-zone').waitFor(SLOW);
          expect(await page.getByTestId('webhooks-link').count()).toBe(0);
          await page.goto(`${cast.url}/settings/webhooks`);
          await page.getByTestId('webhooks-not-allowed').waitFor(SLOW);
          expect(await page.getByTestId('webhooks-not-allowed').textContent()).toBe('Only an admin or an owner manages webhooks.');
          expect(await page.getByRole('button', { name: 'Register endpoint' }).count()).toBe(0);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await page.context().close();
        }
      },
      SCENARIO,
    );
  }
});
