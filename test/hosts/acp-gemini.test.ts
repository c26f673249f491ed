/**
 * Issue 43 item 3 with Gemini CLI 0.61.0, its own ACP agent (`gemini --acp`, against the Gemini
 * stand-in on loopback), run by the compiled `cast acp`, headless (`--prompt`, Cast the ACP
 * client) and with the test as the editor:
 *   - approve in the queue and its `run_shell_command` call runs;
 *   - "always" answers Gemini's allow_always ("Allow for this session") and leaves the Cast rule
 *     `Always allow run_shell_command(touch a.txt)`; the same call in another project, where
 *     Gemini's own session allow does not reach, runs on that rule with no card;
 *   - deny and it does not run: the model reads Gemini's own `Tool "run_shell_command" was
 *     canceled by the user.` — Gemini reads only the option ACP's answer picks, so Cast's reason
 *     never reaches the model;
 *   - `session/cancel` withdraws the card, the turn ends `cancelled`, the call never runs;
 *   - Cast unreachable (headless): the agent is told no, never yes;
 *   - several requests in flight at once, one per session: Gemini runs one turn's calls one after
 *     another (its next call is asked only once the last is answered), so that is where they are.
 * Gemini's request carries no tool name and no raw input: the card names the tool from Gemini's
 * tool call id (`run_shell_command__…`) and reads the command from the title (permission-card.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { ruleRoutes } from '../../domain/routes/rules';
import { acpAgentPaths } from '../support/hosts/acp/acp-agents';
import { sameCallElsewhereRunsOnRule } from '../support/hosts/acp/rule-elsewhere';
import { attachEditor, startAcp } from '../support/hosts/acp/run-acp';
import { geminiEnv, prepareGeminiHome } from '../support/hosts/gemini-env';
import { startGeminiStandIn, type GeminiTurn } from '../support/hosts/gemini-stand-in';
import { hostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardInOnlySession, openCardOf } from '../support/hosts/open-card';
import { expectWithdrawnForGood } from '../support/hosts/withdrawn-card';

const hosts = hostTestWorld();

const call = (command: string) => ({ name: 'run_shell_command', args: { command, description: command } });
const shell = (command: string): GeminiTurn => ({ functionCall: call(command) });
/** What Gemini CLI tells the model of a call its client did not allow (a reject, or `cancelled`). */
const CANCELED = { error: 'Tool "run_shell_command" was canceled by the user.' };

async function startGemini(script: GeminiTurn[], opts: { prompt?: string; env?: Record<string, string> } = {}) {
  const place = await hostProject(hosts, 'Gemini CLI (ACP)', 'cast-host-acp-gemini-');
  prepareGeminiHome(place.home);
  const model = hosts.model(await startGeminiStandIn(script));
  // A named model: Gemini CLI's model router would otherwise ask the model to classify each prompt first.
  const agent = [process.execPath, acpAgentPaths().gemini, '--acp', '--model', 'gemini-2.5-flash'];
  const run = startAcp(hosts, place, { agent, prompt: opts.prompt, env: { ...geminiEnv(model.url), ...opts.env } });
  return { place, model, run };
}

async function geminiThroughCast(script: GeminiTurn[]) {
  const { place, model, run } = await startGemini(script);
  const editor = await attachEditor(run);
  const session = await editor.newSession(place.project);
  const card = (id = session, which?: (decision: DecisionView) => boolean) => openCardOf(place.person, () => id, run.ended, which);
  return { place, model, run, editor, session, card };
}

/** Telemetry, update checks and Google login are off: nothing went to the loopback refuser (HTTPS_PROXY). */
const nothingLeft = () => expect(hosts.proxy().attempts).toEqual([]);

