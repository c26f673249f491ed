/**
 * Issue 42 with the real Claude Code (`claude -p`, PermissionRequest hook, a scripted model on
 * loopback): rules live in Cast, so they hold on every machine and in every host.
 *   - "Approve, and always" in the queue on one machine; on another machine — its own HOME and
 *     project, whose Claude Code settings allow nothing — the same call is answered by Cast's
 *     rule at once: it runs, and no card ever waited in the queue.
 *   - A deny rule: the call does not run, and the model reads the rule's reason, naming the rule.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleRoutes } from '../../domain/routes/rules';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { runCast } from '../cli/run-cast';
import { toolResultText, type AnthropicTurn } from '../support/hosts/anthropic-stand-in';
import { castOnPath } from '../support/hosts/cast-on-path';
import { printed, startClaudePrint } from '../support/hosts/claude-print-run';
import { claudeProject, type ClaudeProject } from '../support/hosts/claude-project';
import { hostBinaries } from '../support/hosts/host-binaries';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardOf } from '../support/hosts/open-card';

const hosts = hostTestWorld();

const bash = (command: string): AnthropicTurn => ({ toolUse: { name: 'Bash', input: { command, description: command } } });

/** The same person and agent token on another machine: a fresh HOME and project, Cast's hook installed there by `cast install`. */
async function anotherMachine(first: ClaudeProject) {
  const root = hosts.root('cast-host-claude-other-');
  const home = join(root, 'home');
  const project = join(root, 'notes');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const bin = castOnPath(root);
  symlinkSync(hostBinaries().claude, join(bin, 'claude'));
  const castEnv = { ...first.castEnv, CAST_CONFIG: join(root, 'cast-config.json') };
  const env = { PATH: `${bin}:${process.env.PATH}`, ...castEnv };
  const installed = await runCast(['install', 'claude-code', '--json'], {
    cwd: project,
    env: { ...env, HOME: home, CAST_SESSION: undefined },
  });
  expect(installed.code, installed.stderr).toBe(0);
  return { ...first, root, home, project, bin, castEnv, env };
}

async function claudeOn(place: ClaudeProject, script: AnthropicTurn[]) {
  const { model, session, running } = await startClaudePrint(hosts, place, { prompt: 'Do the work', script });
  const decisions = async () =>
    (await place.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions.map(
      ({ decision }) => decision,
    );
  return { model, session, running, decisions, openCard: () => openCardOf(place.person, () => session, running.ended) };
}

describe('issue 42: rules in Cast hold for the real Claude Code on every machine', { timeout: 180_000 }, () => {
  it('"always" on one machine: on another, whose settings allow nothing, the same call runs on Cast’s rule with no card waiting', async () => {
    const laptop = await claudeProject(hosts, []);
    const first = await claudeOn(laptop, [bash('touch a.txt'), { text: 'Done.' }]);
    const card = await first.openCard();
    await laptop.person.answer(card.id, 1, { kind: 'approval', decision: 'approve', always: true });
    expect(printed(await first.running.done)).toMatchObject({ stop_reason: 'end_turn', is_error: false });
    // The host's own setting is still written on the machine that asked.
    expect(JSON.parse(readFileSync(join(laptop.project, '.claude', 'settings.local.json'), 'utf8'))).toEqual({
      permissions: { allow: ['Bash(touch a.txt)'] },
    });
    const { rules } = await laptop.person.send(ruleRoutes.listRules);
    expect(rules.map((rule) => [rule.name, rule.mode])).toEqual([['Always allow Bash(touch a.txt)', 'on']]);

    const desktop = await anotherMachine(laptop);
    expect(existsSync(join(desktop.project, '.claude', 'settings.local.json'))).toBe(false);
    const second = await claudeOn(desktop, [bash('touch a.txt'), { text: 'Done.' }]);
    expect(printed(await second.running.done)).toMatchObject({ stop_reason: 'end_turn', is_error: false });
    expect(second.model.toolResults().map((block) => block.is_error)).toEqual([false]);
    expect(existsSync(join(desktop.project, 'a.txt'))).toBe(true);
    // Answered at filing: the decision is on record, by the rule, and was never open for a person.
    const [answered] = await second.decisions();
    expect(answered).toMatchObject({ status: 'resolved' });
    expect(answered!.asks[0]!.answer).toMatchObject({ automatic: true, provenance: { actor: { kind: 'rule', id: rules[0]!.id } } });
  });

  it('a deny rule: the call does not run and the model reads the rule’s reason, naming the rule', async () => {
    const place = await claudeProject(hosts, []);
    const reason = 'Delete build output with npm run clean, never rm -rf.';
    const { rule } = await place.person.send(ruleRoutes.createRule, {
      body: {
        name: 'never rm -rf',
        reason: 'A recursive delete has no undo.',
        mode: 'on',
        conditions: { tool: { name: 'Bash', commandPrefix: 'rm -rf' } },
        effect: { kind: 'deny', reason },
      },
    });
    const run = await claudeOn(place, [bash('rm -rf build'), { text: 'Understood.' }]);
    expect(printed(await run.running.done)).toMatchObject({ stop_reason: 'end_turn' });
    const [denied] = run.model.toolResults();
    expect(denied).toMatchObject({ is_error: true });
    const [decision] = await run.decisions();
    expect(toolResultText(denied!)).toBe(`Denied in Cast (${decision!.id}) by rule 'never rm -rf' (r${rule.revision}): ${reason}`);
  });
});
