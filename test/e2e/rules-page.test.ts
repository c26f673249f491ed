/**
 * Issue 42 in a real browser: the Rules page. A member makes a rule that denies `rm -rf` with a
 * reason, tries it on the last 30 days first, and saves it in shadow; the page says what it does
 * and to which asks, turns it on and back, and disables it — at 1440 px and on a 390 px phone. A
 * viewer reads the rules without the controls. Each state is scanned by axe.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ruleRoutes } from '../../domain/routes/rules';
import { sessionRoutes } from '../../domain/routes/sessions';
import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { agentTokenOf, colleagueOf } from '../support/members';
import { screenshot, signIn } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 15_000 };
const SCENARIO = 120_000;

describe('issue 42: the Rules page', () => {
  for (const [name, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(
      `at ${name} px: a member tries a rule, saves it in shadow, turns it on and back, and disables it; a viewer only reads`,
      async () => {
        const owner = await cast.newMember();
        const dana = await colleagueOf(cast.pool, owner, 'Dana', 'member');
        const vic = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
        const context = await browser.newContext({ viewport });
        try {
          const page = await signIn(await context.newPage(), cast.url, dana.token);
          await page.goto(`${cast.url}/rules`);
          await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor(SLOW);
          await page.getByText('No rules yet.', { exact: false }).waitFor(SLOW);

          const form = page.getByRole('region', { name: 'Make a rule' });
          await form.getByLabel('Name').fill('never rm -rf');
          await form.getByLabel('It does').selectOption({ label: 'Deny, with a reason the agent reads' });
          await form.getByLabel('Reason', { exact: true }).fill('Delete files one by one, and say which.');
          await form.getByLabel('Host tool').fill('Bash');
          await form.getByLabel('Command starts with').fill('rm -rf');
          await form.getByLabel('Why').fill('A recursive delete has no undo.');
          await form.getByRole('button', { name: 'Try on the last 30 days' }).click();
          await form.getByText('It would have matched 0 asks', { exact: false }).waitFor(SLOW);
          await form.getByRole('button', { name: 'Save in shadow' }).click();
          await form.getByText('never rm -rf saved.').waitFor(SLOW);

          const rule = page.getByTestId('rule-never rm -rf');
          await rule.getByText('Shadow', { exact: true }).waitFor(SLOW);
          expect(await rule.locator('.rule-does').textContent()).toBe(
            'Deny: Delete files one by one, and say which. when tool Bash · command starting “rm -rf”',
          );
          expect(await rule.getByText('By Dana · r1').count()).toBe(1);
          const [saved] = (await cast.send(dana.token, ruleRoutes.listRules)).rules;
          expect(saved).toMatchObject({
            name: 'never rm -rf',
            mode: 'shadow',
            author: dana.memberId,
            effect: { kind: 'deny', reason: 'Delete files one by one, and say which.' },
            conditions: { tool: { name: 'Bash', commandPrefix: 'rm -rf' } },
          });
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `rules-${name}`);

          await rule.getByRole('button', { name: 'Turn on never rm -rf' }).click();
          await rule.getByText('On', { exact: true }).waitFor(SLOW);
          await rule.getByText('By Dana · r2').waitFor(SLOW);
          expect(await axeViolations(page)).toEqual([]);
          await rule.getByRole('button', { name: 'Back to shadow: never rm -rf' }).click();
          await rule.getByText('By Dana · r3').waitFor(SLOW);
          await rule.getByText('What it matched').click();
          await rule.getByText('Nothing yet.').waitFor(SLOW);

          // Vic, a viewer, reads the rule and has no way to change it or make one.
          const asVic = await signIn(await (await browser.newContext({ viewport })).newPage(), cast.url, vic.token);
          try {
            await asVic.goto(`${cast.url}/rules`);
            const seen = asVic.getByTestId('rule-never rm -rf');
            await seen.getByText('Shadow', { exact: true }).waitFor(SLOW);
            expect(await seen.getByRole('button').count()).toBe(0);
            expect(await asVic.getByRole('region', { name: 'Make a rule' }).count()).toBe(0);
          } finally {
            await asVic.context().close();
          }

          await rule.getByRole('button', { name: 'Disable never rm -rf' }).click();
          await rule.getByText('Off', { exact: true }).waitFor(SLOW);
          expect(await rule.getByRole('button').count()).toBe(0);
          expect((await cast.send(dana.token, ruleRoutes.listRules)).rules.map((one) => [one.mode, one.revision])).toEqual([['off', 4]]);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );
  }

  it(
    "a rule's answer: the page links what it answered; undone there, the toast offers to disable the rule, and it is off",
    async () => {
      const owner = await cast.newMember();
      const person = world(cast, owner);
      const host = world(cast, await agentTokenOf(cast.pool, owner, 'Claude Code'));
      const { rule } = await person.send(ruleRoutes.createRule, {
        body: {
          name: 'builds may run',
          reason: 'make only builds here.',
          mode: 'on',
          conditions: { tool: { name: 'Bash', commandPrefix: 'make' } },
          effect: { kind: 'approve' },
        },
      });
      const { decision } = await host.send(sessionRoutes.fileHostPrompt, {
        params: { id: randomUUID() },
        body: { kind: 'permission', tool: 'Bash', toolInput: { command: 'make build' }, requestId: `toolu_${randomUUID()}` },
      });
      expect(decision.status).toBe('resolved');

      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await signIn(await context.newPage(), cast.url, owner.token);
        await page.goto(`${cast.url}/rules`);
        await page.getByRole('link', { name: 'What it answered: builds may run' }).click();
        await page.getByRole('heading', { name: 'Allow Bash?' }).waitFor(SLOW);
        expect(new URL(page.url()).searchParams.get('answeredBy')).toBe(`rule:${rule.id}`);
        await page.getByRole('button', { name: 'Answer actions' }).click();
        await page.getByRole('menu', { name: 'Answer actions' }).getByRole('menuitem', { name: 'Undo', exact: true }).click();
        await expect
          .poll(() => page.getByTestId('toast').allTextContents(), SLOW)
          .toEqual(['Answer withdrawn: it was rule “builds may run” (r1)’s. The agent has been told.']);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByTestId('toast-action').click();
        await expect
          .poll(() => page.getByTestId('toast').allTextContents(), SLOW)
          .toEqual(['Rule “builds may run” is off: it answers nothing now.']);
        expect((await person.send(ruleRoutes.getRule, { params: { id: rule.id } })).rule.mode).toBe('off');
        expect((await person.decision(decision.id)).status).toBe('open');
      } finally {
        await context.close();
      }
    },
    SCENARIO,
  );

  it(
    '"Make this a rule" on a recurring decision opens the form prefilled from its latest answer; tried and saved, it is that question’s rule',
    async () => {
      const owner = await cast.newMember();
      const me = world(cast, owner);
      const editor = await me.agent('Editor');
      const ids: string[] = [];
      for (const ending of ['?', '!', '']) {
        const filed = await me.file({
          question: `Which supplier list is authoritative${ending}`,
          context: 'Enough context for a person to answer without opening the session, which is the point.',
          asks: [
            {
              kind: 'decision',
              prompt: `Which supplier list is authoritative${ending}`,
              options: [{ label: 'The finance list' }, { label: 'The ops list' }],
            },
          ],
          agent: editor.id,
        });
        ids.push(filed.body.decision.id);
      }
      await me.answer(ids[0]!, 1, { kind: 'decision', selected: [2] }, 'Ops owns it now.');
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await signIn(await context.newPage(), cast.url, owner.token);
        await page.goto(`${cast.url}/decisions?id=${ids[2]}`);
        await page.getByRole('link', { name: 'Make this a rule' }).click();
        const form = page.getByRole('region', { name: 'Make a rule' });
        await form.getByText('Only the question it was made from').waitFor(SLOW);
        expect(await form.getByLabel('Name').inputValue()).toBe('Answer “Which supplier list is authoritative”');
        expect(await form.getByLabel('It does').inputValue()).toBe('choose');
        expect(await form.getByLabel('Option number').inputValue()).toBe('2');
        expect(await form.getByLabel('Agent').inputValue()).toBe(editor.id);
        expect(await form.getByLabel('Only the question it was made from').isChecked()).toBe(true);
        await form.getByRole('button', { name: 'Try on the last 30 days' }).click();
        await form.getByText('It would have matched 3 asks', { exact: false }).waitFor(SLOW);
        expect(await axeViolations(page)).toEqual([]);
        await form.getByRole('button', { name: 'Save in shadow' }).click();
        await form.getByText('saved.', { exact: false }).waitFor(SLOW);
        const [rule] = (await me.send(ruleRoutes.listRules)).rules;
        expect(rule).toMatchObject({
          mode: 'shadow',
          effect: { kind: 'choose', option: 2 },
          conditions: { agent: editor.id, askKind: 'decision', cluster: `${editor.id}|decide|which supplier list is authoritative` },
        });
      } finally {
        await context.close();
      }
    },
    SCENARIO,
  );
});
