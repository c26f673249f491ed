/**
 * Issue 41 items 1-2 in a real browser, at 1440 px and on a 390 px phone: the queue opens on
 * "For me" (mine, my team's, nobody's) and shows Everyone one key (f) or one press away; cards
 * say whom each is for; "I'm on it" claims one and the others see who is on it; where only
 * assignees answer, the card says who may instead of offering controls; an admin changes the
 * setting in Settings. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assignmentRoutes } from '../../domain/routes/assignments';
import { decisionRoutes } from '../../domain/routes/decisions';
import { teamRoutes } from '../../domain/routes/teams';
import { axeViolations } from '../support/axe';
import { colleagueOf } from '../support/members';
import { screenshot, signIn } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 15_000 };
const SCENARIO = 150_000;

const approval = (question: string, to?: string) => ({
  question,
  context: 'Filed by the assignment scenario.',
  asks: [{ kind: 'approval' as const, prompt: question, action: { summary: question } }],
  ...(to ? { to } : {}),
});

async function file(member: Member, question: string, to?: string): Promise<string> {
  return (await cast.send(member.token, decisionRoutes.fileDecision, { body: approval(question, to) })).decision.id;
}

const cardIds = (page: Page) => page.locator('[data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));

describe('issue 41 items 1-2: For me, claims and who may answer, in the browser', () => {
  for (const [name, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(
      `at ${name} px: For me and Everyone, "I'm on it", and the card that says who may answer`,
      async () => {
        const owner = await cast.newMember();
        const admin = await colleagueOf(cast.pool, owner, 'Ada Admin', 'admin');
        const dana = await colleagueOf(cast.pool, owner, 'Dana Scully', 'member');
        const sam = await colleagueOf(cast.pool, owner, 'Sam Vimes', 'member');
        await cast.send(admin.token, teamRoutes.createTeam, { body: { name: 'infra', members: [dana.memberId] } });
        const toDana = await file(owner, 'Drop the staging table?', '@dana');
        const toInfra = await file(owner, 'Rotate the TLS keys?', 'team:infra');
        const toSam = await file(owner, 'Refund order 88?', '@sam');
        const toNobody = await file(owner, 'Ship on Friday?');

        const context = await browser.newContext({ viewport });
        try {
          const page = await signIn(await context.newPage(), cast.url, dana.token);
          await page.goto(`${cast.url}/decisions`);
          await page.locator(`[data-card="${toInfra}"]`).waitFor(SLOW);
          expect(await page.locator('[data-audience="me"]').getAttribute('aria-pressed')).toBe('true');
          expect(new Set(await cardIds(page))).toEqual(new Set([toDana, toInfra, toNobody]));
          expect(await page.locator(`[data-card="${toDana}"] [data-testid="assignee-chip"]`).textContent()).toBe('For you');
          expect(await page.locator(`[data-card="${toInfra}"] [data-testid="assignee-chip"]`).textContent()).toBe('For team infra');
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `for-me-${name}`);

          // Everyone: one key on a keyboard, one press on a phone; the address keeps it.
          if (name === '1440') {
            await page.locator('h1').focus();
            await page.keyboard.press('f');
          } else await page.locator('[data-audience="everyone"]').click();
          await page.locator(`[data-card="${toSam}"]`).waitFor(SLOW);
          expect(new URL(page.url()).searchParams.get('for')).toBe('everyone');
          expect(await page.locator(`[data-card="${toSam}"] [data-testid="assignee-chip"]`).textContent()).toBe('For Sam Vimes');

          // "I'm on it": the line says so here, and the others read who is on it.
          await page.locator(`[data-card="${toInfra}"]`).click();
          const assignment = page.getByTestId('assignment');
          await assignment.getByText('For team infra').waitFor(SLOW);
          await assignment.getByRole('button', { name: "I'm on it" }).click();
          await assignment.getByText('For team infra · You are on it').waitFor(SLOW);
          const seen = await cast.send(admin.token, decisionRoutes.getDecision, { params: { id: toInfra } });
          expect(seen.detail.assignment.claimedBy?.name).toBe('Dana Scully');
          expect(await axeViolations(page)).toEqual([]);

          // Only assignees answer now: Sam's decision says who may, and offers Dana no control.
          await cast.send(admin.token, assignmentRoutes.updateAnswerSettings, { body: { whoMayAnswer: 'assignees' } });
          await page.goto(`${cast.url}/decisions?for=everyone&id=${toSam}`);
          await page.getByTestId('not-assignee').getByText('Only Sam Vimes or an admin answer this decision here.').waitFor(SLOW);
          expect(await page.locator('.detail').getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `not-assignee-${name}`);

          // Away (item 5): Dana hands her decisions to Sam until tomorrow; the list says so, and Sam holds them.
          await page.goto(`${cast.url}/settings`);
          const away = page.getByTestId('away');
          await away.getByRole('combobox', { name: 'Hand my decisions to' }).selectOption({ label: 'Sam Vimes' }, SLOW);
          const tomorrow = new Date(Date.now() + 86_400_000);
          const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
          await away.getByLabel('until').fill(local);
          await away.getByRole('button', { name: 'Hand them over' }).click();
          await away.getByText(/Sam Vimes covers for Dana Scully until/).waitFor(SLOW);
          const sams = await cast.send(sam.token, decisionRoutes.listQueue, { query: { for: 'me' } });
          expect(sams.decisions.map((card) => card.id)).toContain(toDana);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `away-${name}`);
        } finally {
          await context.close();
        }

        // The admin turns it back in Settings.
        const adminContext = await browser.newContext({ viewport });
        try {
          const page = await signIn(await adminContext.newPage(), cast.url, admin.token);
          await page.goto(`${cast.url}/settings`);
          const section = page.getByTestId('who-may-answer');
          await section.getByRole('combobox', { name: 'Who may answer' }).selectOption('anyone', SLOW);
          await section.getByText('Saved: Anyone.').waitFor(SLOW);
          expect((await cast.send(dana.token, assignmentRoutes.getAnswerSettings, {})).settings.whoMayAnswer).toBe('anyone');
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await adminContext.close();
        }
      },
      SCENARIO,
    );
  }
});
