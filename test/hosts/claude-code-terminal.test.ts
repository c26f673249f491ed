/**
 * Issue 31 item 7 in the real interactive Claude Code (a pseudo-terminal): while the hook waits,
 * the spinner says the prompt waits in Cast (the settings' statusMessage, as `cast install
 * claude-code` writes it), and once the person answers, the line under the call names the card
 * (the hook's systemMessage). The PreToolUse hook, which runs in Claude Code's default auto mode.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeProject } from '../support/hosts/claude-project';
import { startClaudeTerminal } from '../support/hosts/claude-terminal-run';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardInOnlySession } from '../support/hosts/open-card';

const hosts = hostTestWorld();

const WRITE_HI = { toolUse: { name: 'Bash', input: { command: 'echo hi > out.txt', description: 'Write hi to out.txt' } } };

describe('issue 31 item 7: the terminal says the prompt waits in Cast, and which card answered it', { timeout: 150_000 }, () => {
  it('the spinner shows the status message while the hook waits; approved, the line under the call names the card', async () => {
    const project = await claudeProject(hosts, ['--event', 'pre-tool-use']);
    const { terminal } = await startClaudeTerminal(hosts, project, {
      prompt: 'Write hi to out.txt',
      script: [WRITE_HI, { text: 'Wrote it.' }],
    });

    const card = await openCardInOnlySession(project.person, terminal.screen);
    await expect.poll(() => terminal.screen(), { timeout: 20_000 }).toContain('Waiting for your answer in Cast…');
    expect(existsSync(join(project.project, 'out.txt'))).toBe(false);

    await project.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    await expect.poll(() => terminal.screen().replace(/\s+/g, ' '), { timeout: 30_000 }).toContain(`says: Approved in Cast (${card.id}).`);
    await expect.poll(() => existsSync(join(project.project, 'out.txt')), { timeout: 10_000 }).toBe(true);
    expect(readFileSync(join(project.project, 'out.txt'), 'utf8')).toBe('hi\n');
  });
});
