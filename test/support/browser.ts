/**
 * A real browser for the web tests: the Chromium that scripts/ensure-chromium.mjs provides
 * (Debian's, or the build an npm package ships), driven by playwright-core with no browser
 * download. The flags keep Chromium off the network it cannot reach here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Asked of the script that installs it (it runs before `npm test`), so the two never disagree. */
export const CHROMIUM = execFileSync(process.execPath, [join(import.meta.dirname, '../../scripts/ensure-chromium.mjs'), '--print-path'], {
  encoding: 'utf8',
}).trim();

/** The two widths every screen is checked and photographed at. */
export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 375, height: 740 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a screenshot under test-results/ (git-ignored) for a reviewer to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Opens `path` in a new page and signs in there with the token, as a person would. */
export async function signedInPage(browser: Browser, baseUrl: string, token: string, path = '/decisions'): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My Decisions' }).waitFor();
  return page;
}
