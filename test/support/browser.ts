/**
 * A real browser for the web tests: the Chromium that scripts/ensure-chromium.mjs provides
 * (Debian's, or the build an npm package ships), driven by playwright-core with no browser
 * download. The flags keep Chromium off the network it cannot reach here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type ViewportSize } from 'playwright-core';

/** Asked of the script that installs it (it runs before `npm test`), so the two never disagree. */
export const CHROMIUM = execFileSync(process.execPath, [join(import.meta.dirname, '../../scripts/ensure-chromium.mjs'), '--print-path'], {
  encoding: 'utf8',
}).trim();

/** The two widths every screen is checked and photographed at. */
export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 375, height: 740 };

/** The two widths each browser test of a screen runs at: a laptop's and a phone's. */
export const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** How long a browser test waits for what it expects on a busy machine. */
export const SLOW = { timeout: 20_000 };

/** `args` adds Chromium flags: the proxy test maps its host name to loopback with them. */
export function launchBrowser(args: string[] = []): Promise<Browser> {
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
      ...args,
    ],
  });
}

/** Saves a screenshot under test-results/ (git-ignored) for a reviewer to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/**
 * When sign-in is over: `queue` waits for the queue's "My Decisions" heading; `signed-in` only
 * for the sign-in form to go, for a path that shows another page or a test that waits itself.
 */
export type SignedIn = 'queue' | 'signed-in';

/** Signs in on `page` at `path` with the token, as a person would. */
export async function signIn(page: Page, baseUrl: string, token: string, path = '/decisions', until: SignedIn = 'queue'): Promise<Page> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (until === 'queue') await page.getByRole('heading', { name: 'My Decisions' }).waitFor();
  else await page.getByLabel('Token').waitFor({ state: 'detached', timeout: 15_000 });
  return page;
}

/**
 * Opens `path` in a new page and signs in there with the token. `viewport` sizes the page
 * (Playwright's 1280×720 without it); `at` fixes the page's clock (Date.now) at that moment;
 * `thenOpen` is a page to go to once signed in, as a person would from the queue.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  token: string,
  path = '/decisions',
  options: { viewport?: ViewportSize; at?: Date; until?: SignedIn; thenOpen?: string } = {},
): Promise<Page> {
  const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
  if (options.at) await page.clock.setFixedTime(options.at);
  await signIn(page, baseUrl, token, path, options.until);
  if (options.thenOpen && options.thenOpen !== path) await page.goto(`${baseUrl}${options.thenOpen}`);
  return page;
}

/** The state on screen at 1280 and at 375 px, for a reviewer under test-results/; the page is left wide. */
export async function atBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
}

/** What has focus: its tag, id and text (null for each when nothing has). */
export function focused(page: Page): Promise<{ tag: string | null; id: string | null; text: string | null }> {
  return page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { tagName: string; id: string; textContent: string } | null } })
      .document.activeElement;
    return { tag: active?.tagName ?? null, id: active?.id ?? null, text: active?.textContent ?? null };
  });
}
