/**
 * Issue 39 item 3, in a real browser at 1440×900 and on a 390 px phone. The health line fits
 * what is open: a burst of 16 decisions that were all set aside reads "Flooded — 16 decisions in
 * the last 24 hours; none is open now." above "Nothing needs you right now.", with no advice to
 * answer or archive. And a host's permission prompts recur by tool and input pattern: three
 * `git status` prompts are "Asked 3 times" while `git push` and `ls` are not, and the note says
 * these are the host's permission prompts and points at its allow list, never at the agent's
 * instructions. And when most of what the health line's culprit opened were its host's
 * permission prompts (FR-54), the line says so and points at the host's permission settings, with
 * no advice about, and no link to, the agent's instructions. Each state is scanned by axe and
 * photographed.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, ViewportSize } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { agentTokenOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** The widths issue 39 was tried at. */
const WIDTHS: Array<[string, ViewportSize]> = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
];
const SCENARIO = 300_000;
const SLOW = { timeout: 30_000 };
const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** A member whose Claude Code host files `prompts` "Allow Bash?" prompts; returns its agent's world. */
async function claudeCodeHost(member: Awaited<ReturnType<TestCast['newMember']>>, prompts: number) {
  const token = await agentTokenOf(cast.pool, member, 'Claude Code');
  const agent = world(cast, token);
  const session = randomUUID();
  for (let n = 0; n < prompts; n += 5) {
    const filed = await Promise.all(
      Array.from({ length: Math.min(5, prompts - n) }, (_, i) =>
        agent.send(sessionRoutes.fileHostPrompt, {
          params: { id: session },
          body: { kind: 'permission', tool: 'Bash', toolInput: { command: `npm run build:${n + i}` }, requestId: `toolu_${randomUUID()}` },
        }),
      ),
    );
    expect(filed).toHaveLength(Math.min(5, prompts - n));
  }
  return agent;
}

describe('FR-52, FR-56, issue 39 item 3: the health line and recurring host prompts say what is true', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`issue 39 item 3 (${label} px): a flood all set aside says what happened, and advises nothing`, { timeout: SCENARIO }, async () => {
      const me = world(cast, await cast.newMember());
      const researcher = await me.agent('Researcher');
      // The roll-up, taken before any of them, as the hourly schedule would have been.
      await rollUpHealth(cast.pool, me.member.workspaceId);
      for (let n = 0; n < 16; n += 4) {
        const filed = await Promise.all(
          [0, 1, 2, 3].map((i) => me.file({ question: `Burst question ${n + i}?`, context, asks: [tierAsk()], agent: researcher.id })),
        );
        for (const reply of filed) expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      }
      expect((await me.send(decisionRoutes.archiveAll, { body: {} })).result.archived).toBe(16);

      const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport });
      await page.getByText('Nothing needs you right now.').waitFor(SLOW);
      const line = page.getByTestId('health');
      await expect.poll(() => line.getAttribute('data-band'), SLOW).toBe('flooded');
      expect(await line.getByTestId('health-line').textContent()).toBe('Flooded — 16 decisions in the last 24 hours; none is open now.');
      expect(await line.textContent()).not.toMatch(/Answer what matters|archive the rest/);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `issue39-flood-none-open-${label}`);
      await page.close();
    });

    it(
      `FR-54, issue 39 item 3 (${label} px): a flood of the host's permission prompts points at its permission settings, not the instructions`,
      { timeout: SCENARIO },
      async () => {
        const member = await cast.newMember();
        const me = world(cast, member);
        await rollUpHealth(cast.pool, member.workspaceId);
        // Claude Code's host asks 20 times, its agent files 4 decisions of its own, Editor files 6: 30 open.
        const claude = await claudeCodeHost(member, 20);
        for (let n = 0; n < 4; n += 1) {
          const reply = await claude.file({ question: `Which build target first, ${n}?`, context, asks: [tierAsk()] });
          expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        }
        const editor = await me.agent('Editor');
        for (let n = 0; n < 6; n += 1) {
          const reply = await me.file({ question: `Which chapter first, ${n}?`, context, asks: [tierAsk()], agent: editor.id });
          expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        }

        const page = await signedInPage(browser, cast.url, member.token, '/decisions', { viewport });
        const flooded = page.getByRole('region', { name: 'Queue health: Flooded' });
        await flooded.waitFor(SLOW);
        // The band counts all 30; the culprit's advice is the host's, and the instructions are neither advised nor linked.
        expect(await flooded.locator('.health-text').textContent()).toBe(
          "Flooded — 30 open. Answer what matters, archive the rest. Most of them: Claude Code. 20 of its 24 are its host's permission prompts: an allow rule in the host's permission settings stops them, not its instructions.",
        );
        expect(await flooded.getByRole('link', { name: 'Open instructions' }).count()).toBe(0);
        expect(await flooded.getByRole('link').count()).toBe(0);
        expect(await flooded.textContent()).not.toMatch(/fix the instructions|instructions could answer/);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `issue39-health-host-prompts-${label}`);
        await page.close();
      },
    );

    it(
      `issue 39 item 3 (${label} px): permission prompts recur by command; the note points at the host's allow list`,
      { timeout: SCENARIO },
      async () => {
        const member = await cast.newMember();
        const token = await agentTokenOf(cast.pool, member, 'Claude Code');
        const agent = world(cast, token);
        const session = randomUUID();
        const prompt = async (command: string) =>
          (
            await agent.send(sessionRoutes.fileHostPrompt, {
              params: { id: session },
              body: { kind: 'permission', tool: 'Bash', toolInput: { command }, requestId: `toolu_${randomUUID()}` },
            })
          ).decision.id;
        const others = [await prompt('git push origin main'), await prompt('ls -la')];
        const statuses = [await prompt('git status'), await prompt('git status --short'), await prompt('git status -uno')];

        const page = await signedInPage(browser, cast.url, member.token, `/decisions?id=${statuses[2]}`, { viewport });
        const card = (id: string) => page.locator(`[data-card="${id}"]`);
        await page.getByTestId('recurring-note').waitFor(SLOW);
        expect(await card(statuses[2]!).getByTestId('recurring').textContent()).toBe('⟳ Asked 3 times');
        for (const id of others) expect(await card(id).getByTestId('recurring').count()).toBe(0);

        const note = page.getByTestId('recurring-note');
        expect(await note.locator('p').allTextContents()).toEqual([
          "⟳ Claude Code's host has asked to run Bash (git status) 3 times in 14 days.",
          "These are the host's permission prompts, not questions from the agent's instructions: an allow rule in the host's permission settings stops them (in Claude Code, Bash(git status:*) under permissions.allow).",
        ]);
        expect(await note.getByRole('link').count()).toBe(0);
        expect(await page.getByText(/Write this into .* instructions/).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `issue39-permission-recurring-${label}`);
        await page.close();
      },
    );
  }
});
