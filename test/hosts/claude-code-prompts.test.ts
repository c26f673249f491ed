/**
 * Issue 31 items 1–3, under the real Claude Code (`claude -p`, the pinned binary, against a
 * scripted model on loopback, with the hook settings docs/cli.md shows and the real `cast` on
 * its PATH), with FR-61's rate limits on as a deployment has them:
 * - item 1: a burst of 18 permission prompts from one agent token is filed without waiting on a
 *   rate limit (one write a prompt, on the prompts' own budget), and each approved call runs;
 * - item 3: a command past the old 4,000-character cap is filed whole, approved, and runs;
 * - item 2: a Write's card holds its content and an Edit's its old and new strings.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FR61_LIMITS } from '../../api/rate-limit';
import { listSessionDecisions } from '../../db/decision-queries';
import type { DecisionView } from '../../domain/decision';
import { refusals } from '../../runtime/metrics';
import { world } from '../support/agent-world';
import { startAnthropicStandIn, type AnthropicTurn } from '../support/hosts/anthropic-stand-in';
import { castOnPath } from '../support/hosts/cast-on-path';
import { documentedClaudeHookSettings } from '../support/hosts/documented-settings';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { startClaude } from '../support/hosts/run-claude';
import type { HostRun } from '../support/hosts/run-host';
import { agentTokenOf } from '../support/members';

const hosts = hostTestWorld({ rateLimits: FR61_LIMITS });

/** Claude Code in a fresh project with the documented hook settings, its model following `script`. */
async function claudeRunning(script: AnthropicTurn[] | ((project: string) => AnthropicTurn[]), prompt: string) {
  const cast = hosts.cast();
  const member = await cast.newMember();
  const person = world(cast, member);
  const { token } = await agentTokenOf(cast.pool, member, 'Claude Code');
  const root = hosts.root('cast-host-prompts-');
  const home = join(root, 'home');
  const project = join(root, 'notes');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify(documentedClaudeHookSettings(), null, 2));
  const model = hosts.model(await startAnthropicStandIn(typeof script === 'function' ? script(project) : script));
  const session = randomUUID();
  const running = startClaude({
    cwd: project,
    home,
    args: ['-p', prompt, '--output-format', 'json', '--session-id', session],
    modelUrl: model.url,
    proxyUrl: hosts.proxy().url,
    timeoutMs: 170_000,
    env: {
      PATH: `${castOnPath(root)}:${process.env.PATH}`,
      CAST_URL: cast.url,
      CAST_TOKEN: token,
      CAST_CONFIG: join(root, 'cast-config.json'),
    },
  });
  hosts.host(running);
  /**
   * The next open card of the session, approved once `check` has looked at it. Looked for in the
   * database: the person's own reads through the API would spend their 60 a minute on polling.
   */
  const approveNext = async (check: (card: DecisionView) => void = () => {}) => {
    let card: DecisionView | undefined;
    await expect
      .poll(
        async () => {
          card = (await listSessionDecisions(cast.pool, member.workspaceId, session)).find((decision) => decision.status === 'open');
          return Boolean(card) || running.ended() !== null;
        },
        { timeout: 45_000, interval: 200 },
      )
      .toBe(true);
    if (!card) throw new Error(`claude ended before its card was open:\n${running.ended()?.stdout}\n${running.ended()?.stderr}`);
    check(card);
    await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    return card;
  };
  return { person, project, model, session, done: running.done, approveNext };
}

function succeeded(run: HostRun) {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { stop_reason: string; result: string; is_error: boolean };
}

const rateLimited = async () => (await refusals.get()).values.find((value) => value.labels.reason === 'rate_limited')?.value ?? 0;

