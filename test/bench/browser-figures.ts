/**
 * The web queue as a person meets it, measured in Debian's Chromium: opening /decisions to
 * the first decision being answerable, and an answer's round trip until "Answered." shows.
 */
import { launchBrowser } from '../support/browser';
import { summarize } from './stats';

/**
 * Opening is measured on the whole queue (seeded rows included); answering on decisions
 * whose question starts with `answerable` (filed through the API, so they have workflows).
 */
export async function browserFigures(url: string, token: string, answerable: string, runs = 10) {
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
    return { open: summarize(opens), answer: summarize(answers) };
  } finally {
    await browser.close();
  }
}
