/**
 * Issue 43 item 2: an ACP agent's questions (`elicitation/create`, form or URL) become Cast cards,
 * through the real, compiled `cast acp` and a real ACP agent written with the official SDK
 * (test/support/hosts/acp/elicitation-agent.ts), which says the answer it got:
 *   - headless: Cast advertises both modes; a form's answers reach the agent typed (the option's
 *     const, a parsed integer, true / false, a list); a number that is not one is never sent — the
 *     agent hears decline, and the session's log says why; a URL question shows the URL and host
 *     and "Opened it and finished" is accept; Cast unreachable, the agent hears decline, no value;
 *   - with the test as the editor: `session/cancel` withdraws the card and the agent hears cancel;
 *     an editor that advertises forms is asked too, and its answer first withdraws the card — or
 *     Cast's answer first calls the editor's copy off.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { sessionRoutes } from '../../domain/routes/sessions';
import { hostProject, type HostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { attachEditor, startAcp, type AcpRun } from '../support/hosts/acp/run-acp';
import { openCardInOnlySession, openCardOf } from '../support/hosts/open-card';
import { expectProblem } from '../support/problem';
import { queueTab } from '../support/hosts/withdrawn-card';

const hosts = hostTestWorld();

const TSX = resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const AGENT = [TSX, resolve(import.meta.dirname, '../support/hosts/acp/elicitation-agent.ts')];

const place = () => hostProject(hosts, 'ACP question agent', 'cast-host-acp-elicit-');
const start = (here: HostProject, opts: { prompt?: string; env?: Record<string, string> } = {}) =>
  startAcp(hosts, here, { agent: AGENT, ...opts });

/** The answer the agent reports it got: the line `ELICITATION {…}` in what it said. */
function reported(said: string): Record<string, unknown> {
  const line = /ELICITATION (\{.*\})/.exec(said);
  if (!line) throw new Error(`the agent reported no answer; it said:\n${said}`);
  return JSON.parse(line[1]!) as Record<string, unknown>;
}

/** The card taken out of the queue unanswered: listed as withdrawn, and a late answer reaches no one. */
async function expectWithdrawn(here: HostProject, id: string, run: AcpRun) {
  await expect
    .poll(async () => (await here.person.decision(id)).status, {
      timeout: 60_000,
      message: `not withdrawn; cast acp said:\n${run.stderr()}`,
    })
    .toBe('withdrawn');
  expect(await queueTab(here.person, 'open')).not.toContainEqual(expect.objectContaining({ id }));
  await expectProblem(here.person.answer(id, 1, { kind: 'decision', selected: [1] }), 409, 'decision_not_open');
  expect((await here.person.decision(id)).asks.every((ask) => ask.answer === null)).toBe(true);
}

const cardIn = (here: HostProject, run: AcpRun, session: string) => openCardOf(here.person, () => session, run.ended);

/**
 * Answers the deploy form's asks — region (1–2), replicas (text), dryRun (1 Yes, 2 No), checks
 * (several), canary share — then its last, "Send these answers to the agent?": Accept.
 */
async function answerDeploy(here: HostProject, card: DecisionView, replicas: string) {
  await here.person.answer(card.id, 3, { kind: 'decision', selected: [2] });
  await here.person.answer(card.id, 4, { kind: 'decision', selected: [1, 3] });
  await here.person.answer(card.id, 5, { kind: 'fact', text: '0.1' });
  await here.person.answer(card.id, 1, { kind: 'decision', selected: [2] });
  await here.person.answer(card.id, 2, { kind: 'fact', text: replicas });
  // Every field answered and nothing sent yet: the form goes only on the person's Accept.
  expect((await here.person.decision(card.id)).status).toBe('open');
  await here.person.answer(card.id, 7, { kind: 'decision', selected: [1] });
}

