/**
 * Issue 38 item 8, Esc in Codex's terminal: while `cast hook codex` waits for the person's y / n
 * in Cast, they press Esc in the interactive `codex` instead. Codex 0.171.0 kills the hook's
 * whole process group with SIGKILL at once (observed: no SIGTERM reaches a trap, and a child of
 * the hook dies with it, within about 100 ms), so the hook cannot take its card out itself; its
 * keeper — a process of its own session, started beside the hook (card-keeper.ts) — sees the
 * hook's pipe close without "done" and withdraws the card. Before, the card stayed open about
 * 10.5 minutes (the hook's 10 m deadline and Cast's 30 s grace), and an approval in that window
 * answered 200 and reached no one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCast } from '../cli/run-cast';
import { startCodexTerminal } from '../support/hosts/codex-terminal-run';
import { hostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardInOnlySession } from '../support/hosts/open-card';
import { expectWithdrawnForGood, queueTab } from '../support/hosts/withdrawn-card';

const hosts = hostTestWorld();

/** Codex's shell tool, asked to run outside the sandbox: Codex asks for approval, so the hook runs. */
const WRITE_HI = {
  functionCall: {
    name: 'exec_command',
    arguments: { cmd: 'echo hi > out.txt', sandbox_permissions: 'require_escalated', justification: 'Write hi to out.txt?' },
  },
};
const ESC = '\x1b';

describe('issue 38 item 8: Esc in the interactive codex withdraws the card', { timeout: 180_000 }, () => {
  it('Esc while the card waits: Codex SIGKILLs the hook, its keeper withdraws the card, a late approve reaches no one', async () => {
    const place = await hostProject(hosts, 'Codex', 'cast-host-codex-esc-');
    const codexHome = join(place.root, 'codex-home');
    const install = await runCast(['install', 'codex'], { cwd: place.project, env: { CODEX_HOME: codexHome } });
    expect(install.code, install.stderr).toBe(0);
    const { terminal } = await startCodexTerminal(
      hosts,
      { ...place, codexHome },
      { prompt: 'Write hi to out.txt', script: [WRITE_HI, { text: 'Fine, I will not.' }] },
    );
    const card = await openCardInOnlySession(place.person, terminal.screen);
    expect(card).toMatchObject({ question: 'Allow Bash?', context: 'echo hi > out.txt' });
    await expect.poll(() => terminal.screen(), { timeout: 20_000 }).toContain('Running hook');
    expect(await queueTab(place.person, 'open')).toContainEqual({ id: card.id, status: 'open' });

    terminal.press(ESC);
    // Out of Open, listed in Answered as withdrawn; a late approve gets 409 nobody_waiting and runs nothing.
    await expectWithdrawnForGood(place.person, card.id, { screen: terminal.screen });
    await expect.poll(() => terminal.screen(), { timeout: 10_000 }).toContain('Conversation interrupted');
    expect(existsSync(join(place.project, 'out.txt'))).toBe(false);
  });
});
