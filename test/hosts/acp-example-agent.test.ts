/**
 * Issue 43 item 3 with the ACP SDK's example agent (it asks permission with no model at all),
 * run through the real, compiled `cast acp` against a test Cast:
 *   - headless (`--prompt`): approve in the queue and the change runs; deny and it is skipped;
 *     Cast unreachable and the agent is told no, never yes;
 *   - with an editor attached (the test, as the SDK's client): "Approve, and always" answers the
 *     agent's allow_always option and leaves a Cast rule, and the same call on the next turn is
 *     answered by the rule with no card; the editor answering first withdraws the card;
 *     `session/cancel` withdraws it and the agent hears `cancelled`; several requests in flight at
 *     once, each answered on its own, the editor's copies called off.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { ruleRoutes } from '../../domain/routes/rules';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { hostProject, type HostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { attachEditor, startAcp, type AcpRun } from '../support/hosts/acp/run-acp';
import { openCardInOnlySession, openCardOf } from '../support/hosts/open-card';
import { expectWithdrawnForGood } from '../support/hosts/withdrawn-card';

const hosts = hostTestWorld();

/** What the example agent says once the change ran, and once it was skipped. */
const CHANGED = "Perfect! I've successfully updated the configuration.";
const SKIPPED = "I understand you prefer not to make that change. I'll skip the configuration update.";

const place = () => hostProject(hosts, 'ACP example agent', 'cast-host-acp-');

async function sessionCards(place: HostProject, session: string): Promise<DecisionView[]> {
  return (await place.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions.map(
    ({ decision }) => decision,
  );
}

function cardIn(place: HostProject, run: AcpRun, session: string) {
  return openCardOf(place.person, () => session, run.ended);
}

describe('issue 43: cast acp with the ACP SDK example agent', { timeout: 120_000 }, () => {
  it('headless: the card shows the call, approve runs the change, and cast acp ends with the turn', async () => {
    const here = await place();
    const run = startAcp(hosts, here, { prompt: 'Tidy the config' });
    const card = await openCardInOnlySession(here.person, run.stderr);
    expect(card.question).toBe('Allow Modifying_critical_configuration_file?');
    expect(card.context).toContain('/home/user/project/config.json');
    await here.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const ended = await run.done;
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stdout).toContain(CHANGED);
    expect(ended.stdout).not.toContain(SKIPPED);
  });

  it('headless: deny skips the change', async () => {
    const here = await place();
    const run = startAcp(hosts, here, { prompt: 'Tidy the config' });
    const card = await openCardInOnlySession(here.person, run.stderr);
    await here.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not the production database');
    const ended = await run.done;
    expect(ended.stdout).toContain(SKIPPED);
    expect(ended.stdout).not.toContain(CHANGED);
  });

  it('Cast unreachable: the agent is told no, never yes', async () => {
    const here = await place();
    // The loopback refuser takes the connection and closes it: no Cast answers there.
    const run = startAcp(hosts, here, { prompt: 'Tidy the config', env: { CAST_URL: hosts.proxy().url } });
    const ended = await run.done;
    expect(ended.stdout).toContain(SKIPPED);
    expect(ended.stdout).not.toContain(CHANGED);
    expect(ended.stderr).toContain('the agent is told no');
  });

  it('"Approve, and always": the agent hears allow_always, a rule is kept, and the next turn’s same call is answered by it with no card', async () => {
    const here = await place();
    const run = startAcp(hosts, here);
    const editor = await attachEditor(run);
    const session = await editor.newSession(here.project);
    const first = editor.prompt(session, 'Tidy the config');
    const card = await cardIn(here, run, session);
    // The card offers "always" in the agent's own words.
    expect(card.source).toMatchObject({ kind: 'permission', alwaysAllows: ['Always allow this change'] });
    await here.person.answer(card.id, 1, { kind: 'approval', decision: 'approve', always: true });
    expect(await first).toMatchObject({ stopReason: 'end_turn' });
    expect(editor.said(session)).toContain(CHANGED);
    const { rules } = await here.person.send(ruleRoutes.listRules);
    expect(rules.map((rule) => [rule.name, rule.mode])).toEqual([['Always allow Modifying_critical_configuration_file', 'on']]);

    expect(await editor.prompt(session, 'Tidy it again')).toMatchObject({ stopReason: 'end_turn' });
    expect(editor.said(session).split(CHANGED)).toHaveLength(3);
    const cards = await sessionCards(here, session);
    expect(cards).toHaveLength(2);
    const byRule = cards.find((decision) => decision.id !== card.id)!;
    expect(byRule.asks[0]!.answer).toMatchObject({ automatic: true, provenance: { actor: { kind: 'rule', id: rules[0]!.id } } });
    // The editor was asked both times, and called off each time Cast answered first.
    expect(editor.asked).toHaveLength(2);
    await expect.poll(() => editor.calledOff.length).toBe(2);
    editor.close();
    expect((await run.done).code).toBe(0);
  });

  it('the editor answers first: the agent gets the editor’s answer and the card is withdrawn', async () => {
    const here = await place();
    const run = startAcp(hosts, here);
    let card: DecisionView | undefined;
    const editor = await attachEditor(run, async (request) => {
      // The person answers in the editor while the card is open in the queue.
      card = await cardIn(here, run, request.sessionId);
      return { outcome: { outcome: 'selected', optionId: 'allow' } };
    });
    const session = await editor.newSession(here.project);
    expect(await editor.prompt(session, 'Tidy the config')).toMatchObject({ stopReason: 'end_turn' });
    expect(editor.said(session)).toContain(CHANGED);
    await expectWithdrawnForGood(here.person, card!.id, { screen: run.stderr });
    expect(editor.calledOff).toHaveLength(0);
    editor.close();
    await run.done;
  });

  it('session/cancel withdraws the card and the agent hears cancelled', async () => {
    const here = await place();
    const run = startAcp(hosts, here);
    const editor = await attachEditor(run);
    const session = await editor.newSession(here.project);
    const turn = editor.prompt(session, 'Tidy the config');
    const card = await cardIn(here, run, session);
    await editor.agent.notify('session/cancel', { sessionId: session });
    await turn;
    await expectWithdrawnForGood(here.person, card.id, { screen: run.stderr });
    // `cancelled` is neither allow nor reject: the example agent ends its turn saying neither.
    expect(editor.said(session)).not.toContain(CHANGED);
    expect(editor.said(session)).not.toContain(SKIPPED);
    editor.close();
    await run.done;
  });

  it('several requests in flight at once: each card answers its own request', async () => {
    const here = await place();
    const run = startAcp(hosts, here);
    const editor = await attachEditor(run);
    const [one, two] = [await editor.newSession(here.project), await editor.newSession(here.project)];
    const turns = [editor.prompt(one, 'Tidy the config'), editor.prompt(two, 'Tidy the config too')];
    const [cardOne, cardTwo] = [await cardIn(here, run, one), await cardIn(here, run, two)];
    // Both open at the same time before either is answered.
    expect([cardOne.status, cardTwo.status, (await here.person.decision(cardOne.id)).status]).toEqual(['open', 'open', 'open']);
    await here.person.answer(cardTwo.id, 1, { kind: 'approval', decision: 'reject' });
    await turns[1];
    expect(editor.said(two)).toContain(SKIPPED);
    expect((await here.person.decision(cardOne.id)).status).toBe('open');
    await here.person.answer(cardOne.id, 1, { kind: 'approval', decision: 'approve' });
    await turns[0];
    expect(editor.said(one)).toContain(CHANGED);
    await expect.poll(() => editor.calledOff.length).toBe(2);
    editor.close();
    await run.done;
  });
});
