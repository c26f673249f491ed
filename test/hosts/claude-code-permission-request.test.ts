/**
 * Issue 31 item 9, with the real Claude Code: `PermissionRequest` as the gate. `cast install
 * claude-code` for the pinned version writes the PermissionRequest hook; it runs only when
 * Claude Code would itself ask (here in `claude -p`, where nobody could), so a read-only call
 * never reaches the queue. The person's approve runs the call, a deny reaches the model as their
 * reason, and "Approve, and always allow" in the web queue writes Claude Code's allow rule back
 * (`updatedPermissions`), so the same call is not asked again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { toolResultText, type AnthropicTurn } from '../support/hosts/anthropic-stand-in';
import { printed, startClaudePrint } from '../support/hosts/claude-print-run';
import { claudeProject } from '../support/hosts/claude-project';
import { launchBrowser, signedInPage } from '../support/browser';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardOf } from '../support/hosts/open-card';

const hosts = hostTestWorld();

const bash = (command: string): AnthropicTurn => ({ toolUse: { name: 'Bash', input: { command, description: command } } });

async function claudeRun(script: AnthropicTurn[], env: Record<string, string> = {}) {
  const project = await claudeProject(hosts, []);
  const { model, session, running } = await startClaudePrint(hosts, project, { prompt: 'Do the work', script, env });
  const cards = async () =>
    (await project.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions.map(
      ({ decision }) => decision,
    );
  return { ...project, model, session, running, cards, openCard: () => openCardOf(project.person, () => session, running.ended) };
}

describe('issue 31 item 9: cast hook claude-code as the PermissionRequest hook (claude -p)', { timeout: 150_000 }, () => {
  it('cast install claude-code writes the PermissionRequest hook for this version, with onFailure block and a status message', async () => {
    const project = await claudeProject(hosts, []);
    expect(project.installed).toMatchObject({ claudeVersion: '2.1.332', event: 'PermissionRequest' });
    const hook = {
      type: 'command',
      command: 'cast hook claude-code --timeout 10m',
      timeout: 660,
      statusMessage: 'Waiting for your answer in Cast…',
      onFailure: 'block',
    };
    // PreToolUse for AskUserQuestion only: Claude Code's own questions go to the queue too (item 11);
    // the run after every call takes out a card answered in the terminal instead (claude-code-terminal-yes.test.ts).
    const after = { type: 'command', command: 'cast hook claude-code', timeout: 10, async: true };
    expect(project.settings.hooks).toEqual({
      PermissionRequest: [{ hooks: [hook] }],
      PreToolUse: [{ matcher: 'AskUserQuestion', hooks: [hook] }],
      PostToolUse: [{ hooks: [after] }],
      PostToolUseFailure: [{ hooks: [after] }],
    });
  });

  it('a call Claude Code allows itself never reaches the queue; the one it would ask about does, and approved it runs', async () => {
    const claude = await claudeRun([bash('ls'), bash('echo hi > out.txt'), { text: 'Done.' }]);
    const card = await claude.openCard();
    expect(card).toMatchObject({ question: 'Allow Bash?', context: 'echo hi > out.txt' });
    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    expect(printed(await claude.running.done)).toMatchObject({ stop_reason: 'end_turn', is_error: false });
    expect(readFileSync(join(claude.project, 'out.txt'), 'utf8')).toBe('hi\n');
    expect(await claude.cards()).toHaveLength(1);
    expect(claude.model.toolResults().map((block) => block.is_error)).toEqual([false, false]);
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('denied with a reason, the call does not run and the model reads exactly the reason', async () => {
    const claude = await claudeRun([bash('echo hi > out.txt'), { text: 'Understood.' }]);
    const card = await claude.openCard();
    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this folder.');
    expect(printed(await claude.running.done)).toMatchObject({ stop_reason: 'end_turn' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [denied] = claude.model.toolResults();
    expect(denied).toMatchObject({ is_error: true });
    expect(toolResultText(denied!)).toBe(`Denied in Cast (${card.id}): Not in this folder.`);
  });

  it('"Approve, and always allow" pressed in the web queue writes the rule into .claude/settings.local.json and the same call is not asked again', async () => {
    const claude = await claudeRun([bash('touch a.txt'), bash('touch a.txt'), { text: 'Done.' }]);
    const card = await claude.openCard();
    expect(card.context).toBe('touch a.txt');
    // The hook names the rule it would keep, so the card can offer it and say how far it reaches.
    expect(card.source).toMatchObject({ kind: 'permission', alwaysAllows: ['Bash(touch a.txt)'] });
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser, hosts.cast().url, claude.person.member.token, `/decisions?id=${card.id}`);
      await page.locator('.detail').getByRole('button', { name: 'Approve, and always allow' }).click({ timeout: 20_000 });
    } finally {
      await browser.close();
    }
    expect(printed(await claude.running.done)).toMatchObject({ stop_reason: 'end_turn', is_error: false });
    expect(claude.model.toolResults().map((block) => block.is_error)).toEqual([false, false]);
    // One card for two identical calls: the second ran on the rule the answer wrote.
    expect(await claude.cards()).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(claude.project, '.claude', 'settings.local.json'), 'utf8'))).toEqual({
      permissions: { allow: ['Bash(touch a.txt)'] },
    });
  });

  it('issue 31 item 7: Cast unreachable, the call does not run and the model reads why, not Claude Code’s own refusal', async () => {
    const url = 'http://127.0.0.1:9';
    const claude = await claudeRun([bash('echo hi > out.txt'), { text: 'Understood.' }], { CAST_URL: url });
    expect(printed(await claude.running.done)).toMatchObject({ stop_reason: 'end_turn' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [denied] = claude.model.toolResults();
    expect(denied).toMatchObject({ is_error: true });
    expect(toolResultText(denied!)).toMatch(
      new RegExp(`^Cannot reach Cast at ${url}: .+ The call did not run: this run has no terminal to ask in\\.$`),
    );
  });
});
