/**
 * `cast hook claude-code` under the real Claude Code (issue 31 "Tested with the real hosts";
 * cast-decide "Permission prompts in the same queue"): the pinned `claude` binary, run headless
 * (`claude -p`) against a scripted model on loopback, with the hook settings written exactly as
 * docs/cli.md shows them and the real `cast` on its PATH. The model asks for a Bash call that
 * writes a file; a person answers the card in the queue; the call runs or not, and what the
 * model is told next is read from its next request.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../runtime/free-port';
import { pathWithoutCast } from '../support/hosts/cast-on-path';
import { toolResultText } from '../support/hosts/anthropic-stand-in';
import { printed, startClaudePrint } from '../support/hosts/claude-print-run';
import { documentedClaudeHookSettings } from '../support/hosts/documented-settings';
import { hostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardOf } from '../support/hosts/open-card';
import { startSilentServer } from '../support/silent-server';

const hosts = hostTestWorld();

const WRITE_HI = { toolUse: { name: 'Bash', input: { command: 'echo hi > out.txt', description: 'Write hi to out.txt' } } };

/** A person, their agent's token, and a project directory with the documented hook settings (the hook command adjusted by `command`). */
async function claudeInProject(
  options: { castUrl?: string; command?: (documented: string) => string; deny?: string[]; allow?: string[]; castOnPath?: boolean } = {},
) {
  const place = await hostProject(hosts, 'Claude Code', 'cast-host-claude-');
  mkdirSync(join(place.project, '.claude'), { recursive: true });
  const settings = documentedClaudeHookSettings();
  for (const group of settings.hooks.PreToolUse!)
    for (const hook of group.hooks) hook.command = options.command?.(hook.command) ?? hook.command;
  const rules = { ...(options.deny ? { deny: options.deny } : {}), ...(options.allow ? { allow: options.allow } : {}) };
  const permissions = options.deny || options.allow ? { permissions: rules } : {};
  writeFileSync(join(place.project, '.claude', 'settings.json'), JSON.stringify({ ...settings, ...permissions }, null, 2));
  const { model, session, running } = await startClaudePrint(hosts, place, {
    prompt: 'Write hi to out.txt',
    script: [WRITE_HI, { text: 'Done writing.' }],
    env: { CAST_URL: options.castUrl ?? place.castEnv.CAST_URL, ...(options.castOnPath === false ? { PATH: pathWithoutCast() } : {}) },
  });
  return { person: place.person, project: place.project, model, session, done: running.done, ended: running.ended };
}

describe('cast hook claude-code, run by the real Claude Code (claude -p)', { timeout: 120_000 }, () => {
  it('files the Bash call in the queue under Claude’s session; approved there, the call runs and the model reads its result', async () => {
    const claude = await claudeInProject();
    const card = await openCardOf(claude.person, () => claude.session, claude.ended);
    expect(card).toMatchObject({ question: 'Allow Bash?', mode: 'blocking', context: 'echo hi > out.txt' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);

    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await claude.done;
    expect(printed(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn', result: 'Done writing.', is_error: false });
    expect(readFileSync(join(claude.project, 'out.txt'), 'utf8')).toBe('hi\n');
    expect(claude.model.toolResults()).toEqual([expect.objectContaining({ is_error: false })]);
    expect(toolResultText(claude.model.toolResults()[0]!)).toBe('(Bash completed with no output)');
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('issue 31 item 8: Claude Code’s own deny rule wins over an approval in Cast: approved, the call still does not run', async () => {
    const claude = await claudeInProject({ deny: ['Bash(echo hi > out.txt)'] });
    const card = await openCardOf(claude.person, () => claude.session, claude.ended);
    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await claude.done;
    expect(printed(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [denied] = claude.model.toolResults();
    // The card was asked and approved; Claude Code's rule refused the call after the hook allowed it.
    expect(denied).toMatchObject({ is_error: true });
    expect(toolResultText(denied!)).toBe('Permission to use Bash with command echo hi > out.txt has been denied.');
  });

  it('rejected in the queue with a reason, the call does not run and the model’s next request carries the reason', async () => {
    const claude = await claudeInProject();
    const card = await openCardOf(claude.person, () => claude.session, claude.ended);
    await claude.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this folder; use scratch/.');
    const run = await claude.done;
    expect(printed(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn', is_error: false });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [denied] = claude.model.toolResults();
    expect(denied).toMatchObject({ is_error: true });
    expect(toolResultText(denied!)).toBe(`PreToolUse:Bash hook error: Denied in Cast (${card.id}): Not in this folder; use scratch/.`);
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('issue 31 item 7: Cast unreachable, the call does not run and the model is told so, never promised a terminal claude -p has not got', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const claude = await claudeInProject({ castUrl: url });
    const run = await claude.done;
    expect(printed(run)).toMatchObject({ session_id: claude.session, stop_reason: 'end_turn' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [blocked] = claude.model.toolResults();
    expect(blocked).toMatchObject({ is_error: true });
    const told = toolResultText(blocked!);
    expect(told).toMatch(
      new RegExp(`^Cannot reach Cast at ${url}: .*ECONNREFUSED.*The call did not run: this run has no terminal to ask in\\.$`),
    );
    expect(told).not.toMatch(/terminal instead/);
  });

  it('issue 31 item 7: Cast silent past --timeout, the call does not run and the model reads why', async () => {
    const silent = await startSilentServer();
    try {
      const claude = await claudeInProject({
        castUrl: silent.url,
        command: (documented) => documented.replace('--timeout 10m', '--timeout 3s'),
      });
      const run = await claude.done;
      expect(printed(run)).toMatchObject({ stop_reason: 'end_turn' });
      expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
      const [blocked] = claude.model.toolResults();
      expect(toolResultText(blocked!)).toBe('Cast did not answer within 3s. The call did not run: this run has no terminal to ask in.');
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      await silent.close();
    }
  });

  it('issue 38 item 8: with no cast on the hook’s PATH, "onFailure": "block" refuses the call even where an allow rule would run it', async () => {
    // The call is allowed by Claude Code's own rule: only the failed hook's block keeps it from running.
    const claude = await claudeInProject({ castOnPath: false, allow: ['Bash(echo hi > out.txt)'] });
    const run = await claude.done;
    expect(printed(run)).toMatchObject({ stop_reason: 'end_turn' });
    expect(existsSync(join(claude.project, 'out.txt'))).toBe(false);
    const [blocked] = claude.model.toolResults();
    expect(blocked).toMatchObject({ is_error: true });
    expect(toolResultText(blocked!)).toContain('cast: not found');
  });
});
