/**
 * Issue 31 item 6: one Cast session per host conversation. In one conversation the model asks
 * a question through `cast mcp`'s decide tool and makes a shell call that the permission hook
 * files; both land in ONE Cast session, the conversation's, so the queue groups it once.
 *
 * - Claude Code (`claude -p --mcp-config`, the documented PreToolUse hook): the hook reads the
 *   conversation from its payload's session_id, `cast mcp` from CLAUDE_CODE_SESSION_ID, which
 *   Claude Code gives its MCP servers (and which equals that session_id).
 * - Codex (`codex exec --approve-for-me`, `[mcp_servers.cast]` and `cast hook codex`): the hook
 *   reads the thread from its payload's session_id; Codex starts MCP servers with a cleared
 *   environment (no thread id in it), but names the thread in every tool call's `_meta.threadId`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionView } from '../../domain/decision';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import type { world } from '../support/agent-world';
import { runCast } from '../cli/run-cast';
import { startAnthropicStandIn, toolResultText } from '../support/hosts/anthropic-stand-in';
import { documentedClaudeHookSettings } from '../support/hosts/documented-settings';
import { hostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardOf } from '../support/hosts/open-card';
import { startOpenAiStandIn } from '../support/hosts/openai-stand-in';
import { startClaude } from '../support/hosts/run-claude';
import { startCodex } from '../support/hosts/run-codex';
import type { RunningHost } from '../support/hosts/run-host';

const hosts = hostTestWorld();

/** `cast decide` in the host's shell: it finds the conversation in the host's env (CLAUDE_CODE_SESSION_ID, CODEX_THREAD_ID). */
const shellDecide = (cast: string) =>
  `${cast} decide "Which file name?" -o "out.txt :: as asked" -o "hi.txt :: says what it holds" --advisory --default 1 ` +
  '--context "The file holds one greeting; either name works, and renaming it later costs nothing." --json';
const IN_ONE_SESSION = ['Allow Bash?', 'Which file name?', 'Which log format?'];

const QUESTION = {
  question: 'Which log format?',
  context: 'The export writes logs; JSON lines are greppable by tools, plain text is easier to read by eye.',
  options: ['JSON lines :: tools parse it', 'Plain text :: people read it'],
};

/** The permission card, once the hook has filed it (the decide tool's question is open in the session too). */
const permissionCardIn = (person: ReturnType<typeof world>, session: () => string | null, running: RunningHost) =>
  openCardOf(person, session, running.ended, (decision) => decision.question === 'Allow Bash?');

/** Every decision the person sees, with the session each is in (the queue's grouping). */
async function sessionsOf(person: ReturnType<typeof world>, session: string): Promise<DecisionView[]> {
  return (await person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions.map((e) => e.decision);
}

describe('issue 31 item 6: one Cast session per host conversation', { timeout: 120_000 }, () => {
  it("Claude Code: the decide tool (cast mcp), the hook's permission card and cast decide in Bash land in one session, Claude's session id", async () => {
    const { person, root, project, home, bin, castEnv, env } = await hostProject(hosts, 'Claude Code', 'cast-host-session-');
    mkdirSync(join(project, '.claude'), { recursive: true });
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify(documentedClaudeHookSettings(), null, 2));
    const mcpConfig = join(root, 'mcp.json');
    writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { cast: { command: join(bin, 'cast'), args: ['mcp'], env: castEnv } } }));
    const model = await startAnthropicStandIn([
      { toolUse: { name: 'mcp__cast__decide', input: { ...QUESTION, mode: 'advisory', defaultOption: 1 } } },
      { toolUse: { name: 'Bash', input: { command: shellDecide('cast'), description: 'Ask which file name' } } },
      { text: 'Done.' },
    ]);
    hosts.model(model);
    const session = randomUUID();
    const running = startClaude({
      cwd: project,
      home,
      args: [
        '-p',
        'Log, then write hi',
        '--output-format',
        'json',
        '--session-id',
        session,
        '--mcp-config',
        mcpConfig,
        '--allowedTools',
        'mcp__cast__decide',
      ],
      modelUrl: model.url,
      proxyUrl: hosts.proxy().url,
      timeoutMs: 120_000,
      env,
    });
    hosts.host(running);

    const card = await permissionCardIn(person, () => session, running);
    await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await running.done;
    expect(run.code, run.stderr).toBe(0);
    // Claude Code 2.x defers MCP tools behind ToolSearch (as docs/hosts/ say): its first request offers ToolSearch, not decide.
    const offered = (model.turns()[0]?.body?.tools ?? []).map((tool) => tool.name);
    expect(offered).toContain('ToolSearch');
    expect(offered).not.toContain('mcp__cast__decide');
    expect(toolResultText(model.toolResults()[0]!)).toContain('"question":"Which log format?"');
    expect(toolResultText(model.toolResults()[1]!)).toContain('"question":"Which file name?"');

    const inSession = await sessionsOf(person, session);
    expect(inSession.map((decision) => decision.question).sort()).toEqual(IN_ONE_SESSION);
  });

  it("Codex: the decide tool (cast mcp), cast hook codex's permission card and cast decide in the shell land in one session, Codex's thread id", async () => {
    const { person, root, project, home, bin, castEnv, env } = await hostProject(hosts, 'Codex', 'cast-host-session-');
    const codexHome = join(root, 'codex-home');
    const install = await runCast(['install', 'codex'], { cwd: project, env: { CODEX_HOME: codexHome } });
    expect(install.code, install.stderr).toBe(0);
    const model = await startOpenAiStandIn([
      { functionCall: { namespace: 'mcp__cast', name: 'decide', arguments: { ...QUESTION, mode: 'advisory', defaultOption: 1 } } },
      {
        functionCall: {
          name: 'exec_command',
          // Codex runs it in a login shell (bash -lc), whose profile sets PATH afresh: cast by its path.
          arguments: {
            cmd: shellDecide(join(bin, 'cast')),
            sandbox_permissions: 'require_escalated',
            justification: 'Ask which file name?',
          },
        },
      },
      { text: 'Done.' },
    ]);
    hosts.model(model);
    const mcpEnv = Object.entries(castEnv)
      .map(([key, value]) => `${key} = ${JSON.stringify(value)}`)
      .join(', ');
    const running = await startCodex({
      cwd: project,
      home,
      codexHome,
      // As docs/hosts/codex.md writes it: Codex does not wait for an optional MCP server, and on a
      // loaded machine refused the model's first decide call (`unsupported call`) before it was up.
      configToml: `[mcp_servers.cast]\ncommand = ${JSON.stringify(join(bin, 'cast'))}\nargs = ["mcp"]\nenv = { ${mcpEnv} }\nstartup_timeout_sec = 60\nrequired = true`,
      trustHooks: true,
      args: ['exec', '--json', '--skip-git-repo-check', '--approve-for-me', 'Log, then write hi'],
      modelUrl: model.url,
      proxyUrl: hosts.proxy().url,
      timeoutMs: 120_000,
      env,
    });
    hosts.host(running);
    const thread = () => /"type":"thread\.started","thread_id":"([^"]+)"/.exec(running.stdout())?.[1] ?? null;

    const card = await permissionCardIn(person, thread, running);
    await person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await running.done;
    expect(run.code, run.stderr).toBe(0);
    // The decide tool ran (Codex did not refuse it for a server that had not started yet).
    expect(run.stderr).not.toContain('unsupported call');

    const inSession = await sessionsOf(person, thread()!);
    expect(inSession.map((decision) => decision.question).sort()).toEqual(IN_ONE_SESSION);
  });
});
