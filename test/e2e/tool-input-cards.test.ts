/**
 * Issue 31 item 2, in a real browser: a permission card shows what the tool call will write.
 * A Write shows the content the file will hold; an Edit shows its change as a diff (word by
 * word since issue 39 item 8: removed words struck, added underlined), in monospace, and neither
 * widens a 390 px page even with a long unbroken line; a Bash call shows its description above its
 * command. Item 9: a card whose host keeps an "always" answer as a rule offers "Approve, and
 * always allow" and names the rule; one whose host keeps none does not. Issue 43 item 6: a card
 * whose host runs an edited call offers "Edit, then approve", and keeps the proposal beside the
 * edit once answered; any other offers no edit. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { ruleRoutes } from '../../domain/routes/rules';
import { screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;
const SCENARIO = 240_000;
const PHONE = { width: 390, height: 844 };

type Root = { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
type Styled = { getComputedStyle(element: unknown): { fontFamily: string } };

const widths = (page: Page) =>
  page.evaluate(() => {
    const root = globalThis as unknown as Root;
    return { scrollWidth: root.document.documentElement.scrollWidth, width: root.innerWidth };
  });

/** Files one permission prompt and opens its card on a phone; `alwaysAllows`: the rules its host keeps on "always". */
async function openOnPhone(me: Me, tool: string, toolInput: Record<string, unknown>, alwaysAllows?: string[], editable = false) {
  const session = await me.session();
  const { decision } = await me.send(sessionRoutes.fileHostPrompt, {
    params: { id: session },
    body: { kind: 'permission', tool, toolInput, ...(alwaysAllows ? { alwaysAllows } : {}), ...(editable ? { editable: true } : {}) },
  });
  const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport: PHONE });
  await page.getByTestId('card').first().locator('[data-card]').click();
  const detail = page.locator('.detail');
  await detail.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
  const { scrollWidth, width } = await widths(page);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  return { page, detail, id: decision.id };
}

const LONG = 'const_the_generated_identifier_that_runs_past_any_phone_width_without_a_single_space_to_break_at = 1;';

describe('issue 31 item 2: Write and Edit cards show what will be written', () => {
  it(
    'issue 31 item 2: a Write card shows the file and the whole content it will hold, in monospace, within 390 px',
    async () => {
      const me = world(cast, await cast.newMember());
      const content = `# Plan\n\n1. Write the tests\n2. Ship on Friday\n${LONG}\n`;
      const { page, detail } = await openOnPhone(me, 'Write', { file_path: '/repo/notes/plan.md', content });
      expect(await detail.getByTestId('command').textContent()).toBe('/repo/notes/plan.md');
      const written = detail.getByTestId('write-content');
      expect(await written.textContent()).toBe(content);
      expect(
        await written.locator('code').evaluate((element) => (globalThis as unknown as Styled).getComputedStyle(element).fontFamily),
      ).toMatch(/mono/i);
      expect(await detail.getByText('WRITES').count()).toBe(1);
      await screenshot(page, 'permission-write-390');
      await expectAccessible(page);
    },
    SCENARIO,
  );

  it(
    'issue 31 item 2: an Edit card shows its change as a diff, the removed and added words marked, within 390 px',
    async () => {
      const me = world(cast, await cast.newMember());
      const before = `export const port = 3000;\nexport const host = 'localhost';\n${LONG}`;
      const after = `export const port = 8080;\nexport const host = 'localhost';\n${LONG}`;
      const { page, detail } = await openOnPhone(me, 'Edit', { file_path: '/repo/src/app.ts', old_string: before, new_string: after });
      expect(await detail.getByTestId('command').textContent()).toBe('/repo/src/app.ts');
      const diff = detail.getByTestId('edit-diff');
      // Issue 39 item 8: word by word — the number that changed, not the whole line twice.
      const parts = await diff.locator('.diff-part').evaluateAll((elements) =>
        elements.map((element) => ({
          kind: (element as unknown as { dataset: { kind: string } }).dataset.kind,
          text: (element as unknown as { textContent: string }).textContent,
        })),
      );
      expect(parts).toEqual([
        { kind: 'kept', text: 'export const port = ' },
        { kind: 'removed', text: '3000' },
        { kind: 'added', text: '8080' },
        { kind: 'kept', text: `;\nexport const host = 'localhost';\n${LONG}` },
      ]);
      expect(await diff.evaluate((element) => (globalThis as unknown as Styled).getComputedStyle(element).fontFamily)).toMatch(/mono/i);
      await screenshot(page, 'permission-edit-390');
      await expectAccessible(page);
    },
    SCENARIO,
  );

  it(
    'issue 31 item 2: a Bash card shows its description above its command',
    async () => {
      const me = world(cast, await cast.newMember());
      const { detail } = await openOnPhone(me, 'Bash', { command: 'rm -rf build/ && npm run build', description: 'Rebuild from clean' });
      const description = detail.getByTestId('tool-description');
      expect(await description.textContent()).toBe('Rebuild from clean');
      const command = detail.getByTestId('command');
      expect(await command.textContent()).toBe('rm -rf build/ && npm run build');
      const [above, below] = await Promise.all([description.boundingBox(), command.boundingBox()]);
      expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
    },
    SCENARIO,
  );
});

