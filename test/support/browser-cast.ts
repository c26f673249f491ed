/**
 * A Cast and a real browser for one e2e file: started together before its first test and
 * stopped after its last, so a file sets them up in one line:
 *
 *   withBrowserCast((started) => ({ cast, browser } = started));
 *   withBrowserCast((started) => ({ cast, shortWindow, browser } = started), { shortWindow: { undoWindowMs: 1500 } });
 *
 * Each key of `casts` names a Cast of its own, started with those options; `cast` is always
 * there (with the default options unless `casts` gives it some).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startTestCast, type TestCast } from './test-cast';

type CastOptions = Parameters<typeof startTestCast>[0];

export type BrowserCast<Name extends string> = { browser: Browser } & Record<'cast' | Name, TestCast>;

export function withBrowserCast<Name extends string = 'cast'>(
  take: (started: BrowserCast<Name>) => void,
  casts?: { [name in Name]: CastOptions },
): void {
  let browser: Browser | undefined;
  const running: TestCast[] = [];
  beforeAll(async () => {
    const options: Record<string, CastOptions> = { cast: {}, ...casts };
    const names = Object.keys(options);
    const [launched, ...started] = await Promise.allSettled([launchBrowser(), ...names.map((name) => startTestCast(options[name]))]);
    // Kept before any failure is thrown, so that afterAll stops whatever did start.
    if (launched.status === 'fulfilled') browser = launched.value;
    const fulfilled = started.map((result) => (result.status === 'fulfilled' ? result.value : null));
    running.push(...fulfilled.filter((cast) => cast !== null));
    const failed = [launched, ...started].find((result) => result.status === 'rejected');
    if (failed?.status === 'rejected') throw failed.reason;
    take({ browser: browser!, ...Object.fromEntries(names.map((name, index) => [name, fulfilled[index]])) } as BrowserCast<Name>);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(running.map((cast) => cast.stop()));
  });
}
