/**
 * Issue 31 item 11, with the real interactive Claude Code in a pseudo-terminal: the model calls
 * Claude Code's own question tool (AskUserQuestion — there is none in `claude -p`); the hook
 * `cast install claude-code` writes for it files the questions as a choice decision in the queue;
 * the person picks an option there, and the model reads that answer as the user's, with no
 * dialog in the terminal.
 */
import { describe, expect, it } from 'vitest';
import { toolResultText } from '../support/hosts/anthropic-stand-in';
import { claudeProject } from '../support/hosts/claude-project';
import { startClaudeTerminal } from '../support/hosts/claude-terminal-run';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardInOnlySession } from '../support/hosts/open-card';

const hosts = hostTestWorld();

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
    const project = await claudeProject(hosts, []);
    const { model, terminal } = await startClaudeTerminal(hosts, project, {
      prompt: 'Pick a database with me',
      script: [ASK, { text: 'SQLite it is.' }],
    });

    const card = await openCardInOnlySession(project.person, terminal.screen);
    expect(card).toMatchObject({ question: QUESTION, mode: 'blocking' });
    expect(card.asks).toEqual([
      expect.objectContaining({
        kind: 'decision',
        prompt: QUESTION,
        options: [
          expect.objectContaining({ label: 'Postgres', consequence: 'Relational, a server to run' }),
          expect.objectContaining({ label: 'SQLite', consequence: 'Embedded, one file' }),
        ],
      }),
    ]);

    await project.person.answer(card.id, 1, { kind: 'decision', selected: [2] });
    await expect.poll(() => model.toolResults().length, { timeout: 30_000 }).toBe(1);
    const [answered] = model.toolResults();
    expect(answered?.is_error).not.toBe(true);
    expect(toolResultText(answered!)).toBe(
      `Your questions have been answered: "${QUESTION}"="SQLite". You can now continue with these answers in mind.`,
    );
    // Unlike -p, the interactive claude does try to reach out (downloads.claude.ai, github.com): the refuser closed each.
  });
});
