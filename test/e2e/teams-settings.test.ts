/**
 * Issue 41 item 1 in a real browser: Settings' Teams. An admin creates a team, adds a person
 * from the workspace's people and removes them, at 1440 px and on a 390 px phone; a plain member
 * reads the same teams without the controls. Each state is scanned by axe.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { teamRoutes } from '../../domain/routes/teams';
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

describe('issue 41 item 1: Settings’ Teams', () => {
  for (const [name, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(
      `at ${name} px: an admin creates a team, adds a person and removes them; a member reads it without the controls`,
      async () => {
        const owner = await cast.newMember();
        const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
        const dana = await colleagueOf(cast.pool, owner, 'Dana', 'member');
        const context = await browser.newContext({ viewport });
        try {
          const page = await signIn(await context.newPage(), cast.url, admin.token);
          await page.goto(`${cast.url}/settings`);
          const teams = page.getByTestId('teams');
          await teams.getByRole('heading', { name: 'Teams' }).waitFor(SLOW);
          // The heading is drawn before the teams' own read lands.
          await expect.poll(() => teams.getByText('No teams yet.').count()).toBe(1);

          await teams.getByLabel('New team').fill('infra');
          await teams.getByRole('button', { name: 'Create team' }).click();
          const infra = teams.getByTestId('team-infra');
          await infra.getByText('Nobody in this team yet.').waitFor(SLOW);
          await infra.getByLabel('Add to infra').selectOption({ label: 'Dana' });
          await infra.getByRole('button', { name: 'Add', exact: true }).click();
          await infra.getByRole('button', { name: 'Remove Dana from infra' }).waitFor(SLOW);
          expect((await cast.send(admin.token, teamRoutes.listTeams)).teams.map((team) => [team.name, team.members])).toEqual([
            ['infra', [dana.memberId]],
          ]);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `settings-teams-${name}`);

          // Dana reads the team with herself in it, and no control to change it.
          const asDana = await signIn(await (await browser.newContext({ viewport })).newPage(), cast.url, dana.token);
          try {
            await asDana.goto(`${cast.url}/settings`);
            const seen = asDana.getByTestId('team-infra');
            await seen.getByText('Dana').waitFor(SLOW);
            expect(await asDana.getByTestId('teams').getByRole('button').count()).toBe(0);
            expect(await asDana.getByLabel('New team').count()).toBe(0);
          } finally {
            await asDana.context().close();
          }

          await infra.getByRole('button', { name: 'Remove Dana from infra' }).click();
          await infra.getByText('Nobody in this team yet.').waitFor(SLOW);
          expect((await cast.send(admin.token, teamRoutes.listTeams)).teams[0]!.members).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );
  }
});
