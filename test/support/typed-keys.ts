/**
 * The matrix behind the "typed text never runs as shortcuts" browser tests (issue 38 item 6):
 * each key of the §6.17 map pressed with focus outside any field on one decision of an ask kind,
 * then a sentence with every letter typed. The matrix is split across files by ask kind so the
 * suite's two workers share it; this module holds what every part checks.
 */
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { decisionRoutes } from '../../domain/routes/decisions';
import type { world } from './agent-world';
import { SLOW } from './browser';
import { focusedElement, toastText } from './queue-page';

export type Me = ReturnType<typeof world>;
export type Kind = {
  name: string;
  id: string;
  approval: boolean;
  field: boolean;
  permission: boolean;
  /** The keys pressed on it, in order; every key of the map unless said. */
  keys?: readonly string[];
};

export const kindOf = (name: string, id: string, more: Partial<Kind> = {}): Kind => ({
  name,
  id,
  approval: false,
  field: false,
  permission: false,
  ...more,
});

export const TYPED_CONTEXT = 'Enough context for a person to answer without opening the session, which is the point.';
export const SENTENCE = 'the quick brown fox jumps over the lazy dog, yes? undo! 1 2 [ ] wink';
const PAUSED = 'Typed outside a field: nothing was changed. The keys are paused; press Esc to use them again.';
/**
 * y last: an approval it approves stays approved for the keys of the kinds after it. On a
 * permission card n answers too (Deny, cast-decide), so a card takes every key but n, and a
 * second card takes n alone (PERMISSION_KEYS).
 */
export const KEYS = ['j', 'k', 'ArrowDown', 'ArrowUp', 'Enter', '1', '2', 'n', 'w', 'u', ']', '[', '?', 'Escape', 'e', 'y'];

export const PERMISSION_KEYS = KEYS.filter((key) => key !== 'n');

/** The state a key could change: status, and each ask's answer and withdrawn answers. */
const stateOf = (decision: DecisionView) =>
  `${decision.status}|${decision.asks.map((ask) => `${ask.answer ? 'answered' : 'open'}:${ask.withdrawnAnswers?.length ?? 0}`).join(',')}`;

/** The page's requests as they go: the writes (answers, archives, undos, restores), and every URL seen. */
export function requestsOf(page: Page): { writes: Request[]; seen: Set<string> } {
  const writes: Request[] = [];
  const seen = new Set<string>();
  page.on('request', (request) => {
    seen.add(request.url());
    const path = new URL(request.url()).pathname;
    // The web sets a new member's time zone once, after sign-in (issue 39 item 10): not a key's doing.
    if (request.method() !== 'GET' && path.startsWith('/api/') && path !== '/api/v1/profile') writes.push(request);
  });
  return { writes, seen };
}

let marks = 0;
/**
 * Waits until anything the keys typed so far could have sent has been seen: the page's handlers
 * run on the key events, two frames later any effect they scheduled has run, and a marker request
 * the page sends after that reaches the browser's network log behind every request sent before it.
 * No pause on top: the web puts no write behind a timer (its timers show toasts and poll a
 * delivery with GETs), and the states read after the sentence would show a write that landed.
 */
export async function settle(page: Page, seen: Set<string>): Promise<void> {
  const mark = `/healthz?typed-keys-mark=${++marks}`;
  // A string: the test project's types have no DOM.
  await page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => fetch(${JSON.stringify(mark)}).finally(resolve))))`,
  );
  await expect.poll(() => [...seen].some((url) => url.endsWith(mark)), SLOW).toBe(true);
}

/** What a key says where it does not apply, before anything is typed; null where it acts. */
function saysFirst(key: string, kind: Kind): string | null {
  if (kind.permission && (key === '1' || key === '2')) return 'From the keyboard, only y and n answer a permission card.';
  if (key === 'y' && !kind.approval) return 'Nothing here to approve: y approves an open approval ask.';
  if (key === 'n' && !kind.approval) return 'Nothing here to reject: n rejects an open approval ask.';
  if (key === 'u') return 'Nothing to undo: no ask here has been answered.';
  if (key === '2') return 'There is no ask 2: this decision has 1 ask.';
  return null;
}

/** Whether the key puts focus in a text field, where the sentence is then typed. */
const opensField = (key: string, kind: Kind) =>
  key === 'w' || (key === 'n' && kind.approval && !kind.permission) || ((key === '1' || key === 'Enter') && kind.field);

/** Every key on every kind given, then the sentence: nothing changes but what the key rightly did. */
export async function pressEveryKey(me: Me, page: Page, baseUrl: string, kinds: Kind[]): Promise<void> {
  const { writes, seen } = requestsOf(page);
  const states = async () => Object.fromEntries(await Promise.all(kinds.map(async (k) => [k.id, stateOf(await me.decision(k.id))])));

  for (const kind of kinds) {
    for (const key of kind.keys ?? KEYS) {
      const where = `${kind.name}, ${key}`;
      await page.goto(`${baseUrl}/decisions?id=${kind.id}`);
      await page.locator('.detail [data-ask="1"]').waitFor(SLOW);
      const before = await states();
      const written = writes.length;
      await page.keyboard.press(key);

      // What the key itself rightly did.
      const expected = { ...before };
      if (key === 'e') expected[kind.id] = before[kind.id]!.replace(/^open/, 'archived');
      if (key === 'y' && kind.approval) expected[kind.id] = before[kind.id]!.replace('open|open:0', 'resolved|answered:0');
      if (key === 'n' && kind.permission) expected[kind.id] = before[kind.id]!.replace('open|open:0', 'resolved|answered:0');
      if (expected[kind.id] !== before[kind.id]) {
        await expect.poll(async () => stateOf(await me.decision(kind.id)), SLOW).toBe(expected[kind.id]);
        await expect.poll(() => writes.length, SLOW).toBe(written + 1);
      }
      const said = saysFirst(key, kind);
      if (said) await expect.poll(() => toastText(page), SLOW).toBe(said);
      await settle(page, seen);
      const afterKey = writes.length;

      // A person types once the field the key opened has focus.
      if (opensField(key, kind))
        await expect.poll(async () => (await focusedElement(page)).tag, { ...SLOW, message: where }).toMatch(/^(TEXTAREA|INPUT)$/);
      await page.keyboard.type(SENTENCE);
      await settle(page, seen);
      expect(
        writes.slice(afterKey).map((request) => `${request.method()} ${request.url()}`),
        where,
      ).toEqual([]);
      expect(await states(), where).toEqual(expected);
      if (opensField(key, kind)) {
        expect(await focusedElement(page), where).toMatchObject({ tag: expect.stringMatching(/^(TEXTAREA|INPUT)$/), inDetail: true });
        expect(await page.locator(':focus').inputValue(), where).toBe(SENTENCE);
      } else if (key !== '?') {
        expect(await toastText(page), where).toBe(PAUSED);
      }

      // Put back what the key rightly did, for the next key.
      if (key === 'e') await me.send(decisionRoutes.restoreDecision, { params: { id: kind.id }, body: {} });
    }
  }
}
