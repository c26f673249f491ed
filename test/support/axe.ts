/** An axe-core scan (WCAG 2.1 A and AA) of what a page shows now, in the real browser. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { NARROW, WIDE } from './browser';

// Evaluated over the DevTools protocol rather than added as a <script>: the app's
// Content-Security-Policy (rightly) refuses inline scripts.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** The suite's scan is WCAG 2.1 A and AA; `tags` asks for others (`wcag22aa`: target size). */
export async function axeViolations(page: Page, tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']): Promise<Violation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (values) => {
    const browser = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
      document: unknown;
    };
    const result = await browser.axe.run(browser.document, {
      runOnly: { type: 'tag', values },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, tags);
}

/** Only the violations that block someone: `serious` and `critical`. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  return (await axeViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Zero WCAG 2.1 A/AA violations, at both widths (the narrow layout is its own layout); the page is left wide. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(NARROW);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(WIDE);
}
