/** The web queue in a real browser: sign in with a token, see the ranked queue (first slice of the web issue). */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';

import { axeViolations } from '../support/axe';
import { NARROW, screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';

const signedIn = (token: string, path = '/decisions') => signedInPage(browser, cast.url, token, path);

describe('answering in the browser', () => {
  it('S1, S2 — the first decision is selected; approving it closes it and says the agent is picking the work back up', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id, agent: agent.id });

    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Spend $240 on the data feed?' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('1 / 1').count()).toBe(1);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('outcome').allTextContents(), { timeout: 15_000 })
      .toEqual(['Researcher is picking the work back up.']);
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual(['Answered. Researcher is picking the work back up.']);
    await expect.poll(() => page.getByTestId('counts').allTextContents()).toEqual(['0 open · 0 blocking']);
    await screenshot(page, 'resolved-1280');
  });

  it('S3 — three typed asks: two answers keep it open with "One more", the third closes it with all three recorded', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Researcher');
    // S3's Researcher is parked on it, so the pending line's promise is true (FR-31).
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const filed = await me.file({
      question: 'Set up the new data feed',
      context,
      asks: [approvalAsk(), tierAsk(), accessAsk()],
      agent: agent.id,
      session,
      run: parked.id,
    });
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Set up the new data feed' }).waitFor();
    expect(await page.getByText('Answer all 3 and Researcher picks this up where it stopped.').count()).toBe(1);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('radio', { name: /Pro/ }).check();
    await page.getByRole('button', { name: 'Answer', exact: true }).click();
    await page.getByText('One more and Researcher picks this up where it stopped.').waitFor();
    expect(await page.locator('.detail').getByText('2 of 3').count()).toBe(1);
    await page.getByRole('button', { name: 'I have granted it' }).click();
    await page.getByTestId('outcome').waitFor();
    expect(await page.getByTestId('answered-ask').count()).toBe(3);
    expect((await me.decision(filed.body.decision.id)).status).toBe('resolved');
  });

  it('issue 38 item 6: another ask answered while the first answer is still on its way is sent after it, not dropped', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({ question: 'Set up the slow data feed', context, asks: [approvalAsk(), tierAsk(), accessAsk()] });
    const id = filed.body.decision.id;
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Set up the slow data feed' }).waitFor();
    // The server is slow to take the approval: it waits until the person has answered the choice too.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/v1/decisions/${id}/asks/1/answer*`, async (route) => (await held, route.continue()));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('radio', { name: /Pro/ }).check();
    await page.getByRole('button', { name: 'Answer', exact: true }).click();
    release();
    await page
      .getByText('One more and the agent picks this up where it stopped.')
      .or(page.locator('.detail').getByText('2 of 3'))
      .first()
      .waitFor();
    await expect
      .poll(async () => (await me.decision(id)).asks.map((ask) => ask.answer?.value.kind ?? null))
      .toEqual(['approval', 'decision', null]);
  });

  it('E5 — a restart that failed says so and offers Run now, which restarts it once the host is back', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: session }, body: {} });
    await me.file({ question: 'Restart me from the web?', context, asks: [approvalAsk()], session, run: parked.id });
    const page = await signedIn(member.token);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('outcome').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Answered, but the agent could not be restarted automatically.')]);
    await me.send(sessionRoutes.sessionHeartbeat, { params: { id: session }, body: {} });
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(() => page.getByTestId('outcome').allTextContents())
      .toEqual([expect.stringContaining('The agent is picking the work back up.')]);
  });

  it('S4 — Reject asks for a reason tied to the control, and the rejection is recorded with it', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({ question: 'Send the apology email?', context, asks: [approvalAsk('Send the apology email to ACME')] });
    const page = await signedIn(member.token);
    await page.getByRole('button', { name: 'Reject' }).click();
    const reason = page.getByLabel('Why? (required)');
    expect(await page.getByText('One sentence is enough. This is what the agent learns from.').count()).toBe(1);
    // FR-65: the ask's control is a group named by its prompt, and the required reason is tied to
    // it — the group is described by the block that holds the field — and marked required.
    const control = page.getByRole('group', { name: 'Send the apology email to ACME' });
    const describedBy = await control.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).getByLabel('Why? (required)').count()).toBe(1);
    expect(await reason.evaluate((field) => (field as unknown as { required: boolean }).required)).toBe(true);
    const confirm = page.getByRole('button', { name: 'Confirm rejection' });
    expect(await confirm.isDisabled()).toBe(true);
    await reason.fill('Legal has not cleared the wording.');
    await confirm.click();
    await expect
      .poll(async () => (await me.decision(filed.body.decision.id)).asks[0]?.answer?.reason)
      .toBe('Legal has not cleared the wording.');
  });

  it('S5 — picking against the recommendation makes the reason required', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const filed = await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token);
    await page.getByRole('radio', { name: /Basic/ }).check();
    const answer = page.getByRole('button', { name: 'Answer' });
    expect(await answer.isDisabled()).toBe(true);
    await page.getByLabel('Why? (required)').fill('Daily updates are enough for now.');
    await answer.click();
    await expect
      .poll(async () => (await me.decision(filed.body.decision.id)).asks[0]?.answer)
      .toMatchObject({
        value: { selected: [1] },
        reason: 'Daily updates are enough for now.',
      });
  });
});

