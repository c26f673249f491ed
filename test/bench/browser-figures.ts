/**
 * The web queue as a person meets it, measured in Debian's Chromium: opening /decisions to
 * the first decision being answerable, an answer's round trip until "Answered." shows, and a
 * keystroke to the next card (`j`, §6.17) until that card is selected and its detail drawn.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { summarize } from './stats';

/**
 * Opening is measured on the whole queue (seeded rows included); answering on decisions
 * whose question starts with `answerable` (filed through the API, so they have workflows).
 */
export async function browserFigures(url: string, token: string, answerable: string, runs = 10, presses = 30) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const signIn = await fetch(`${url}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ token }),
    });
    const [name, value] = signIn.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();

    const opens: number[] = [];
    const answers: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await page.goto(`${url}/decisions`);
      await page.getByRole('radio', { name: /Adopt v2/ }).first().waitFor();
      opens.push(performance.now() - started);

      await page.goto(`${url}/decisions?q=${encodeURIComponent(answerable)}`);
      const recommended = page.getByRole('radio', { name: /Adopt v2/ }).first();
      await recommended.waitFor();
      await recommended.check();
      const clicked = performance.now();
      await page.getByRole('button', { name: 'Answer', exact: true }).first().click();
      await page.getByTestId('toast').getByText('Answered.').waitFor();
      answers.push(performance.now() - clicked);
    }
    const nextCard = await nextCardTimes(page, url, presses);
    return { open: summarize(opens), answer: summarize(answers), nextCard: summarize(nextCard) };
  } finally {
    await browser.close();
  }
}

/**
 * `j` pressed `presses` times down a freshly opened queue (enough pages loaded through `?shown=`
 * that every press lands on a card not read before, so no detail comes from the page's cache).
 * Each sample is timed inside the page, from the keydown to the first frame after the next card
 * carries `aria-current` and the detail's title shows its question: what the person sees, without
 * the DevTools round trip that sends the key.
 */
async function nextCardTimes(page: Page, url: string, presses: number): Promise<number[]> {
  await page.goto(`${url}/decisions?shown=${Math.ceil((presses + 1) / 25) * 25}`);
  await page.locator('[aria-current="true"] [data-card]').focus();
  await page.locator('.detail #detail-title').waitFor();
  const samples: number[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.evaluate(WATCH_NEXT_CARD);
    await page.keyboard.press('j');
    samples.push(await page.evaluate<number>('window.castNextCard'));
  }
  return samples;
}

/**
 * Run in the page before a press: a promise (`window.castNextCard`) of the milliseconds from the
 * keydown to the frame that shows the next card selected and its detail. A string, as the bench's
 * TypeScript has no DOM types and the page's code needs none from it.
 */
const WATCH_NEXT_CARD = `(() => {
  window.castNextCard = new Promise((resolve, reject) => {
    const selected = () => document.querySelector('[aria-current="true"] [data-card]');
    const from = selected()?.getAttribute('data-card');
    let pressed = null;
    addEventListener('keydown', () => { pressed = performance.now(); }, { capture: true, once: true });
    const shown = () => {
      const card = selected();
      const title = document.querySelector('.detail #detail-title');
      const question = card?.querySelector('.question')?.textContent;
      return pressed !== null && card && card.getAttribute('data-card') !== from && question && title?.textContent.startsWith(question);
    };
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      clearTimeout(timeout);
      requestAnimationFrame(() => resolve(performance.now() - pressed));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const timeout = setTimeout(() => (observer.disconnect(), reject(new Error('the next card never showed'))), 10000);
  });
})()`;

/** The table's rows for them; `times` writes a summary's P50 | P95 | P99. */
export function browserRows(
  web: Awaited<ReturnType<typeof browserFigures>>,
  open: number,
  presses: number,
  times: (summary: ReturnType<typeof summarize>) => string,
): string[] {
  return [
    `| browser: open /decisions → first decision answerable (${open} open) | ${times(web.open)} | | |`,
    `| browser: click Answer → "Answered." shown | ${times(web.answer)} | | |`,
    `| browser: keystroke \`j\` → next card selected, its detail drawn (${open} open, ${presses} presses) | ${times(web.nextCard)} | P95 ≤ 100 ms | ${web.nextCard.p95 <= 100 ? 'met' : 'missed'} |`,
  ];
}
