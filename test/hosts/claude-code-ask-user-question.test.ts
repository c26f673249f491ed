/**
 * Issue 31 item 11, with the real interactive Claude Code in a pseudo-terminal: the model calls
 * Claude Code's own question tool (AskUserQuestion — there is none in `claude -p`); the hook
 * `cast install claude-code` writes for it files the questions as a choice decision in the queue;
 * the person picks an option there, and the model reads that answer as the user's, with no
 * dialog in the terminal.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { startAnthropicStandIn, toolResultText, type AnthropicStandIn } from '../support/hosts/anthropic-stand-in';
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

const QUESTION = 'Which database should we use?';
const ASK = {
  toolUse: {
    name: 'AskUserQuestion',
    input: {
      questions: [
        {
          question: QUESTION,
          header: 'Database',
          options: [
            { label: 'Postgres', description: 'Relational, a server to run' },
            { label: 'SQLite', description: 'Embedded, one file' },
          ],
          multiSelect: false,
        },
      ],
    },
  },
};

describe('issue 31 item 11: AskUserQuestion answered from the queue (interactive claude in a terminal)', { timeout: 150_000 }, () => {
  it('the questions become a choice decision; the option picked in Cast reaches the model as the user’s answer', async () => {
    const project = await claudeProject(cast, roots, []);
    const model = await startAnthropicStandIn([ASK, { text: 'SQLite it is.' }]);
    models.push(model);
    const terminal = startClaudeInTerminal({
      cwd: project.project,
      home: project.home,
      root: project.root,
      args: ['Pick a database with me'],
      modelUrl: model.url,
      proxyUrl: proxy.url,
      env: project.env,
    });
    terminals.push(terminal);

    // The hook files under Claude's session id, which the test does not know: the person's one session.
    let card: Awaited<ReturnType<typeof project.person.decision>> | undefined;
    await expect
      .poll(
        async () => {
          const { sessions } = await project.person.send(sessionRoutes.listSessions, { query: {} });
          const session = sessions[0]?.id;
          if (!session) return false;
          const listed = await project.person
            .send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })
            .catch(() => null);
          card = listed?.decisions.map(({ decision }) => decision).find((decision) => decision.status === 'open');
          return Boolean(card);
        },
        { timeout: 60_000, message: `no card; the terminal showed:\n${terminal.screen().slice(-3000)}` },
      )
      .toBe(true);
    expect(card).toMatchObject({ question: QUESTION, mode: 'blocking' });
    expect(card!.asks).toEqual([
      expect.objectContaining({
        kind: 'decision',
        prompt: QUESTION,
        options: [
          expect.objectContaining({ label: 'Postgres', consequence: 'Relational, a server to run' }),
          expect.objectContaining({ label: 'SQLite', consequence: 'Embedded, one file' }),
        ],
      }),
    ]);

    await project.person.answer(card!.id, 1, { kind: 'decision', selected: [2] });
    await expect.poll(() => model.toolResults().length, { timeout: 30_000 }).toBe(1);
    const [answered] = model.toolResults();
    expect(answered?.is_error).not.toBe(true);
    expect(toolResultText(answered!)).toBe(
      `Your questions have been answered: "${QUESTION}"="SQLite". You can now continue with these answers in mind.`,
    );
    // Unlike -p, the interactive claude does try to reach out (downloads.claude.ai, github.com): the refuser closed each.
  });
});
