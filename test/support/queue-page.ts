/**
 * What the browser tests read off the queue page: what has focus, the live region's words, the
 * current card; and filing decisions one after another so they rank in filing order.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { world } from './agent-world';

type Me = ReturnType<typeof world>;

/** What has focus: its tag, id, text, and the card, ask or test id it belongs to, and whether it is in the detail pane. */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    type El = {
      tagName: string;
      id: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
      closest(selector: string): El | null;
    };
    const element = (globalThis as unknown as { document: { activeElement: El } }).document.activeElement;
    return {
      tag: element.tagName,
      id: element.id,
      text: element.textContent,
      card: element.getAttribute('data-card'),
      testid: element.getAttribute('data-testid'),
      ask: element.closest('[data-ask]')?.getAttribute('data-ask') ?? null,
      inDetail: element.closest('.detail') !== null,
    };
  });

/** What the live region last said (the toast's words, kept once the toast has faded). */
export const toastText = (page: Page) => page.getByTestId('toast').textContent();

/** The selected card's decision id. */
export const currentCardId = (page: Page) => page.locator('[aria-current="true"] [data-card]').getAttribute('data-card');

/** Files decisions one after another, so they rank in filing order; returns their ids. */
export async function fileInOrder(me: Me, bodies: Array<Record<string, unknown>>, context: string): Promise<string[]> {
  const ids: string[] = [];
  for (const body of bodies) {
    const reply = await me.file({ context, ...body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    ids.push(reply.body.decision.id);
  }
  return ids;
}
