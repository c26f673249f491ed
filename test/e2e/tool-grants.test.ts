/**
 * Issue 39 item 5, in Chromium at 1440×900 and on a 390 px phone: an access ask that names a tool
 * can be finished on the web. A person who may grant (agent.manage) is offered "Grant <tool> to
 * <agent>" in the ask itself: it adds the allow and answers the ask, verified, keeping the
 * decision's other answers. A member who may not is told who can, by name, and is offered no
 * grant. Settings has Tool grants: the agent's grants listed, one granted, one removed — checked
 * through the API; a member reads them with no form. Each state is scanned by axe.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentRoutes } from '../../domain/routes/agents';
import { accessAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { screenshot, signedInPage, WIDTHS, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SCENARIO = 300_000;
const context = 'The traffic summary reads the analytics database; the agent has no grant for it yet.';
const TOOL = 'mcp__analytics__query';

async function fileAccessDecision(me: ReturnType<typeof world>) {
  const agent = await me.agent('Ops');
  const filed = await me.file({
    question: 'Finish the traffic summary?',
    context,
    agent: agent.id,
    asks: [{ kind: 'fact', prompt: 'Which week should it cover?' }, accessAsk(TOOL)],
  });
  expect(filed.status).toBe(201);
  const id = filed.body.decision.id;
  // The other answer, given first: granting must not cost it.
  expect((await me.answer(id, 1, { kind: 'fact', text: 'Week 48' })).status).toBe(200);
  return { agent, id };
}

describe('FR-19, E8 — issue 39 item 5: an access ask naming a tool is finished on the web', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: "Grant <tool> to <agent>" grants it and answers the ask, verified, keeping the other answer`,
      async () => {
        const me = world(cast, await cast.newMember());
        const { agent, id } = await fileAccessDecision(me);
        const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${id}`, { viewport });
        const detail = page.locator('.detail');
        const grant = detail.getByRole('button', { name: `Grant ${TOOL} to Ops` });
        await grant.waitFor(SLOW);
        await screenshot(page, `grant-in-place-${name}`);
        await expectAccessible(page);
        await grant.click();
        await expect.poll(async () => (await me.decision(id)).status, SLOW).toBe('resolved');
        const decision = await me.decision(id);
        expect(decision.asks[0]?.answer?.value).toEqual({ kind: 'fact', text: 'Week 48' });
        expect(decision.asks[1]?.answer?.value).toEqual({ kind: 'access', granted: true });
        expect(decision.asks[1]?.answer?.verification).toBe('verified');
        const { grants } = await me.send(agentRoutes.listGrants, { params: { id: agent.id } });
        expect(grants.map((g) => [g.toolPattern, g.effect])).toEqual([[TOOL, 'allow']]);
        await page.close();
      },
      SCENARIO,
    );

    it(
      `at ${name} px: a member who may not grant is told who can, and is offered no grant`,
      async () => {
        const owner = world(cast, await cast.newMember());
        const { id } = await fileAccessDecision(owner);
        const member = await colleagueOf(cast.pool, owner.member, 'Mia', 'member');
        const page = await signedInPage(browser, cast.url, member.token, `/decisions?id=${id}`, { viewport });
        const detail = page.locator('.detail');
        const who = detail.getByTestId('grant-who');
        await who.waitFor(SLOW);
        // The names arrive with the members' read, which may land after the line itself.
        await expect
          .poll(() => who.textContent(), SLOW)
          .toBe(`An admin or owner grants ${TOOL} to Ops in Cast: Tester. Once they have, press "I have granted it".`);
        expect(await detail.getByTestId('grant-in-place').count()).toBe(0);
        expect(await detail.getByRole('button', { name: 'I have granted it' }).count()).toBe(1);
        await screenshot(page, `grant-who-${name}`);
        await expectAccessible(page);
        await page.close();
      },
      SCENARIO,
    );

    it(
      `at ${name} px: Settings lists an agent's tool grants, grants one and removes one`,
      async () => {
        const me = world(cast, await cast.newMember());
        const agent = await me.agent('Ops');
        await me.send(agentRoutes.addGrant, { params: { id: agent.id }, body: { toolPattern: 'mcp__mail__send', effect: 'deny' } });
        const page = await signedInPage(browser, cast.url, me.member.token, '/settings', { viewport, until: 'signed-in' });
        const section = page.locator('#grants');
        await section.getByRole('heading', { name: 'Tool grants' }).waitFor(SLOW);
        await section.getByTestId('grant-row').first().waitFor(SLOW);
        expect(await section.getByTestId('grant-row').allTextContents()).toEqual([expect.stringMatching(/^mcp__mail__sendDeny/)]);

        await section.getByLabel('Tool or pattern').fill('mcp__analytics__*');
        await section.getByRole('button', { name: 'Grant', exact: true }).click();
        await expect.poll(() => section.getByTestId('grants-status').textContent(), SLOW).toBe('Granted mcp__analytics__* to Ops.');
        await expect.poll(() => section.getByTestId('grant-row').count(), SLOW).toBe(2);
        const listed = async () =>
          (await me.send(agentRoutes.listGrants, { params: { id: agent.id } })).grants.map((g) => `${g.toolPattern}:${g.effect}`);
        expect(await listed()).toEqual(['mcp__mail__send:deny', 'mcp__analytics__*:allow']);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `settings-grants-${name}`);
        await expectAccessible(page);

        await section.getByRole('button', { name: 'Remove mcp__mail__send from Ops' }).click();
        await expect.poll(() => section.getByTestId('grant-row').count(), SLOW).toBe(1);
        expect(await listed()).toEqual(['mcp__analytics__*:allow']);
        expect(await section.getByTestId('grants-status').textContent()).toBe('Removed mcp__mail__send from Ops.');
        await page.close();
      },
      SCENARIO,
    );
  }

  it(
    'a member reads the grants with no form to change them (the API would refuse them agent.manage)',
    async () => {
      const owner = world(cast, await cast.newMember());
      const agent = await owner.agent('Ops');
      await owner.send(agentRoutes.addGrant, { params: { id: agent.id }, body: { toolPattern: TOOL, effect: 'allow' } });
      const member = await colleagueOf(cast.pool, owner.member, 'Mia', 'member');
      const page = await signedInPage(browser, cast.url, member.token, '/settings', { viewport: WIDTHS[1]!.viewport, until: 'signed-in' });
      const section = page.locator('#grants');
      await section.getByTestId('grant-row').first().waitFor(SLOW);
      expect(await section.getByTestId('grants-read-only').textContent()).toBe('An admin or owner changes grants.');
      expect(await section.getByRole('button', { name: 'Grant', exact: true }).count()).toBe(0);
      expect(await section.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      await page.close();
    },
    SCENARIO,
  );
});
