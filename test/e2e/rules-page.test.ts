/**
 * Issue 42 in a real browser: the Rules page. A member makes a rule that denies `rm -rf` with a
 * reason, tries it on the last 30 days first, and saves it in shadow; the page says what it does
 * and to which asks, turns it on and back, and disables it — at 1440 px and on a 390 px phone. A
 * viewer reads the rules without the controls. Each state is scanned by axe.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ruleRoutes } from '../../domain/routes/rules';
import { axeViolations } from '../support/axe';
import { colleagueOf } from '../support/members';
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
          await rule.getByRole('button', { name: 'Put never rm -rf back in shadow' }).click();
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
});