describe('issue 31 item 9: "Approve, and always allow" from the web', () => {
  it(
    'issue 31 item 9: a card whose host keeps a rule offers "Approve, and always allow", names the rule, and records the answer as always',
    async () => {
      const me = world(cast, await cast.newMember());
      const { page, detail, id } = await openOnPhone(me, 'Bash', { command: 'touch a.txt' }, ['Bash(touch a.txt)']);
      const always = detail.getByRole('button', { name: 'Approve, and always allow' });
      expect(await always.getAttribute('aria-describedby')).toBeTruthy();
      expect(await detail.getByText('Always allowing keeps this rule in the project, so the same call is not asked again:').count()).toBe(
        1,
      );
      expect(await detail.getByTestId('always-rules').locator('li').allTextContents()).toEqual(['Bash(touch a.txt)']);
      // Issue 42 item 4: and Cast keeps it too, for every machine and host.
      expect(await detail.getByTestId('always-cast-rule').textContent()).toBe(
        'Cast keeps it as your rule “Always allow Bash(touch a.txt)”, so the same ask answers itself on every machine and in every host; Rules lists it.',
      );
      await screenshot(page, 'permission-always-390');
      await expectAccessible(page);
      await always.click();
      await expect
        .poll(async () => (await me.decision(id)).asks[0]?.answer?.value, SLOW)
        .toEqual({ kind: 'approval', decision: 'approve', always: true });
      await detail.getByText(/^Approved and always allowed by you · /).waitFor(SLOW);
      expect((await me.send(ruleRoutes.listRules)).rules.map((rule) => [rule.name, rule.mode])).toEqual([
        ['Always allow Bash(touch a.txt)', 'on'],
      ]);
    },
    SCENARIO,
  );

  it(
    'issue 42 item 4: a card whose host keeps no rule still offers "always", kept by Cast alone; a fetch, which nobody keeps, offers Approve and Deny only',
    async () => {
      const me = world(cast, await cast.newMember());
      const bash = await openOnPhone(me, 'Bash', { command: 'touch b.txt' });
      await bash.detail.getByRole('button', { name: 'Approve, and always allow' }).waitFor(SLOW);
      expect(await bash.detail.getByTestId('always-rules').count()).toBe(0);
      expect(await bash.detail.getByTestId('always-cast-rule').count()).toBe(1);
      await bash.page.context().close();

      const fetch = await openOnPhone(world(cast, await cast.newMember()), 'WebFetch', { url: 'https://example.com/a' });
      expect(await fetch.detail.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(1);
      expect(await fetch.detail.getByRole('button', { name: 'Approve, and always allow' }).count()).toBe(0);
      expect(await fetch.detail.getByTestId('always-cast-rule').count()).toBe(0);
    },
    SCENARIO,
  );
});

describe('issue 43 item 6: edit, then approve, from the web', () => {
  it(
    'issue 43 item 6: a card whose host runs an edited call offers "Edit, then approve"; the edited command is the answer, the proposal kept beside it',
    async () => {
      const me = world(cast, await cast.newMember());
      const { page, detail, id } = await openOnPhone(me, 'Bash', { command: 'rm -rf build', description: 'Clean' }, undefined, true);
      await detail.getByRole('button', { name: 'Edit, then approve' }).click();
      const box = detail.getByRole('textbox', { name: 'Command to run' });
      expect(await box.inputValue()).toBe('rm -rf build');
      // Unchanged, there is nothing to approve as edited.
      expect(await detail.getByRole('button', { name: 'Approve edited' }).isDisabled()).toBe(true);
      await box.fill('rm -rf build/cache');
      await screenshot(page, 'permission-edit-390');
      await expectAccessible(page);
      const { scrollWidth, width } = await widths(page);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await detail.getByRole('button', { name: 'Approve edited' }).click();
      await expect
        .poll(async () => (await me.decision(id)).asks[0]?.answer?.value, SLOW)
        .toEqual({ kind: 'approval', decision: 'approve', editedInput: { command: 'rm -rf build/cache', description: 'Clean' } });
      await detail.getByText(/^Approved, as edited by you · /).waitFor(SLOW);
      expect(await detail.getByTestId('command').first().textContent()).toBe('rm -rf build/cache');
      await detail.getByTestId('as-proposed').locator('summary').click();
      expect(await detail.getByTestId('as-proposed').getByTestId('command').textContent()).toBe('rm -rf build');
    },
    SCENARIO,
  );

  it(
    'issue 43 item 6: a card whose host cannot run an edit (Codex, ACP) offers none',
    async () => {
      const me = world(cast, await cast.newMember());
      const { detail } = await openOnPhone(me, 'Bash', { command: 'rm -rf build' });
      expect(await detail.getByRole('button', { name: 'Edit, then approve' }).count()).toBe(0);
    },
    SCENARIO,
  );
});