describe('the keyboard (§6.17)', () => {
  it('j/k move, 1 focuses an ask, n opens the reason, keys are inert in it, Esc returns to the list, y approves, ? lists every key', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const first = (await me.file({ question: 'First: approve the spend?', context, asks: [approvalAsk()], confidence: 0.9 })).body.decision
      .id;
    const second = (
      await me.file({ question: 'Second: approve the email?', context, asks: [approvalAsk('Send the email')], confidence: 0.4 })
    ).body.decision.id;
    const page = await signedIn(member.token);
    const current = () => page.locator('[aria-current="true"] [data-card]').getAttribute('data-card');
    await expect.poll(current).toBe(first);

    await page.keyboard.press('j');
    await expect.poll(current).toBe(second);
    await page.keyboard.press('k');
    await expect.poll(current).toBe(first);
    await page.getByRole('heading', { name: 'First: approve the spend?' }).waitFor();

    // 1 lands on the approval ask itself, never on Approve: a second key cannot approve by Enter.
    await page.keyboard.press('1');
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { activeElement: { tagName: string } } }).document.activeElement.tagName,
      ),
    ).toBe('FIELDSET');
    await page.keyboard.press('n');
    const reason = page.getByLabel('Why? (required)');
    await reason.waitFor();
    await expect.poll(() => reason.evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
    await page.keyboard.type('jk');
    expect(await reason.inputValue()).toBe('jk');
    await expect.poll(current).toBe(first);
    await page.keyboard.press('Escape');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string } } }
          ).document.activeElement.getAttribute('data-card'),
        ),
      )
      .toBe(first);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('y');
    await expect.poll(async () => (await me.decision(first)).status).toBe('resolved');

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard' });
    await sheet.waitFor();
    // Every binding (§6.17's fourteen, Esc in a dialog, and f for For me / Everyone), counted without the header row.
    expect(await sheet.locator('tbody tr').count()).toBe(16);
    await screenshot(page, 'keyboard-help-1280');
  });

  it('e archives the current decision', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (await me.file({ question: 'Archive me by key?', context, asks: [tierAsk()] })).body.decision.id;
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Archive me by key?' }).waitFor();
    await page.keyboard.press('e');
    await expect.poll(async () => (await me.decision(id)).status).toBe('archived');
  });
});

