/**
 * Issue 38 items 9 and 10, in a real browser: what was answered stays on the card. An approved
 * Write card still shows its content, an Edit its diff, a Bash call its command — in the queue's
 * detail pane and on the decision's own page, and on a card archived unanswered — and each
 * answer says the channel it came through and the digest of what it approved.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { canonicalJson } from '../../domain/provenance';
import { world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { WIDE, screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;
const SCENARIO = 240_000;

const digest = (input: unknown) => `sha256:${createHash('sha256').update(canonicalJson(input)).digest('hex')}`;

async function permission(me: Me, tool: string, toolInput: Record<string, unknown>): Promise<string> {
  const { decision } = await me.send(sessionRoutes.fileHostPrompt, {
    params: { id: await me.session() },
    body: { kind: 'permission', tool, toolInput },
  });
  return decision.id;
}

/** The detail of `path`, once the recorded answer (or the archived card) is drawn. */
async function answeredDetail(page: Page) {
  const detail = page.locator('.detail');
  await detail.getByTestId('answered-line').waitFor(SLOW);
  return detail;
}

describe('issue 38 item 9: an answered permission card keeps what it approved', () => {
  it(
    'issue 38 item 9: a Write card approved on the web still shows its content, on its page and in the queue, with "On the web" and its digest',
    async () => {
      const me = world(cast, await cast.newMember());
      const input = { file_path: '/repo/notes/plan.md', content: '# Plan\n\n1. Migrate the billing table\n2. Ship on Friday\n' };
      const id = await permission(me, 'Write', input);
      const page = await signedInPage(browser, cast.url, me.member.token, `/decisions/${id}`, { viewport: WIDE, until: 'signed-in' });
      const open = page.locator('.detail');
      await open.getByRole('button', { name: 'Approve', exact: true }).click(SLOW);

      for (const path of [`/decisions/${id}`, `/decisions?id=${id}`]) {
        if (path !== `/decisions/${id}`) await page.goto(`${cast.url}${path}`);
        const detail = await answeredDetail(page);
        expect(await detail.getByTestId('answered-line').textContent()).toMatch(/^Approved by you · /);
        expect(await detail.getByTestId('command').textContent()).toBe(input.file_path);
        expect(await detail.getByTestId('write-content').textContent()).toBe(input.content);
        const provenance = detail.getByTestId('answer-provenance');
        expect(await provenance.textContent()).toBe(`On the web · approved input ${digest(input).slice(7, 19)}`);
        expect(await provenance.getAttribute('data-digest')).toBe(digest(input));
        // And never a control that could answer it again.
        expect(await detail.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      }
      await screenshot(page, 'answered-write-card');
      await expectAccessible(page);
    },
    SCENARIO,
  );

  it(
    'issue 38 item 9: an approved Edit card still shows its diff, an approved Bash card its command, and a Bash card archived unanswered its command too',
    async () => {
      const me = world(cast, await cast.newMember());
      const edit = { file_path: '/repo/src/app.ts', old_string: 'export const port = 3000;', new_string: 'export const port = 8080;' };
      const bash = { command: 'rm -rf build/ && npm run build', description: 'Rebuild from clean' };
      const editId = await permission(me, 'Edit', edit);
      const bashId = await permission(me, 'Bash', bash);
      const archivedId = await permission(me, 'Bash', { command: 'git push --force origin main' });
      await me.answer(editId, 1, { kind: 'approval', decision: 'approve' });
      await me.answer(bashId, 1, { kind: 'approval', decision: 'approve' });
      await me.send(decisionRoutes.archiveDecision, { params: { id: archivedId }, body: {} });

      const page = await signedInPage(browser, cast.url, me.member.token, `/decisions/${editId}`, { viewport: WIDE, until: 'signed-in' });
      let detail = await answeredDetail(page);
      const diff = await detail
        .getByTestId('edit-diff')
        .locator('.diff-part')
        .evaluateAll((parts) => parts.map((part) => (part as unknown as { dataset: { kind: string } }).dataset.kind));
      expect(diff).toEqual(['kept', 'removed', 'added', 'kept']);
      expect(await detail.getByTestId('answer-provenance').textContent()).toMatch(/^Through the API · approved input /);

      await page.goto(`${cast.url}/decisions/${bashId}`);
      detail = await answeredDetail(page);
      expect(await detail.getByTestId('command').textContent()).toBe(bash.command);
      expect(await detail.getByTestId('tool-description').textContent()).toBe(bash.description);

      await page.goto(`${cast.url}/decisions/${archivedId}`);
      detail = page.locator('.detail');
      await detail.getByTestId('command').waitFor(SLOW);
      expect(await detail.getByTestId('command').textContent()).toBe('git push --force origin main');
      await screenshot(page, 'archived-bash-card');
    },
    SCENARIO,
  );
});
