/**
 * Issue 43 item 3 with Claude Code through `@zed-industries/claude-agent-acp` (its Claude Agent
 * SDK runs Claude Code against the Anthropic stand-in on loopback), run by the compiled
 * `cast acp` with the test as the editor: approve in the queue and the Bash call runs; "always"
 * answers claude-agent-acp's allow_always and leaves a Cast rule, and the same call in another
 * project (where Claude Code's own "always" does not reach) runs on that rule with no card; deny
 * and it does not run, and the model reads that it was refused. ACP's answer carries no words for
 * the model: the refusal it reads is claude-agent-acp's own.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleRoutes } from '../../domain/routes/rules';
import { acpAgentPaths } from '../support/hosts/acp/acp-agents';
import { sameCallElsewhereRunsOnRule } from '../support/hosts/acp/rule-elsewhere';
import { attachEditor, startAcp } from '../support/hosts/acp/run-acp';
import { startAnthropicStandIn, toolResultText, type AnthropicTurn } from '../support/hosts/anthropic-stand-in';
import { hostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardOf } from '../support/hosts/open-card';
import { claudeEnv, prepareClaudeHome } from '../support/hosts/run-claude';

const hosts = hostTestWorld();

const bash = (command: string): AnthropicTurn => ({ toolUse: { name: 'Bash', input: { command, description: command } } });

async function claudeThroughCast(script: AnthropicTurn[]) {
  const place = await hostProject(hosts, 'Claude Code (ACP)', 'cast-host-acp-claude-');
  prepareClaudeHome(place.home);
  const model = hosts.model(await startAnthropicStandIn(script));
  const run = startAcp(hosts, place, { agent: [process.execPath, acpAgentPaths().claudeAgentAcp], env: claudeEnv(model.url) });
  const editor = await attachEditor(run);
  const session = await editor.newSession(place.project);
  return { place, model, run, editor, session, card: () => openCardOf(place.person, () => session, run.ended) };
}

describe('issue 43: cast acp with Claude Code through claude-agent-acp', { timeout: 180_000 }, () => {
  it('approve in the queue: the Bash call runs', async () => {
    const { place, model, editor, session, card, run } = await claudeThroughCast([bash('touch a.txt'), { text: 'Done.' }]);
    const turn = editor.prompt(session, 'Make a.txt');
    const open = await card();
    expect(open.question).toBe('Allow Bash?');
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'approve' });
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(existsSync(join(place.project, 'a.txt'))).toBe(true);
    expect(model.toolResults().map((block) => block.is_error)).toEqual([false]);
    editor.close();
    await run.done;
  });

  it('"always": a Cast rule, and the same call in another project runs on it with no card', async () => {
    const { place, model, editor, session, card, run } = await claudeThroughCast([
      bash('touch a.txt'),
      { text: 'Done.' },
      bash('touch a.txt'),
      { text: 'Done again.' },
    ]);
    const first = editor.prompt(session, 'Make a.txt');
    const open = await card();
    expect(open.source).toMatchObject({ kind: 'permission', tool: 'Bash', alwaysAllows: [expect.stringMatching(/always/i)] });
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'approve', always: true });
    expect(await first).toMatchObject({ stopReason: 'end_turn' });
    const { rules } = await place.person.send(ruleRoutes.listRules);
    expect(rules.map((rule) => [rule.name, rule.mode])).toEqual([['Always allow Bash(touch a.txt)', 'on']]);

    await sameCallElsewhereRunsOnRule(place, editor, rules[0]!.id);
    expect(model.toolResults().map((block) => block.is_error)).toEqual([false, false]);
    editor.close();
    await run.done;
  });

  it('deny: the call does not run and the model reads that it was refused', async () => {
    const { place, model, editor, session, card, run } = await claudeThroughCast([bash('touch a.txt'), { text: 'Understood.' }]);
    const turn = editor.prompt(session, 'Make a.txt');
    const open = await card();
    await place.person.answer(open.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this repository');
    expect(await turn).toMatchObject({ stopReason: 'end_turn' });
    expect(existsSync(join(place.project, 'a.txt'))).toBe(false);
    const [result] = model.toolResults();
    expect(result).toMatchObject({ is_error: true });
    expect(toolResultText(result!)).toMatch(/reject|denied|refused|permission/i);
    editor.close();
    await run.done;
  });
});
