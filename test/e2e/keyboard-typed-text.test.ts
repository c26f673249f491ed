/**
 * Typed text never runs as shortcuts (issue 38 item 6), in Chromium: on every ask kind, each key
 * of the §6.17 map is pressed with focus outside any field, then a sentence with every letter is
 * typed; through the API nothing changed but what the key itself rightly did, and the page sent
 * no other write. A key that opens a field puts the sentence there; a key that does not apply says
 * so. Archive by `e` is undone by `u` and by the toast's Undo, and a second or held `e` sends
 * nothing more.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { sessionRoutes } from '../../domain/routes/sessions';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { fileInOrder, focusedElement, toastText } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
const SENTENCE = 'the quick brown fox jumps over the lazy dog, yes? undo! 1 2 [ ] wink';
const SLOW = { timeout: 20_000 };
/** Long enough for a key typed to have sent its request, if it were going to. */
const SETTLE_MS = 800;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
type Me = ReturnType<typeof world>;

const PAUSED = 'Typed outside a field: nothing was changed. The keys are paused; press Esc to use them again.';
/** y last: an approval it approves stays approved for the keys of the kinds after it. */
const KEYS = ['j', 'k', 'ArrowDown', 'ArrowUp', 'Enter', '1', '2', 'n', 'w', 'u', ']', '[', '?', 'Escape', 'e', 'y'];

type Kind = { name: string; id: string; approval: boolean; field: boolean; permission: boolean };

/** The state a key could change: status, and each ask's answer and withdrawn answers. */
const stateOf = (decision: DecisionView) =>
  `${decision.status}|${decision.asks.map((ask) => `${ask.answer ? 'answered' : 'open'}:${ask.withdrawnAnswers?.length ?? 0}`).join(',')}`;

/** The writes the page sends (answers, archives, undos, restores), as they go. */
function writesOf(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) writes.push(request);
  });
  return writes;
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
  key === 'w' || (key === 'n' && kind.approval) || ((key === '1' || key === 'Enter') && kind.field);

async function seed(me: Me): Promise<Kind[]> {
  const session = await me.session();
  const filed = await fileInOrder(
    me,
    [
      { question: 'A choice?', asks: [tierAsk()] },
      { question: 'An approval?', asks: [approvalAsk()] },
      { question: 'A fact?', asks: [{ kind: 'fact', prompt: 'Which region?' }] },
      { question: 'An access grant?', asks: [accessAsk()] },
      { question: 'A manual action?', asks: [{ kind: 'action', prompt: 'Sign the supplier agreement.' }] },
    ],
    context,
  );
  const host = (body: Parameters<typeof me.send<typeof sessionRoutes.fileHostPrompt>>[1]['body']) =>
    me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body }).then((reply) => reply.decision.id);
  const permission = await host({ kind: 'permission', tool: 'Bash', input: 'rm -rf build' });
  const terminal = await host({ kind: 'terminal', question: 'Which branch?', options: ['main', 'develop'] });
  const terminalFact = await host({ kind: 'terminal', question: 'Which port should it use?' });
  const { approval } = await me.send(approvalRoutes.proposeApproval, {
    body: { actionType: 'send_message', summary: 'Send the launch email to 4,000 customers' },
  });
  const { escalation } = await me.send(escalationRoutes.raiseEscalation, {
    body: {
      reasonCode: 'ambiguous_instructions',
      summary: 'Finance and ops each keep a supplier list, and they disagree on three suppliers.',
      mustDecide: 'Which supplier list is authoritative?',
    },
  });
  const kind = (name: string, id: string, more: Partial<Kind> = {}): Kind => ({
    name,
    id,
    approval: false,
    field: false,
    permission: false,
    ...more,
  });
  return [
    kind('choice', filed[0]!),
    kind('approval', filed[1]!, { approval: true }),
    kind('fact', filed[2]!, { field: true }),
    kind('access', filed[3]!),
    kind('action', filed[4]!),
    kind('permission card', permission, { approval: true, permission: true }),
    kind('terminal question with options', terminal),
    kind('terminal question', terminalFact, { field: true }),
    kind('approval record', approval.decisionId!, { approval: true }),
    kind('escalation', escalation.decisionId!, { field: true }),
  ];
}

