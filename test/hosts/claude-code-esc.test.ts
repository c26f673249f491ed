/**
 * Issue 31, "Esc withdraws", with the real interactive Claude Code in a pseudo-terminal: while
 * the hook waits for the person's y / n in Cast, they press Esc in the terminal instead. Claude
 * Code 2.1.332 runs each hook command under `sh -c` in a process group of its own (setsid) and,
 * on Esc, sends the group SIGTERM, then SIGKILL about 1.2 s later if it is still there (observed
 * with strace); the hook's stdin was closed as soon as the payload was written, so the signal is
 * the only word the hook gets. Within that grace the hook takes its card out of the queue, so
 * nobody answers a prompt the terminal already dropped. Both hook events: PermissionRequest (the
 * default install; it fires in manual mode) and PreToolUse (every matching call, auto mode too);
 * and Esc while the card is still on its way, which Cast files only after the hook hung up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { toolResultText } from '../support/hosts/anthropic-stand-in';
import { claudeProject } from '../support/hosts/claude-project';
import { startClaudeTerminal } from '../support/hosts/claude-terminal-run';
import { startHeldFilingProxy } from '../support/hosts/held-filing-proxy';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardInOnlySession } from '../support/hosts/open-card';
import { expectWithdrawnForGood, queueTab } from '../support/hosts/withdrawn-card';

const hosts = hostTestWorld();

const WRITE_HI = { toolUse: { name: 'Bash', input: { command: 'echo hi > out.txt', description: 'Write hi to out.txt' } } };
const ESC = '\x1b';

/**
 * What the terminal shows while the card waits. PreToolUse holds the call behind the spinner and
 * its status message. Claude Code shows its own prompt ("Do you want to proceed?") while the
 * PermissionRequest hook runs, so there Esc cancels that prompt — and ends the hook all the same.
 */
const hookEvents = [
  {
    event: 'PermissionRequest, as installed by default (manual mode)',
    install: [],
    args: ['--permission-mode', 'default'],
    waiting: 'Do you want to proceed?',
  },
  {
    event: 'PreToolUse, --event pre-tool-use (the default auto mode)',
    install: ['--event', 'pre-tool-use'],
    args: [],
    waiting: 'Waiting for your answer in Cast…',
  },
];

describe('issue 31: Esc in the terminal withdraws the card (interactive claude in a terminal)', { timeout: 150_000 }, () => {
  it.each(hookEvents)(
    '$event: Esc while the card waits withdraws it at once, the call does not run, and Claude Code goes on',
    async (hook) => {
      const project = await claudeProject(hosts, hook.install);
      const { model, terminal } = await startClaudeTerminal(hosts, project, {
        prompt: 'Write hi to out.txt',
        script: [WRITE_HI, { text: 'Fine, I will not.' }],
        args: hook.args,
      });
      const card = await openCardInOnlySession(project.person, terminal.screen);
      expect(card).toMatchObject({ question: 'Allow Bash?', context: 'echo hi > out.txt' });
      await expect.poll(() => terminal.screen(), { timeout: 20_000 }).toContain(hook.waiting);
      expect(await queueTab(project.person, 'open')).toContainEqual({ id: card.id, status: 'open' });

      terminal.press(ESC);
      // Out of Open, listed in Answered as withdrawn; a late approve reaches no one and runs nothing.
      // Only the hook can have withdrawn it: past Claude Code's SIGKILL, the card would wait out its
      // 10-minute deadline (how soon after Esc is a figure for the notes, not for a test).
      await expectWithdrawnForGood(project.person, card.id, { screen: terminal.screen });
      await expect.poll(() => terminal.screen(), { timeout: 10_000 }).toContain('Interrupted');
      expect(existsSync(join(project.project, 'out.txt'))).toBe(false);

      // Claude Code is still there: the person's next prompt reaches the model, and the call still never ran.
      terminal.press('Never mind\r');
      await expect.poll(() => model.turns().length, { timeout: 30_000 }).toBe(2);
      await expect.poll(() => terminal.screen(), { timeout: 10_000 }).toContain('Fine, I will not.');
      expect(existsSync(join(project.project, 'out.txt'))).toBe(false);
      // The model reads Claude Code's own word for a call the person stopped, not a hook's verdict.
      const [stopped] = model.toolResults();
      expect(stopped).toMatchObject({ is_error: true });
      expect(toolResultText(stopped!)).toMatch(/^The user doesn't want to proceed with this tool use\./);
    },
  );
});

/**
 * Cast files the card only after the hook hung up: a moment after (the hook, looking again within
 * its grace, finds it and takes it out), or past that grace (Cast slow under load; the hook hands
 * the card to a keeper of its own, which takes it out once it arrives).
 */
const lateFilings = [
  { late: 'a moment after the hook hung up; the hook finds it and takes it out', handOnAfterMs: 100 },
  { late: 'past the hook’s grace; the keeper the hook left behind takes it out', handOnAfterMs: 3_000 },
];

describe('issue 31: Esc while the card is still being filed withdraws it too', { timeout: 150_000 }, () => {
  it.each(lateFilings)('Cast files the card $late', async ({ handOnAfterMs }) => {
    const project = await claudeProject(hosts, ['--event', 'pre-tool-use']);
    const network = await startHeldFilingProxy(hosts.cast().url, handOnAfterMs);
    try {
      const { model, terminal } = await startClaudeTerminal(
        hosts,
        { ...project, env: { ...project.env, CAST_URL: network.url } },
        { prompt: 'Write hi to out.txt', script: [WRITE_HI, { text: 'Fine, I will not.' }] },
      );
      await expect
        .poll(() => network.held(), { timeout: 60_000, message: `no filing; the terminal showed:\n${terminal.screen().slice(-2000)}` })
        .toBe(true);

      terminal.press(ESC);
      // Cast takes the filing only once the hook has hung up, and files the card then.
      await expect.poll(() => network.handedOn(), { timeout: 15_000 }).toBe(201);
      const cards = async () => {
        const { sessions } = await project.person.send(sessionRoutes.listSessions, { query: {} });
        if (!sessions[0]) return [];
        const { decisions } = await project.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: sessions[0].id } });
        return decisions.map(({ decision }) => ({ id: decision.id, status: decision.status }));
      };
      // Taken out by the hook or its keeper, never left to wait out its 10-minute deadline.
      await expect.poll(cards, { timeout: 20_000 }).toEqual([{ id: expect.stringMatching(/^sd-\d+$/), status: 'withdrawn' }]);
      await expect.poll(() => terminal.screen(), { timeout: 10_000 }).toContain('Interrupted');
      expect(existsSync(join(project.project, 'out.txt'))).toBe(false);
      expect(model.toolResults()).toEqual([]);
    } finally {
      await network.stop();
    }
  });
});
