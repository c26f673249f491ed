/**
 * Issue 39 item 8, in Chromium at 1440×900 and on a 390 px phone: what an ask is about is shown
 * whole. A report's frame on the decision's own page is as tall as the report (its 40-row table is
 * not cut), and its script still never runs; a plain-text body shows in the detail pane and on the
 * page; a 145-line Write shows 145 numbered lines that do not soft-wrap (a long one scrolls inside
 * its box, never the page); a one-line JSON Edit shows the words that changed. Axe-scanned.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { approvalAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { screenshot, signedInPage, WIDTHS, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SCENARIO = 300_000;
const context = 'The drop analysis is in the report; the runbook is the document.';
const rows = Array.from({ length: 40 }, (_, n) => `<tr><td>table_${n + 1}</td><td>${(n + 1) * 13} MB</td></tr>`).join('');
const REPORT = `<html><head><style>td { padding: 6px; border: 1px solid #999 }</style></head><body><h1>Drop analysis</h1><table>${rows}</table><p>Last line of the report.</p><script>parent.document.title = "owned"</script></body></html>`;
const DOC = 'Runbook\n\n1. Snapshot the database.\n2. Drop agent_runs_v1.\n3. Watch the error rate for an hour.';

type Box = { getBoundingClientRect(): { height: number; bottom: number } };
type Frame = Box & { contentDocument: { querySelector(selector: string): Box | null } | null };
type Styled = { getComputedStyle(element: unknown): { whiteSpace: string; overflowX: string } };
type Root = { document: { documentElement: { scrollWidth: number } }; innerWidth: number };

/** The frame's height beside where the report's last line ends inside it (-1 when it cannot be read). */
const heights = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const frame = element as unknown as Frame;
    return {
      frame: frame.getBoundingClientRect().height,
      lastLine: frame.contentDocument?.querySelector('p:last-of-type')?.getBoundingClientRect().bottom ?? -1,
    };
  });

const fitsThePage = (page: Page) =>
  page.evaluate(() => {
    const root = globalThis as unknown as Root;
    return root.document.documentElement.scrollWidth <= root.innerWidth;
  });

describe('issue 39 item 8: what an ask is about is shown whole', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: the report at its full height on its page, the plain-text body in the pane and on the page`,
      async () => {
        const me = world(cast, await cast.newMember());
        const filed = await me.file({ question: 'Drop agent_runs_v1?', context, asks: [approvalAsk()], report: REPORT, doc: DOC });
        const id = filed.body.decision.id;
        const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${id}`, { viewport });
        const detail = page.locator('.detail');
        // The body, as text, in the pane.
        const body = detail.getByTestId('document-text').locator('pre');
        await expect.poll(() => body.textContent(), SLOW).toBe(DOC);

        await page.goto(`${cast.url}/decisions/${id}`);
        const frame = page.locator('main.document > iframe.agent-html');
        await frame.waitFor(SLOW);
        expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin');
        await page.frameLocator('main.document > iframe.agent-html').getByText('Last line of the report.').waitFor(SLOW);
        // The frame holds the whole report, down to its last line, and little more: no part of it
        // is cut off or scrolled away, and it does not trail a screen of blank.
        await expect
          .poll(async () => {
            const { frame: shown, lastLine } = await heights(page, 'main.document > iframe.agent-html');
            return lastLine > 800 && shown >= lastLine && shown <= lastLine + 60;
          }, SLOW)
          .toBe(true);
        // The report's script never ran.
        // (The queue's own title counts what is open: "(1) Cast".)
        expect(await page.title()).toMatch(/^(\(\d+\) )?Cast$/);
        expect(await page.locator('main.document').getByTestId('document-text').locator('pre').textContent()).toBe(DOC);
        expect(await fitsThePage(page)).toBe(true);
        await screenshot(page, `document-full-height-${name}`);
        await expectAccessible(page);
        await page.close();
      },
      SCENARIO,
    );

    it(
      `at ${name} px: a 145-line Write shows numbered lines with no soft wrap; a one-line JSON Edit shows the changed words`,
      async () => {
        const me = world(cast, await cast.newMember());
        const session = await me.session();
        const file = async (tool: string, toolInput: Record<string, unknown>) =>
          (await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: { kind: 'permission', tool, toolInput } })).decision
            .id;
        const long = `export const generated = '${'x'.repeat(300)}';`;
        const content = `${Array.from({ length: 144 }, (_, n) => `line ${n + 1};`).join('\n')}\n${long}\n`;
        const write = await file('Write', { file_path: '/repo/src/generated.ts', content });
        const edit = await file('Edit', {
          file_path: '/repo/config.json',
          old_string: '{"port":3000,"host":"localhost","debug":false}',
          new_string: '{"port":8080,"host":"localhost","debug":true}',
        });

        const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${write}`, { viewport });
        const written = page.locator('.detail').getByTestId('write-content');
        await written.waitFor(SLOW);
        expect(await written.getAttribute('data-lines')).toBe('145');
        expect(await written.locator('.code-line').count()).toBe(145);
        expect(await written.textContent()).toBe(content);
        const style = await written.evaluate((element) => {
          const computed = (globalThis as unknown as Styled).getComputedStyle(element);
          return { whiteSpace: computed.whiteSpace, overflowX: computed.overflowX };
        });
        expect(style).toEqual({ whiteSpace: 'pre', overflowX: 'auto' });
        // The long line scrolls inside its box; the page itself never scrolls sideways.
        expect(
          await written.evaluate(
            (element) =>
              (element as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth >
              (element as unknown as { clientWidth: number }).clientWidth,
          ),
        ).toBe(true);
        expect(await fitsThePage(page)).toBe(true);
        // One line is one row: the 145th starts below the 144th, not beside a wrapped tail.
        const tops = await written
          .locator('.code-line')
          .evaluateAll((lines) =>
            lines.map((line) => (line as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top),
          );
        const steps = new Set(tops.slice(1).map((top, n) => Math.round(top - tops[n]!)));
        expect(steps.size).toBe(1);
        await screenshot(page, `write-numbered-${name}`);
        await expectAccessible(page);

        await page.goto(`${cast.url}/decisions?id=${edit}`);
        const diff = page.locator('.detail').getByTestId('edit-diff');
        await diff.waitFor(SLOW);
        const parts = await diff.locator('.diff-part').evaluateAll((elements) =>
          elements.map((element) => {
            const part = element as unknown as { dataset: { kind: string }; textContent: string; tagName: string };
            return [part.dataset.kind, part.tagName, part.textContent];
          }),
        );
        expect(parts).toEqual([
          ['kept', 'SPAN', '{"port":'],
          ['removed', 'DEL', '3000'],
          ['added', 'INS', '8080'],
          ['kept', 'SPAN', ',"host":"localhost","debug":'],
          ['removed', 'DEL', 'false'],
          ['added', 'INS', 'true'],
          ['kept', 'SPAN', '}'],
        ]);
        await screenshot(page, `edit-word-diff-${name}`);
        await expectAccessible(page);
        await page.close();
      },
      SCENARIO,
    );
  }
});