describe('queue states and links', () => {
  it('E17 — 140 open: 25 rendered, the walker reads 1 / 140, and Load 25 more is explicit', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    for (let batch = 0; batch < 14; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => me.filePatiently({ question: `Q${batch * 10 + i}`, context, asks: [tierAsk()] })),
      );
    }
    const page = await signedIn(member.token);
    await expect.poll(() => page.getByTestId('card').count()).toBe(25);
    await expect.poll(() => page.getByTestId('counts').allTextContents()).toEqual(['140 open · 140 blocking']);
    // The walker is drawn with the detail pane, which loads after the list.
    await expect.poll(() => page.locator('.walker').allTextContents()).toEqual(['1 / 140']);
    await page.getByRole('button', { name: 'Load 25 more' }).click();
    await expect.poll(() => page.getByTestId('card').count()).toBe(50);
  });

  it('E13 — a failed read shows the error state with Try again, never an empty queue', async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'Still here?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token, '/');
    let failing = true;
    await page.route('**/api/v1/decisions?**', (route) => (failing ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
    await page.getByRole('tab', { name: 'Answered' }).click();
    await page.getByRole('tab', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Could not load your decisions.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'No decisions yet.' }).count()).toBe(0);
    expect(await page.getByText('Last known: 1 open, 1 minute ago.').count()).toBe(1);
    expect(await page.getByTestId('card').count()).toBe(0);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByTestId('card').count()).toBe(1);
  });

  it('S10 — a filtered link opens the queue filtered to that task, its decision selected', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const task = await me.task('Refresh the pricing page');
    await me.file({ question: 'Unrelated question', context, asks: [tierAsk()] });
    await me.file({ question: 'Which feed for the pricing page?', context, asks: [tierAsk()], task: task.id });
    const page = await signedIn(member.token, `/decisions?task=${task.id}`);
    await expect
      .poll(() => page.getByTestId('card').allTextContents())
      .toEqual([expect.stringContaining('Which feed for the pricing page?')]);
    await page.getByRole('heading', { name: 'Which feed for the pricing page?' }).waitFor();
    expect(page.url()).toContain(`task=${task.id}`);
  });
});

describe('list mode', () => {
  it("groups cards by the session's scope and shows agent · task · age on each", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const agent = await me.agent('Editor');
    const task = await me.task('Refresh the pricing page');
    await me.file({
      question: 'In notes?',
      context,
      asks: [tierAsk()],
      session: await me.session(),
      scope: 'notes',
      agent: agent.id,
      task: task.id,
    });
    await me.file({ question: 'In billing?', context, asks: [tierAsk()], session: await me.session(), scope: 'billing' });
    const page = await signedIn(member.token);
    await expect.poll(() => page.locator('h2.scope').allTextContents()).toEqual(['notes', 'billing']);
    const card = page.getByTestId('card').filter({ hasText: 'In notes?' });
    // Asked in a session: its age and the messages since, as `cast decide ls` says them.
    expect(await card.locator('.meta').textContent()).toBe('Editor · Refresh the pricing page · asked just now, 0 messages since');
  });
});

