/**
 * Every word from the catalogue (AW-03 FR-63, §6.18; issue 20), in a real browser: the copy
 * §6.18 fixes, word for word, where the web had drifted from it; and the strings the server
 * sends as codes and values — the pending line, risk words, the over-limit note, a refusal —
 * said in the catalogue's words even when the server's English says something else.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';

import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { seriousViolations } from '../support/axe';
import { WIDE, screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { agentTokenOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A poll's patience: the machine is shared, so waits are generous. */
const SLOW = { timeout: 15_000 };
/** What the server would say if the web showed its English: never on screen. */
const SERVER_WORDS = 'THE SERVER SAID THIS';

const signedIn = (token: string, path = '/decisions') =>
  signedInPage(browser, cast.url, token, path, { viewport: WIDE, until: 'signed-in' });

const detail = (page: Page) => page.locator('.detail');
const toast = (page: Page) => page.getByTestId('toast').allTextContents();
const focusedId = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id ?? null);

/**
 * Answers the browser's reads of one decision with the server's own answer, rewritten by
 * `change`; returns how many reads it rewrote, so a test knows the page saw the rewrite.
 */
async function rewriteRead(
  page: Page,
  id: string,
  change: (body: { decision: DecisionView; detail: Record<string, unknown> }) => void,
): Promise<() => number> {
  let rewritten = 0;
  await page.route(`**/api/v1/decisions/${id}`, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    change(body);
    rewritten += 1;
    await route.fulfill({ response, json: body });
  });
  return () => rewritten;
}