describe('issue 43: cast acp with Gemini CLI (gemini --acp)', { timeout: 180_000 }, () => {
  it('headless (--prompt): the card names the shell call; approve and it runs; nothing else leaves', async () => {
    const { place, model, run } = await startGemini([shell('touch a.txt'), { text: 'Made a.txt.' }], { prompt: 'Make a.txt' });
    const open = await openCardInOnlySession(place.person, run.stderr);
    expect(open.question).toBe('Allow run_shell_command?');
    expect(open.source).toMatchObject({ kind: 'permission', tool: 'run_shell_command', toolInput: { command: 'touch a.txt' } });
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'approve' });
    const ended = await run.done;
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stdout).toContain('Made a.txt.');
    expect(existsSync(join(place.project, 'a.txt'))).toBe(true);
    expect(model.functionResponses().map((response) => Object.keys(response.response ?? {}))).toEqual([['output']]);
    nothingLeft();
  });

  it('approve in the queue: the shell command runs, and the editor’s copy is called off', async () => {
    const { place, model, editor, session, card, run } = await geminiThroughCast([shell('touch a.txt'), { text: 'Done.' }]);
    const turn = editor.prompt(session, 'Make a.txt');
    const open = await card();
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'approve' });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(existsSync(join(place.project, 'a.txt'))).toBe(true);
    expect(model.functionResponses().map((response) => Object.keys(response.response ?? {}))).toEqual([['output']]);
    expect(editor.asked.map((request) => request.toolCall.title)).toEqual(['touch a.txt']);
    await expect.poll(() => editor.calledOff.length).toBe(1);
    editor.close();
    await run.done;
    nothingLeft();
  });

  it('"always": a Cast rule on the exact command, and the same call in another project runs on it with no card', async () => {
    const { place, model, editor, session, card, run } = await geminiThroughCast([
      shell('touch a.txt'),
      { text: 'Done.' },
      shell('touch a.txt'),
      { text: 'Done again.' },
    ]);
    const first = editor.prompt(session, 'Make a.txt');
    const open = await card();
    expect(open.source).toMatchObject({ kind: 'permission', tool: 'run_shell_command', alwaysAllows: ['Allow for this session'] });
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'approve', always: true });
    expect(await first).toMatchObject({ stopReason: 'end_turn' });
    const { rules } = await place.person.send(ruleRoutes.listRules);
    expect(rules.map((rule) => [rule.name, rule.mode, rule.conditions.tool])).toEqual([
      ['Always allow run_shell_command(touch a.txt)', 'on', { name: 'run_shell_command', command: 'touch a.txt' }],
    ]);

    await sameCallElsewhereRunsOnRule(place, editor, rules[0]!.id);
    expect(model.functionResponses().map((response) => Object.keys(response.response ?? {}))).toEqual([['output'], ['output']]);
    // Gemini asked the second time too (its own "this session" allow did not reach): the rule answered.
    expect(editor.asked).toHaveLength(2);
    editor.close();
    await run.done;
    nothingLeft();
  });

  it('deny: the command does not run; the model reads Gemini’s own refusal, not Cast’s reason', async () => {
    const { place, model, editor, session, card, run } = await geminiThroughCast([shell('touch a.txt'), { text: 'Understood.' }]);
    const turn = editor.prompt(session, 'Make a.txt');
    const open = await card();
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this repository');
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(existsSync(join(place.project, 'a.txt'))).toBe(false);
    expect(model.functionResponses()).toEqual([expect.objectContaining({ name: 'run_shell_command', response: CANCELED })]);
    expect(JSON.stringify(model.turns())).not.toContain('Not in this repository');
    expect(editor.said(session)).toContain('Understood.');
    editor.close();
    await run.done;
    nothingLeft();
  });

  it('session/cancel withdraws the card, the turn ends cancelled, and the command never runs', async () => {
    const { place, model, editor, session, card, run } = await geminiThroughCast([shell('touch a.txt'), { text: 'Never said.' }]);
    const turn = editor.prompt(session, 'Make a.txt');
    const open = await card();
    await editor.agent.notify('session/cancel', { sessionId: session });
    expect(await turn).toMatchObject({ stopReason: 'cancelled' });
    await expectWithdrawnForGood(place.person, open.id, { screen: run.stderr });
    expect(existsSync(join(place.project, 'a.txt'))).toBe(false);
    // The turn ended with the cancel: the model was not asked again.
    expect(model.turns()).toHaveLength(1);
    expect(editor.said(session)).not.toContain('Never said.');
    editor.close();
    await run.done;
    nothingLeft();
  });

  it('Cast unreachable (headless): Gemini is told no, never yes, and the command does not run', async () => {
    // Nothing listens on the discard port: every request to Cast is refused at once.
    const { place, model, run } = await startGemini([shell('touch a.txt'), { text: 'Understood.' }], {
      prompt: 'Make a.txt',
      env: { CAST_URL: 'http://127.0.0.1:9' },
    });
    const ended = await run.done;
    expect(ended.stderr).toContain('the agent is told no');
    expect(existsSync(join(place.project, 'a.txt'))).toBe(false);
    expect(model.functionResponses()).toEqual([expect.objectContaining({ name: 'run_shell_command', response: CANCELED })]);
    expect(ended.stdout).toContain('Understood.');
    nothingLeft();
  });

  it('several requests in flight at once, one per session: each card answers its own', async () => {
    // Each session's first turn is one of the two shell calls (neither is answered before both are asked).
    const { place, model, editor, session, card, run } = await geminiThroughCast([
      shell('touch a.txt'),
      shell('touch a.txt'),
      { text: 'Done.' },
      { text: 'Done.' },
    ]);
    const elsewhere = join(place.root, 'other-project');
    mkdirSync(elsewhere);
    const other = await editor.newSession(elsewhere);
    const turns = [editor.prompt(session, 'Make a.txt'), editor.prompt(other, 'Make a.txt there')];
    const [here, there] = [await card(session), await card(other)];
    expect([(await place.person.decision(here.id)).status, there.status]).toEqual(['open', 'open']);
    await place.person.answer(there.id, 1, { kind: 'approval', decision: 'reject' });
    expect(await turns[1]).toMatchObject({ stopReason: 'end_turn' });
    expect((await place.person.decision(here.id)).status).toBe('open');
    await place.person.answer(here.id, 1, { kind: 'approval', decision: 'approve' });
    expect(await turns[0]).toMatchObject({ stopReason: 'end_turn' });
    expect([existsSync(join(place.project, 'a.txt')), existsSync(join(elsewhere, 'a.txt'))]).toEqual([true, false]);
    expect(model.functionResponses().map((response) => response.response)).toEqual(
      expect.arrayContaining([CANCELED, { output: expect.any(String) }]),
    );
    await expect.poll(() => editor.calledOff.length).toBe(2);
    editor.close();
    await run.done;
    nothingLeft();
  });

  it('two calls in one model turn are asked one after the other: the second card only once the first is answered', async () => {
    const { place, editor, session, card, run } = await geminiThroughCast([
      { functionCalls: [call('touch a.txt'), call('touch b.txt')] },
      { text: 'Done.' },
    ]);
    const turn = editor.prompt(session, 'Make a.txt and b.txt');
    const first = await card();
    expect(first.source).toMatchObject({ toolInput: { command: 'touch a.txt' } });
    await place.person.answer(first.id, 1, { kind: 'approval', decision: 'approve' });
    const second = await card(session, (decision) => decision.id !== first.id);
    expect(second.source).toMatchObject({ toolInput: { command: 'touch b.txt' } });
    const answered = await place.person.decision(first.id);
    expect(Date.parse(second.createdAt)).toBeGreaterThanOrEqual(Date.parse(answered.resolvedAt!));
    await place.person.answer(second.id, 1, { kind: 'approval', decision: 'approve' });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect([existsSync(join(place.project, 'a.txt')), existsSync(join(place.project, 'b.txt'))]).toEqual([true, true]);
    editor.close();
    await run.done;
    nothingLeft();
  });
});