describe('issue 43: cast acp turns an agent’s elicitation/create into a Cast card', { timeout: 120_000 }, () => {
  it('headless form: the card asks each field, and the answers reach the agent typed', async () => {
    const here = await place();
    const run = start(here, { prompt: 'form' });
    const card = await openCardInOnlySession(here.person, run.stderr);
    expect(card.question).toBe('How should I deploy?');
    expect(card.context).toContain('Question agent asks this through ACP.');
    expect(card.asks.map((ask) => [ask.kind, ask.prompt, ask.required])).toEqual([
      ['decision', 'Region', true],
      ['fact', 'Replicas', true],
      ['decision', 'Dry run first?', false],
      ['decision', 'Checks to run', false],
      ['fact', 'Canary share', false],
      ['fact', 'Release tag', false],
      ['decision', 'Send these answers to the agent?', true],
    ]);
    expect(card.asks[0]).toMatchObject({ options: [{ label: 'Ireland', consequence: 'Closest to most users' }, { label: 'Virginia' }] });
    expect(card.asks[1]!.context).toBe('How many copies to run\nA whole number from 1 to 9.');
    expect(card.asks[3]).toMatchObject({ multiple: true });
    await answerDeploy(here, card, '3');
    const ended = await run.done;
    expect(ended.code, ended.stderr).toBe(0);
    expect(reported(ended.stdout)).toEqual({
      action: 'accept',
      content: { region: 'us-east-1', replicas: 3, dryRun: false, checks: ['lint', 'e2e'], ratio: 0.1 },
      _meta: { cast: { said: `Answered in Cast (${card.id}).` } },
    });
  });

  it('headless form: a number that is not one is never sent — the agent hears decline, and the session’s log says why', async () => {
    const here = await place();
    const run = start(here, { prompt: 'form' });
    const card = await openCardInOnlySession(here.person, run.stderr);
    await answerDeploy(here, card, 'three');
    const ended = await run.done;
    const answer = reported(ended.stdout);
    expect(answer).toMatchObject({ action: 'decline' });
    expect(answer).not.toHaveProperty('content');
    expect(ended.stderr).toContain('Replicas: "three" is not a number');
    const { messages } = await here.person.send(sessionRoutes.readMessages, { params: { id: card.links.sessionId! }, query: {} });
    expect(messages).toContainEqual(
      expect.objectContaining({
        kind: 'notice',
        body: expect.stringContaining(`${card.id} was answered in Cast, but not as the agent's form takes it`),
      }),
    );
  });

  it('headless URL: the card shows the URL and its host; "Opened it and finished" is accept', async () => {
    const here = await place();
    const run = start(here, { prompt: 'url' });
    const card = await openCardInOnlySession(here.person, run.stderr);
    expect(card.question).toBe('Sign in to the deploy service');
    expect(card.context).toContain('https://auth.example.com/connect?elicitationId=sign-in-1');
    expect(card.context).toContain('Host: auth.example.com');
    expect(card.asks[0]).toMatchObject({ kind: 'decision', options: [{ label: 'Opened it and finished' }, { label: 'Decline' }] });
    await here.person.answer(card.id, 1, { kind: 'decision', selected: [1] });
    const ended = await run.done;
    expect(ended.code, ended.stderr).toBe(0);
    expect(reported(ended.stdout)).toEqual({ action: 'accept', _meta: { cast: { said: `Accepted in Cast (${card.id}).` } } });
  });

  it('Cast unreachable: the agent hears decline and gets no value', async () => {
    const here = await place();
    // The loopback refuser takes the connection and closes it: no Cast answers there.
    const run = start(here, { prompt: 'form', env: { CAST_URL: hosts.proxy().url } });
    const ended = await run.done;
    const answer = reported(ended.stdout);
    expect(answer).toMatchObject({ action: 'decline' });
    expect(answer).not.toHaveProperty('content');
    expect(ended.stderr).toContain('the agent hears decline');
  });

  it('an editor that takes no questions: Cast asks alone, and session/cancel withdraws the card and the agent hears cancel', async () => {
    const here = await place();
    const run = start(here);
    const editor = await attachEditor(run);
    const session = await editor.newSession(here.project);
    const turn = editor.prompt(session, 'form');
    const card = await cardIn(here, run, session);
    await editor.agent.notify('session/cancel', { sessionId: session });
    expect(await turn).toMatchObject({ stopReason: 'cancelled' });
    await expectWithdrawn(here, card.id, run);
    expect(reported(editor.said(session))).toMatchObject({ action: 'cancel' });
    // The editor advertised no elicitation: it was never asked.
    expect(editor.elicited).toHaveLength(0);
    editor.close();
    await run.done;
  });

  it('an editor that takes forms is asked too: its answer first reaches the agent and withdraws the card', async () => {
    const here = await place();
    const run = start(here);
    let card: DecisionView | undefined;
    const editor = await attachEditor(run, undefined, {
      clientCapabilities: { elicitation: { form: {} } },
      elicit: async (request) => {
        // The person answers in the editor while the card is open in the queue.
        card = await cardIn(here, run, (request as { sessionId: string }).sessionId);
        return { action: 'accept', content: { region: 'eu-west-1', replicas: 2 } };
      },
    });
    const session = await editor.newSession(here.project);
    expect(await editor.prompt(session, 'form')).toMatchObject({ stopReason: 'end_turn' });
    expect(reported(editor.said(session))).toEqual({ action: 'accept', content: { region: 'eu-west-1', replicas: 2 } });
    await expectWithdrawn(here, card!.id, run);
    expect(editor.elicitCalledOff).toHaveLength(0);
    editor.close();
    await run.done;
  });

  it('an editor that takes URL questions: Cast’s answer first reaches the agent, and the editor’s copy is called off', async () => {
    const here = await place();
    const run = start(here);
    const editor = await attachEditor(run, undefined, { clientCapabilities: { elicitation: { url: {} } } });
    const session = await editor.newSession(here.project);
    const turn = editor.prompt(session, 'url');
    const card = await cardIn(here, run, session);
    await here.person.answer(card.id, 1, { kind: 'decision', selected: [2] });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(reported(editor.said(session))).toEqual({ action: 'decline', _meta: { cast: { said: `Declined in Cast (${card.id}).` } } });
    expect(editor.elicited).toHaveLength(1);
    await expect.poll(() => editor.elicitCalledOff.length).toBe(1);
    editor.close();
    await run.done;
  });
});