describe('§6.18 copy, word for word', () => {
  it('§6.18 "Archive {count} decisions?" — a single decision reads "Archive 1 decision?"', async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'The only one?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token);
    await page.getByRole('button', { name: 'Archive all' }).click(SLOW);
    const dialog = page.getByRole('dialog', { name: 'Archive 1 decision?' });
    await dialog.waitFor(SLOW);
    expect(await page.getByText('Archive 1 decisions?').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Archive 1' }).count()).toBe(1);
  });

  it('S2 — approving says "Answered. Researcher is picking the work back up." in the toast', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id, agent: agent.id });
    const page = await signedIn(member.token);
    await detail(page).getByRole('button', { name: 'Approve', exact: true }).click(SLOW);
    await expect.poll(() => toast(page), SLOW).toEqual(['Answered. Researcher is picking the work back up.']);
    // The pane's own line is §6.5's, without the prefix the toast adds.
    expect(await page.getByTestId('outcome').textContent()).toBe('Researcher is picking the work back up.');
  });

  it('cast-decide "Permission prompts in the same queue" — a permission card\'s controls are Approve and Deny, a reason optional; an approval ask keeps Reject', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    await me.send(sessionRoutes.appendMessage, {
      params: { id: session },
      body: { role: 'assistant', body: 'I will clean up the build directory next.' },
    });
    const id = (
      await me.send(sessionRoutes.fileHostPrompt, {
        params: { id: session },
        body: { kind: 'permission', tool: 'Bash', input: 'rm -rf build/' },
      })
    ).decision.id;
    const page = await signedIn(me.member.token);
    await page.getByRole('heading', { name: 'Allow Bash?', level: 2 }).waitFor(SLOW);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      // Below 768 px the list comes first; the card opens in the pane that replaces it (§6.15).
      await page.goto(`${cast.url}/decisions?id=${id}`);
      await detail(page).getByRole('button', { name: 'Deny' }).waitFor(SLOW);
      expect(await detail(page).getByRole('button', { name: 'Deny' }).count()).toBe(1);
      expect(await detail(page).getByRole('button', { name: 'Reject' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
    // Deny answers at once; the optional reason under the buttons goes with it.
    await detail(page).getByLabel('Why? (optional)').fill('Not outside the repo.');
    await detail(page).getByRole('button', { name: 'Deny' }).click();
    await expect
      .poll(async () => (await me.decision(id)).asks[0]!.answer, SLOW)
      .toMatchObject({ value: { kind: 'approval', decision: 'reject' }, reason: 'Not outside the repo.' });
    await expect.poll(() => detail(page).getByTestId('answered-line').textContent(), SLOW).toMatch(/^Denied by you · /);
    await screenshot(page, 'permission-deny-390');

    // An agent's approval ask is §6.18's "Approve · Reject · Confirm rejection".
    const filed = (await me.file({ question: 'Spend $240?', context, asks: [approvalAsk()] })).body.decision.id;
    await page.setViewportSize(WIDE);
    await page.goto(`${cast.url}/decisions?id=${filed}`);
    await detail(page).getByRole('button', { name: 'Reject' }).click(SLOW);
    expect(await detail(page).getByRole('button', { name: 'Deny' }).count()).toBe(0);
    await detail(page).getByLabel('Why? (required)').fill('Over budget.');
    await detail(page).getByRole('button', { name: 'Confirm rejection' }).click();
    await expect.poll(async () => (await me.decision(filed)).asks[0]!.answer?.reason, SLOW).toBe('Over budget.');
  });

  it('Activity — an edit reads "edited by <who>", never "edited by its agent by you"', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const bot = world(cast, await agentTokenOf(cast.pool, member, 'Deployer', 'ci runner'));
    const byAgent = (await bot.file({ question: 'Deploy now?', context, asks: [approvalAsk()] })).body.decision.id;
    await bot.send(decisionRoutes.editDecision, { params: { id: byAgent }, body: { context: `${context} The build is green.` } });
    const byMe = (await me.file({ question: 'Roll back?', context, asks: [approvalAsk()] })).body.decision.id;
    await me.send(decisionRoutes.editDecision, { params: { id: byMe }, body: { context: `${context} The rollback is tested.` } });

    const page = await signedIn(member.token, '/activity');
    const edited = page.locator('[data-testid="activity-entry"][data-kind="edited"]');
    await expect.poll(() => edited.count(), SLOW).toBe(2);
    // The entry up to its time: 'Decision "<question>" edited by …' (the id is the link's target).
    const line = async (id: string) =>
      ((await edited.filter({ has: page.locator(`a[href="/decisions?id=${id}"]`) }).textContent()) ?? '').replace(/ · .*$/, '');
    expect(await line(byAgent)).toBe('Decision "Deploy now?" edited by Deployer (token “ci runner”)');
    expect(await line(byMe)).toBe('Decision "Roll back?" edited by you');
    expect(await page.getByText('edited by its agent').count()).toBe(0);
  });

  it('§6.11 "Filtered by" — a search reads Search = "registration", not "Search decisions = registration"', async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'Close the registration form early?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token, '/decisions?q=registration');
    await page.getByRole('button', { name: 'Archive all' }).click(SLOW);
    const dialog = page.getByRole('dialog', { name: 'Archive 1 decision?' });
    await dialog.waitFor(SLOW);
    expect(await dialog.getByText('Filtered by: Search = "registration"', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('Search decisions =').count()).toBe(0);
  });

  it('§6.8 — the first-run state offers Open Agents, which lists the agents with their instructions', async () => {
    const member = await cast.newMember();
    const agent = await world(cast, member).agent('Researcher');
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'No decisions yet.' }).waitFor(SLOW);
    await page.getByRole('link', { name: 'Open Agents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe('/agents');
    const researcher = page.getByTestId('agent').filter({ hasText: 'Researcher' });
    expect(await researcher.getByText('No instructions yet.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'agents-1280');
    await researcher.getByRole('link', { name: 'Open instructions for Researcher' }).click();
    await page.getByRole('heading', { level: 1, name: 'Instructions for Researcher' }).waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe(`/agents/${agent.id}/instructions`);
  });

  it('§6.7 — the quiet state offers Safety rails beside Review recent Runs, and it lands on the rails', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (await me.file({ question: 'Long ago?', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await cast.pool.query("update decisions set created_at = now() - interval '20 days' where id = $1", [id]);
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Nothing needs you right now.' }).waitFor(SLOW);
    const empty = page.locator('section.empty');
    expect(await empty.getByRole('link', { name: 'Review recent Runs' }).count()).toBe(1);
    await empty.getByRole('link', { name: 'Safety rails' }).click();
    await page.getByRole('heading', { level: 2, name: 'Safety rails' }).waitFor(SLOW);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/agents#safety-rails');
    await expect.poll(() => focusedId(page)).toBe('safety-rails-title');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('FR-63 — the web words what the server sends as codes and values', () => {
  it("the pending line (§6.18) and the over-limit note (E10) are the catalogue's, whatever the server's English says", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const asks = Array.from({ length: 14 }, (_, index) => ({ kind: 'fact', prompt: `Question ${index + 1}?` }));
    const id = (await me.file({ question: 'Fourteen questions at once', context, asks })).body.decision.id;
    const page = await browser.newPage({ viewport: WIDE });
    const rewritten = await rewriteRead(page, id, (body) => {
      body.decision.notes = [SERVER_WORDS];
      body.detail.lines = { pending: SERVER_WORDS, delivery: null };
    });
    await page.goto(`${cast.url}/decisions?id=${id}`);
    await page.getByLabel('Token').fill(member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Fourteen questions at once' }).waitFor(SLOW);
    expect(rewritten()).toBeGreaterThan(0);
    expect(await page.getByTestId('pending').textContent()).toBe("Answer all 10 and your answers are recorded for the agent's next check.");
    expect(await page.getByTestId('over-limit').textContent()).toContain(
      '4 further questions were not recorded — this decision was too long.',
    );
    expect(await page.getByText(SERVER_WORDS).count()).toBe(0);
  });

  it("an approval's risks are its flags in the catalogue's words (§6.3 RISKS), not the ask's English", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const { decisionId } = (
      await me.send(approvalRoutes.proposeApproval, {
        body: { actionType: 'override_budget', summary: 'Approve the $240 spend on the data feed', risks: ['spends_money', 'recurring'] },
      })
    ).approval;
    // An approval from a person carries a decision into the queue.
    if (!decisionId) throw new Error('the approval filed no decision');
    const page = await browser.newPage({ viewport: WIDE });
    const rewritten = await rewriteRead(page, decisionId, (body) => {
      const ask = body.decision.asks[0]!;
      if (ask.kind === 'approval') ask.risks = [SERVER_WORDS];
    });
    await page.goto(`${cast.url}/decisions?id=${decisionId}`);
    await page.getByLabel('Token').fill(member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const risks = detail(page).getByTestId('risks');
    await risks.waitFor(SLOW);
    expect(rewritten()).toBeGreaterThan(0);
    expect(await risks.getByRole('listitem').allTextContents()).toEqual(['Spends real money', 'Recurring until cancelled']);

    // An agent's own approval ask says its risks in its own words: those are content, not copy.
    const filed = await me.file({ question: 'Spend it?', context, asks: [approvalAsk()] });
    await page.goto(`${cast.url}/decisions?id=${filed.body.decision.id}`);
    await detail(page).getByRole('heading', { name: 'Spend it?' }).waitFor(SLOW);
    expect(await detail(page).getByTestId('risks').getByRole('listitem').allTextContents()).toEqual(['Recurring monthly charge']);
  });

  it("E8 — the access refusal is §6.18's words from its code, whatever the problem's detail says", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent();
    const id = (await me.file({ question: 'Analytics access', context, asks: [accessAsk('mcp__analytics__query')], agent: agent.id })).body
      .decision.id;
    const page = await signedIn(member.token, `/decisions?id=${id}`);
    let refusals = 0;
    // The answer carries its query (`?detail=true`, the reply the web writes into its cache).
    await page.route(`**/api/v1/decisions/${id}/asks/1/answer*`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      refusals += response.status() === 409 ? 1 : 0;
      await route.fulfill({ response, json: { ...body, detail: SERVER_WORDS } });
    });
    await detail(page).getByRole('button', { name: 'I have granted it' }).click(SLOW);
    const alert = detail(page).getByRole('alert');
    await alert.waitFor(SLOW);
    expect(refusals).toBe(1);
    expect(await alert.textContent()).toBe('That access still is not granted. Nothing was changed.');
    expect(await page.getByText(SERVER_WORDS).count()).toBe(0);
    expect((await me.decision(id)).status).toBe('open');
  });
});