describe('typed text never runs as shortcuts (issue 38 item 6)', () => {
  it(
    'every key on every ask kind, then a typed sentence: nothing changes but what the key rightly did',
    { timeout: 1_800_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const kinds = await seed(me);
      const page = await signedInPage(browser, cast.url, me.member.token);
      const writes = writesOf(page);
      const states = async () => Object.fromEntries(await Promise.all(kinds.map(async (k) => [k.id, stateOf(await me.decision(k.id))])));

      for (const kind of kinds) {
        for (const key of KEYS) {
          const where = `${kind.name}, ${key}`;
          await page.goto(`${cast.url}/decisions?id=${kind.id}`);
          await page.locator('.detail [data-ask="1"]').waitFor(SLOW);
          const before = await states();
          const written = writes.length;
          await page.keyboard.press(key);

          // What the key itself rightly did.
          const expected = { ...before };
          if (key === 'e') expected[kind.id] = before[kind.id]!.replace(/^open/, 'archived');
          if (key === 'y' && kind.approval) expected[kind.id] = before[kind.id]!.replace('open|open:0', 'resolved|answered:0');
          if (expected[kind.id] !== before[kind.id]) {
            await expect.poll(async () => stateOf(await me.decision(kind.id)), SLOW).toBe(expected[kind.id]);
            await expect.poll(() => writes.length, SLOW).toBe(written + 1);
          }
          const said = saysFirst(key, kind);
          if (said) await expect.poll(() => toastText(page), SLOW).toBe(said);
          const afterKey = writes.length;

          // A person types once the field the key opened has focus.
          if (opensField(key, kind))
            await expect.poll(async () => (await focusedElement(page)).tag, { ...SLOW, message: where }).toMatch(/^(TEXTAREA|INPUT)$/);
          await page.keyboard.type(SENTENCE);
          await settle();
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
    },
  );

  it(
    'archive by e: u restores it, the toast’s Undo restores it, and a second or held e sends nothing more',
    { timeout: 600_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const [first, second] = await fileInOrder(
        me,
        [
          { question: 'Archive me by e?', asks: [tierAsk()] },
          { question: 'Not me?', asks: [tierAsk()] },
        ],
        context,
      );
      const page = await signedInPage(browser, cast.url, me.member.token);
      const writes = writesOf(page);
      await page.getByRole('heading', { name: 'Archive me by e?' }).waitFor(SLOW);
      const archives = () => writes.filter((request) => request.url().endsWith('/archive')).map((request) => request.url());

      // e, e: one archive, of the decision shown; the second e says so and sends nothing.
      await page.keyboard.press('e');
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await settle();
      expect(archives()).toHaveLength(1);
      expect(archives()[0]).toContain(`/decisions/${first}/`);
      expect((await me.decision(second!)).status).toBe('open');

      // u restores it (the pane still shows it).
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Archive me by e?' }).click();
      await page.keyboard.press('u');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('open');
      await expect.poll(() => toastText(page), SLOW).toBe('Restored to Open.');
      await page.locator('.detail footer [data-action="archive"]').waitFor(SLOW);

      // The toast's Undo restores it too, and focus goes back to it.
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await expect.poll(() => toastText(page), SLOW).toBe('Archived. Nothing was answered; you can restore it from Archived.');
      await page.getByTestId('toast-action').click();
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('open');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ id: 'detail-title' });

      // A held e repeats: one archive. (Once the pane shows it open again, as a person would see.)
      await page.locator('.detail footer [data-action="archive"]').waitFor(SLOW);
      const before = archives().length;
      await page.keyboard.down('e');
      await page.keyboard.down('e');
      await page.keyboard.down('e');
      await page.keyboard.up('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await settle();
      expect(archives().length - before).toBe(1);
      expect((await me.decision(second!)).status).toBe('open');
    },
  );

  it('no key acts while focus is in a text field, a select, or with Ctrl/⌘/Alt held', { timeout: 600_000 }, async () => {
    const me = world(cast, await cast.newMember());
    const [id] = await fileInOrder(me, [{ question: 'Type into me?', asks: [approvalAsk()] }], context);
    const page = await signedInPage(browser, cast.url, me.member.token);
    const writes = writesOf(page);
    await page.getByRole('heading', { name: 'Type into me?' }).waitFor(SLOW);
    await page.getByLabel('Why? (optional)').focus();
    await page.keyboard.type(SENTENCE);
    await page.locator('#detail-title').focus();
    for (const chord of ['Control+e', 'Alt+y', 'Meta+u', 'Control+y']) await page.keyboard.press(chord);
    // The filters' search field and Kind menu are fields too.
    await page.getByLabel('Kind').first().focus();
    await page.keyboard.type('yes');
    await page.getByLabel('Search decisions').first().focus();
    await page.keyboard.type('yes, archive: e e e');
    await settle();
    expect(writes.map((request) => request.url())).toEqual([]);
    expect((await me.decision(id!)).status).toBe('open');
  });
});
