/**
 * Issue 31, "Yes in the terminal", with the real interactive Claude Code in a pseudo-terminal:
 * on the PermissionRequest hook (the default install) in manual mode, Claude Code shows its own
 * prompt ("Do you want to proceed?") while the hook files the card and waits. The person answers
 * Yes there instead of in Cast. Claude Code 2.1.332 then runs the call and sends the waiting
 * hook nothing — no signal, its stdin long closed — but runs PostToolUse after the call, with
 * the same tool and input (observed), and install writes `cast hook claude-code` there too. So
 * the card leaves the queue within a few seconds instead of waiting out its 10-minute
 * --timeout, promising a pickup nobody will make; a late approve reaches no one; and the runs
 * after calls nobody asked about make no request to Cast at all.
 */
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { toolResultText, type AnthropicTurn } from '../support/hosts/anthropic-stand-in';
import { claudeProject } from '../support/hosts/claude-project';
import { startClaudeTerminal } from '../support/hosts/claude-terminal-run';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardInOnlySession } from '../support/hosts/open-card';
import { expectWithdrawnForGood, queueTab } from '../support/hosts/withdrawn-card';
import { startRecordingProxy } from '../support/hosts/recording-proxy';

const hosts = hostTestWorld();

const ENTER = '\r';

const bash = (command: string, description: string): AnthropicTurn => ({ toolUse: { name: 'Bash', input: { command, description } } });

/** `cast hook claude-code` processes still running in the project (a hook's cwd is Claude Code's); /proc: Linux, as the host tests run. */
function hooksRunningIn(project: string): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === project && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('hook\0claude-code');
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}

const calls = [
  {
    call: 'Bash `echo hi > out.txt`, "1. Yes" pressed',
    script: (_project: string) => [bash('ls', 'List files'), bash('echo hi > out.txt', 'Write hi to out.txt'), { text: 'Wrote it.' }],
    key: '1',
    card: { question: 'Allow Bash?', context: 'echo hi > out.txt' },
    file: 'out.txt',
    results: ['(Bash completed with no output)'],
  },
  {
    call: 'Write notes.md, Enter on the highlighted Yes',
    script: (project: string) => [
      bash('ls', 'List files'),
      { toolUse: { name: 'Write', input: { file_path: join(project, 'notes.md'), content: 'hi\n' } } },
      { text: 'Wrote it.' },
    ],
    key: ENTER,
    card: { question: 'Allow Write?' },
    file: 'notes.md',
    results: [],
  },
];

describe('issue 31: Yes in the terminal takes the card out of the queue (interactive claude, manual mode)', { timeout: 150_000 }, () => {
  it.each(calls)('$call: the call runs, the card is withdrawn within seconds, a late approve reaches no one', async (call) => {
    const project = await claudeProject(hosts, []);
    const network = await startRecordingProxy(hosts.cast().url);
    try {
      const { model, terminal } = await startClaudeTerminal(
        hosts,
        { ...project, env: { ...project.env, CAST_URL: network.url } },
        { prompt: 'Write hi', script: call.script(project.project), args: ['--permission-mode', 'default'] },
      );
      const card = await openCardInOnlySession(project.person, terminal.screen);
      expect(card).toMatchObject(call.card);
      await expect.poll(() => terminal.screen(), { timeout: 20_000 }).toContain('Do you want to');
      expect(await queueTab(project.person, 'open')).toContainEqual({ id: card.id, status: 'open' });

      terminal.press(call.key);
      // The whole file: the shell creates it before it writes to it.
      const written = join(project.project, call.file);
      await expect
        .poll(() => (existsSync(written) ? readFileSync(written, 'utf8') : null), {
          timeout: 20_000,
          message: `the call did not run; the terminal showed:\n${terminal.screen().slice(-2000)}`,
        })
        .toBe('hi\n');
      // Withdrawn by the hook's note, not by the card's own 10-minute deadline.
      await expectWithdrawnForGood(project.person, card.id, { screen: terminal.screen });
      // The waiting hook has ended, not just its card.
      await expect.poll(() => hooksRunningIn(project.project), { timeout: 5_000 }).toEqual([]);

      // Claude Code went on as after any Yes: the model read both calls' results and finished.
      await expect.poll(() => terminal.screen(), { timeout: 20_000 }).toContain('Wrote it.');
      const results = model.toolResults();
      expect(results.map((block) => block.is_error ?? false)).toEqual([false, false]);
      if (call.results.length) expect(toolResultText(results[1]!)).toBe(call.results[0]);

      // The hooks' only requests were the waiting hook's: file the card, wait on it, withdraw it.
      // The runs after `ls` (which Claude Code allows unasked) and after the call made none.
      const requests = network.requests().map((line) => line.replace(/\/(sd-\d+|[0-9a-f-]{36})(?=\/|$)/g, '/:id'));
      expect(requests[0]).toBe('POST /api/v1/sessions/:id/prompts');
      expect(requests.at(-1)).toBe(`POST /api/v1/decisions/:id/withdraw`);
      expect(new Set(requests.slice(1, -1))).toEqual(new Set(['GET /api/v1/decisions/:id/wait']));
      expect(await project.person.send(decisionRoutes.listQueue, { query: { tab: 'answered' } })).toMatchObject({
        decisions: [{ id: card.id }],
      });
    } finally {
      await network.stop();
    }
  });
});
