/**
 * The README's two photographs of the queue: a Cast of its own, started as the tests start one
 * (an in-memory Temporal dev server, an embedded PostgreSQL in a temporary directory, the
 * worker, the API serving the built web UI), about a dozen decisions of every kind
 * (scripts/showcase-queue.ts), then /decisions in Chromium — at 1440×900 with a decision
 * selected and its detail shown, and at 390×844 as a phone shows it. Writes
 * docs/screenshots/queue-wide.png and docs/screenshots/queue-phone.png.
 *
 *   node scripts/ensure-ui.mjs && node scripts/ensure-chromium.mjs && npx tsx scripts/readme-screenshots.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startApi } from '../api/server';
import { startEmbeddedPostgres } from '../runtime/postgres/embedded-postgres';
import { migrate } from '../db/migrate';
import { rollUpHealth } from '../db/health';
import { createPool } from '../db/pool';
import { createMember, createWorkspace, issueToken } from '../db/tenancy';
import { loadEnv } from '../runtime/env';
import { freePort } from '../runtime/free-port';
import { createLogger } from '../runtime/logger';
import { installTemporalLogging } from '../runtime/temporal-runtime';
import { launchBrowser, signedInPage } from '../test/support/browser';
import { startWorker } from '../worker';
import { provideTemporal } from './provide-temporal';
import { fileShowcase, memberApi } from './showcase-queue';
import { startTemporalDevServer } from './temporal-dev-server';
import { plainTarget } from '../runtime/temporal-connection';

const OUT = join(import.meta.dirname, '../docs/screenshots');
const log = (message: string) => process.stderr.write(`[screenshots] ${message}\n`);

const env = loadEnv();
installTemporalLogging('warn', { handleSignals: true });
const temporalServer = await startTemporalDevServer({ binary: await provideTemporal(env), port: await freePort() });
const embedded = await startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'cast-screenshots-pg-')), removeOnStop: true });
const pool = createPool(embedded.url);
const temporal = plainTarget(temporalServer.address, `screenshots-${randomUUID()}`);
try {
  await migrate(pool);
  const worker = await startWorker({ pool, temporal, sweepEvery: null, rollupEvery: null, reconcileEvery: null });
  const api = await startApi({ pool, logger: createLogger('silent'), host: '127.0.0.1', port: 0, temporal, rateLimits: null });
  const browser = await launchBrowser();
  try {
    const workspaceId = await createWorkspace(pool, 'Acme');
    // The person's name is what "by you" stands for; the sidebar and the cards never show it.
    const memberId = await createMember(pool, workspaceId, 'Dana');
    const token = await issueToken(pool, { workspaceId, memberId }, 'screenshots');
    log('filing the showcase decisions…');
    const { selected } = await fileShowcase(memberApi(api.url, token));
    // The health line reads the hourly roll-up; take it now, as the schedule would have.
    await rollUpHealth(pool, workspaceId);

    mkdirSync(OUT, { recursive: true });
    const page = await signedInPage(browser, api.url, token, `/decisions?id=${selected}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${api.url}/decisions?id=${selected}`);
    await settled(page, '.detail [data-testid="answered-ask"]');
    // The recommended option chosen, so the pane shows an ask mid-answer: Answer ready, the reason offered.
    await page.locator('.detail').getByRole('radio', { name: /Pro/ }).check();
    await page.screenshot({ path: join(OUT, 'queue-wide.png') });
    log('wrote docs/screenshots/queue-wide.png');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${api.url}/decisions`);
    await settled(page, '[data-testid="card"]');
    await page.screenshot({ path: join(OUT, 'queue-phone.png') });
    log('wrote docs/screenshots/queue-phone.png');
  } finally {
    await browser.close();
    await api.stop();
    await worker.stop();
  }
} finally {
  await pool.end();
  await embedded.stop();
  await temporalServer.stop();
}

/** Drawn and still: what `selector` names is on screen, the counts are in, and web fonts and images are done. */
async function settled(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  await page.getByTestId('tab-count').first().waitFor({ timeout: 30_000 });
  await page.evaluate('document.fonts.ready');
  // The health line and the filter menus arrive on reads of their own.
  await page.waitForLoadState('networkidle');
}