describe('permission prompts under the real Claude Code (claude -p), with rate limits on', { timeout: 180_000 }, () => {
  it('issue 31 item 1: a burst of 18 prompts files every card without waiting on a rate limit; each approved call runs', async () => {
    const refusedBefore = await rateLimited();
    const writes: AnthropicTurn[] = Array.from({ length: 18 }, (_, index) => ({
      toolUse: { name: 'Bash', input: { command: `echo ${index} > step-${index}.txt`, description: `Write step ${index}` } },
    }));
    const claude = await claudeRunning([...writes, { text: 'All 18 written.' }], 'Write the 18 step files');
    const cards: DecisionView[] = [];
    for (let index = 0; index < 18; index += 1) {
      cards.push(
        await claude.approveNext((card) =>
          expect(card).toMatchObject({ question: 'Allow Bash?', context: `echo ${index} > step-${index}.txt` }),
        ),
      );
    }
    const run = await claude.done;
    expect(succeeded(run)).toMatchObject({ stop_reason: 'end_turn', result: 'All 18 written.', is_error: false });
    expect(new Set(cards.map((card) => card.id)).size).toBe(18);
    for (let index = 0; index < 18; index += 1) expect(readFileSync(join(claude.project, `step-${index}.txt`), 'utf8')).toBe(`${index}\n`);
    // Cast refused none of the hook's requests, and nothing sat out a Retry-After (FR-61's window is 60 s).
    expect(await rateLimited()).toBe(refusedBefore);
    expect(run.stderr).not.toMatch(/rate limit|429|Retry-After/i);
    expect(claude.model.toolResults().every((result) => result.is_error === false)).toBe(true);
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('issue 31 item 3: a 6,000-character command is filed whole, approved in the queue, and runs', async () => {
    const text = 'x'.repeat(5_980);
    const command = `printf '%s' '${text}' > long.txt`;
    expect(command.length).toBeGreaterThan(5_999);
    const claude = await claudeRunning(
      [{ toolUse: { name: 'Bash', input: { command, description: 'Write a long line' } } }, { text: 'Written.' }],
      'Write the long line',
    );
    await claude.approveNext((card) => {
      expect(card.context).toBe(command);
      expect(card.source).toMatchObject({ kind: 'permission', toolInput: { command, description: 'Write a long line' } });
      // The hook recorded when it stops waiting: its --timeout (10m in docs/cli.md) from now (issue 31 item 5).
      const waits = Date.parse((card.source as { waitsUntil: string }).waitsUntil) - Date.now();
      expect(waits).toBeGreaterThan(9 * 60_000);
      expect(waits).toBeLessThanOrEqual(10 * 60_000);
    });
    expect(succeeded(await claude.done)).toMatchObject({ result: 'Written.', is_error: false });
    expect(readFileSync(join(claude.project, 'long.txt'), 'utf8')).toBe(text);
  });

  it('issue 31 item 2: a Write card holds the content to be written, an Edit card the old and new strings', async () => {
    const content = '# Plan\n\n1. Write the tests\n2. Ship on Friday\n';
    const claude = await claudeRunning(
      (project) => [
        { toolUse: { name: 'Write', input: { file_path: join(project, 'plan.md'), content } } },
        {
          toolUse: {
            name: 'Edit',
            input: { file_path: join(project, 'plan.md'), old_string: 'Ship on Friday', new_string: 'Ship on Monday' },
          },
        },
        { text: 'Planned.' },
      ],
      'Write the plan, then move the ship day',
    );
    const path = join(claude.project, 'plan.md');
    await claude.approveNext((card) => {
      expect(card).toMatchObject({ question: 'Allow Write?', context: path });
      expect(card.source).toMatchObject({ kind: 'permission', tool: 'Write', toolInput: { file_path: path, content } });
    });
    await claude.approveNext((card) => {
      expect(card).toMatchObject({ question: 'Allow Edit?', context: path });
      expect(card.source).toMatchObject({
        kind: 'permission',
        tool: 'Edit',
        toolInput: { file_path: path, old_string: 'Ship on Friday', new_string: 'Ship on Monday' },
      });
    });
    expect(succeeded(await claude.done)).toMatchObject({ result: 'Planned.', is_error: false });
    expect(readFileSync(path, 'utf8')).toBe(content.replace('Friday', 'Monday'));
  });
});