describe('loading', () => {
  it('§6.6 — while the read is in flight: skeleton cards, no counts (never 0), no controls', async () => {
    const member = await cast.newMember();
    await world(cast, member).file({ question: 'Slow read?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/decisions?**', async (route) => (await held, route.continue()));
    await page.reload();
    await page.getByTestId('skeleton').waitFor();
    expect(await page.getByTestId('counts').count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    release();
    await expect.poll(() => page.getByTestId('counts').allTextContents()).toEqual(['1 open · 1 blocking']);
    expect(await page.getByTestId('skeleton').count()).toBe(0);
  });
});

describe('empty states', () => {
  it('E12 — a new workspace explains decisions; E11 — after a quiet two weeks the queue says so, not "all done"', async () => {
    const fresh = await cast.newMember();
    const first = await signedIn(fresh.token);
    await first.getByRole('heading', { name: 'No decisions yet.' }).waitFor();
    expect(await first.getByText('Nothing has needed you').count()).toBe(0);

    const quiet = await cast.newMember();
    const me = world(cast, quiet);
    const id = (await me.file({ question: 'Long ago?', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await cast.pool.query("update decisions set created_at = now() - interval '20 days' where id = $1", [id]);
    const page = await signedIn(quiet.token);
    await page.getByRole('heading', { name: 'Nothing needs you right now.' }).waitFor();
    expect(
      await page.getByText('That is either very good news, or your agents are deciding things they should be asking you about.').count(),
    ).toBe(1);
    expect(await page.getByText('Nothing has needed you in 20 days.').count()).toBe(1);
  });
});

describe('modes, sizes and documents', () => {
  it('step mode shows one decision at full width and advances when it is answered', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({ question: 'Step one?', context, asks: [approvalAsk()], confidence: 0.9 });
    await me.file({ question: 'Step two?', context, asks: [approvalAsk()], confidence: 0.1 });
    const page = await signedIn(member.token, '/questions?mode=step');
    await page.getByRole('heading', { name: 'Step one?' }).waitFor();
    expect(await page.getByTestId('card').first().isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('heading', { name: 'Step two?' }).waitFor();
    expect(page.url()).toContain('mode=step');
  });

  it('at 375 px the panes stack: the list, then the decision with a back control and the walker', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({ question: 'Narrow one?', context, asks: [tierAsk()] });
    await me.file({ question: 'Narrow two?', context, asks: [tierAsk()] });
    const page = await signedIn(member.token);
    await page.setViewportSize(NARROW);
    await expect.poll(() => page.locator('.detail').isVisible()).toBe(false);
    await screenshot(page, 'queue-375');
    await page.getByTestId('card').nth(1).click();
    await expect.poll(() => page.locator('.detail').isVisible()).toBe(true);
    expect(await page.getByTestId('card').first().isVisible()).toBe(false);
    expect(await page.locator('.walker').textContent()).toBe('2 / 2');
    await screenshot(page, 'detail-375');
    await page.getByRole('button', { name: 'Back to My Decisions' }).click();
    await expect.poll(() => page.getByTestId('card').first().isVisible()).toBe(true);
  });

  it('the document page embeds the report in a sandboxed frame whose scripts cannot reach the queue', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const report =
      '<html><body><h1>Drop analysis</h1><script>parent.document.title = "owned"; document.title = "ran"</script></body></html>';
    const filed = await me.file({ question: 'Drop agent_runs_v1?', context, asks: [approvalAsk()], report });
    const page = await signedIn(member.token);
    await page.goto(`${cast.url}/decisions/${filed.body.decision.id}`);
    const frame = page.locator('iframe.agent-html');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin');
    await expect.poll(() => page.frameLocator('iframe.agent-html').getByRole('heading', { name: 'Drop analysis' }).count()).toBe(1);
    // (The queue's own title counts what is open: "(1) Cast".)
    expect(await page.title()).toMatch(/^(\(\d+\) )?Cast$/);
    await page.getByRole('heading', { name: 'Drop agent_runs_v1?' }).waitFor();
    await page.goto(`${cast.url}/decisions/sd-999999999`);
    await page.getByRole('heading', { name: 'Not found.' }).waitFor();
  });
});

describe('accessibility', () => {
  it('axe finds no WCAG 2.1 A/AA violation in the list, the detail with all five ask controls, a reason field, and the key sheet', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({
      question: 'Set up the new data feed',
      context,
      asks: [
        approvalAsk(),
        tierAsk(),
        { kind: 'fact', prompt: 'What is the VAT rate we charge in Ireland?' },
        accessAsk('mcp__analytics__query'),
        { kind: 'action', prompt: 'Sign the supplier agreement in the finance portal.' },
      ],
    });
    const page = await signedIn(member.token);
    await page.getByRole('heading', { name: 'Set up the new data feed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('radio', { name: /Basic/ }).check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'all-controls-1280');

    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('web queue', () => {
  it('signs in with a token and shows My Decisions with its counts, blocking first, agent text as text', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await me.file({ question: 'Advisory: back off or switch keys?', context, asks: [tierAsk()], mode: 'advisory', defaultOption: 1 });
    await me.file({ question: 'Blocking: <img src=x onerror="window.__pwned=1"> which tier?', context, asks: [tierAsk()] });

    const page = await browser.newPage();
    await page.goto(`${cast.url}/decisions`);
    await page.getByLabel('Token').fill(member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => page.getByRole('heading', { name: 'My Decisions' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('counts').allTextContents()).toEqual(['2 open · 1 blocking']);
    const cards = await page.getByTestId('card').allTextContents();
    expect(cards[0]).toContain('Blocking: <img src=x onerror="window.__pwned=1"> which tier?');
    expect(cards[1]).toContain('Advisory: back off or switch keys?');
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The cookie is httpOnly: scripts on the page cannot read the session.
    expect(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('');
    await screenshot(page, 'queue-1280');

    await page.getByRole('tab', { name: 'Answered' }).click();
    await expect
      .poll(() => page.getByTestId('empty-tab').textContent())
      .toBe('Nothing answered yet. What you answer is kept here, with who answered it and when.');
    expect(page.url()).toContain('?tab=answered');
  });

  it('a wrong token is refused on the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${cast.url}/`);
    await page.getByLabel('Token').fill('cast_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['That token is not valid. Check it and try again.']);
  });
});
