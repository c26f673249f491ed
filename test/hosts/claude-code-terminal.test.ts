/**
 * Issue 31 item 7 in the real interactive Claude Code (a pseudo-terminal): while the hook waits,
 * the spinner says the prompt waits in Cast (the settings' statusMessage, as `cast install
 * claude-code` writes it), and once the person answers, the line under the call names the card
 * (the hook's systemMessage). The PreToolUse door, which runs in Claude Code's default auto mode.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { startAnthropicStandIn, type AnthropicStandIn } from '../support/hosts/anthropic-stand-in';
import { claudeProject } from '../support/hosts/claude-project';
import { hostBinaries } from '../support/hosts/host-binaries';
import { startRefusingProxy, type RefusingProxy } from '../support/hosts/refusing-proxy';
import { startClaudeInTerminal } from '../support/hosts/run-claude-pty';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let proxy: RefusingProxy;
const models: AnthropicStandIn[] = [];
const roots: string[] = [];
const terminals: { stop(): Promise<void> }[] = [];
beforeAll(async () => {
  hostBinaries();
  [cast, proxy] = await Promise.all([startTestCast(), startRefusingProxy()]);
});
afterEach(async () => {
  await Promise.all(terminals.splice(0).map((terminal) => terminal.stop()));
  await Promise.all(models.splice(0).map((model) => model.stop()));
});
afterAll(async () => {
  await cast?.stop();
  await proxy?.stop();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const WRITE_HI = { toolUse: { name: 'Bash', input: { command: 'echo hi > out.txt', description: 'Write hi to out.txt' } } };

describe('issue 31 item 7: the terminal says the prompt waits in Cast, and which card answered it', { timeout: 150_000 }, () => {
  it('the spinner shows the status message while the hook waits; approved, the line under the call names the card', async () => {
    const project = await claudeProject(cast, roots, ['--door', 'pre-tool-use']);
    const model = await startAnthropicStandIn([WRITE_HI, { text: 'Wrote it.' }]);
    models.push(model);
    const terminal = startClaudeInTerminal({
      cwd: project.project,
      home: project.home,
      root: project.root,
      args: ['Write hi to out.txt'],
      modelUrl: model.url,
      proxyUrl: proxy.url,
      env: project.env,
    });
    terminals.push(terminal);

    let card: { id: string } | undefined;
    await expect
      .poll(
        async () => {
          const { sessions } = await project.person.send(sessionRoutes.listSessions, { query: {} });
          if (!sessions[0]) return false;
          const listed = await project.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: sessions[0].id } });
          card = listed.decisions.map(({ decision }) => decision).find((decision) => decision.status === 'open');
          return Boolean(card);
        },
        { timeout: 60_000, message: `no card; the terminal showed:\n${terminal.screen().slice(-3000)}` },
      )
      .toBe(true);
    await expect.poll(() => terminal.screen(), { timeout: 20_000 }).toContain('Waiting for your answer in Cast…');
    expect(existsSync(join(project.project, 'out.txt'))).toBe(false);

    await project.person.answer(card!.id, 1, { kind: 'approval', decision: 'approve' });
    await expect.poll(() => terminal.screen().replace(/\s+/g, ' '), { timeout: 30_000 }).toContain(`says: Approved in Cast (${card!.id}).`);
    await expect.poll(() => existsSync(join(project.project, 'out.txt')), { timeout: 10_000 }).toBe(true);
    expect(readFileSync(join(project.project, 'out.txt'), 'utf8')).toBe('hi\n');
  });
});
