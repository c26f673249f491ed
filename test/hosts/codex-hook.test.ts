/**
 * `cast hook codex` under the real Codex 0.171.0 (issue 31 item 12): the pinned `codex exec`,
 * against a scripted Responses API on loopback, with the hook written exactly as
 * `cast install codex` writes it ($CODEX_HOME/hooks.json, Codex's PermissionRequest) and the
 * real `cast` on its PATH. `codex exec` silently skips a hook nobody trusted, so each run first
 * trusts it as Codex's /hooks review does (trust-codex-hooks.ts, through Codex's own
 * app-server). `codex exec` asks for approval — and so runs a PermissionRequest hook — only with
 * `--approve-for-me`; the model asks to run `echo hi > out.txt` with escalated permissions,
 * which Codex must approve first.
 *
 * Codex never runs a call nobody approved: approved in the queue, it runs; rejected, it does
 * not and the reason reaches the model; with Cast unreachable, silent, or nobody answering
 * before --timeout, the hook denies. A hook that printed nothing or failed would hand the call
 * to Codex's automatic reviewer instead, and the model stand-in plays a reviewer that approves
 * every call, so only the hook's deny keeps the call from running; in the approval test the
 * reviewer fails instead, so only the hook's allow runs it. Before this hook, `cast hook claude-code` as a Codex
 * PreToolUse hook answered "ask" there, which Codex does not support, and the write ran.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleRoutes } from '../../domain/routes/rules';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { CAST_BIN, runCast } from '../cli/run-cast';
import { pathWithoutCast } from '../support/hosts/cast-on-path';
import { hostProject, type HostProject } from '../support/hosts/host-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { openCardOf } from '../support/hosts/open-card';
import { callOutputText, startOpenAiStandIn, type OpenAiStandIn } from '../support/hosts/openai-stand-in';
import { startCodex } from '../support/hosts/run-codex';
import type { HostRun } from '../support/hosts/run-host';
import { startSilentServer } from '../support/silent-server';

const hosts = hostTestWorld();

/** Codex's shell tool, asked to run outside the sandbox: Codex must get approval first. */
const WRITE_HI = {
  functionCall: {
    name: 'exec_command',
    arguments: { cmd: 'echo hi > out.txt', sandbox_permissions: 'require_escalated', justification: 'Write hi to out.txt?' },
  },
};

/** Where Codex may try to reach by itself (update and plugin checks); the refuser turns them away. */
const CODEX_OWN_HOSTS = /^CONNECT (github\.com|api\.github\.com|chatgpt\.com|[a-z0-9.-]+\.openai\.com):443 /;

/**
 * A person, their agent's token, and `codex exec --approve-for-me` in a project, with the hook
 * `cast install codex` wrote into $CODEX_HOME/hooks.json (`hookTimeout` replaces its --timeout).
 * `castOnPath: false` gives Codex a PATH without `cast`; `castGone` installs from a copy of the
 * CLI that is deleted before Codex runs (moved, uninstalled).
 */
async function codexInProject(
  options: {
    castUrl?: string;
    hookTimeout?: string;
    reviewer?: 'allow' | 'fails';
    castOnPath?: boolean;
    castGone?: boolean;
    /** Done as the person before Codex starts (a rule of theirs, say). */
    before?: (person: HostProject['person']) => Promise<void>;
  } = {},
) {
  const { person, root, home, project, env } = await hostProject(hosts, 'Codex', 'cast-host-codex-');
  await options.before?.(person);
  const codexHome = join(root, 'codex-home');

  if (options.castGone) {
    const copy = join(root, 'moved-cast');
    cpSync(dirname(CAST_BIN), copy, { recursive: true });
    execFileSync(process.execPath, [join(copy, 'cast.cjs'), 'install', 'codex'], {
      cwd: project,
      env: { ...process.env, CODEX_HOME: codexHome },
    });
    rmSync(copy, { recursive: true });
  } else {
    const install = await runCast(['install', 'codex'], { cwd: project, env: { CODEX_HOME: codexHome } });
    expect(install.code, install.stderr).toBe(0);
  }
  const hooksJson = join(codexHome, 'hooks.json');
  if (options.hookTimeout) {
    writeFileSync(hooksJson, readFileSync(hooksJson, 'utf8').replace('--timeout 10m', `--timeout ${options.hookTimeout}`));
  }

  // Codex's automatic reviewer, where a hook that decides nothing sends the call, approves
  // everything (the default here), or fails, so that only the hook's allow can run the call.
  const reviewer = options.reviewer ?? 'allow';
  const model = await startOpenAiStandIn([WRITE_HI, { text: 'Done writing.' }], reviewer === 'allow' ? { reviewer } : {});
  hosts.model(model);
  const attemptsBefore = hosts.proxy().attempts.length;
  const running = await startCodex({
    cwd: project,
    home,
    codexHome,
    trustHooks: true,
    args: ['exec', '--json', '--skip-git-repo-check', '--approve-for-me', 'Write hi to out.txt'],
    modelUrl: model.url,
    proxyUrl: hosts.proxy().url,
    timeoutMs: 120_000,
    env: { ...env, CAST_URL: options.castUrl ?? env.CAST_URL, ...(options.castOnPath === false ? { PATH: pathWithoutCast() } : {}) },
  });
  hosts.host(running);
  /** Codex's thread id, which its hooks get as session_id: the first JSONL event says it. */
  const thread = () => /"type":"thread\.started","thread_id":"([^"]+)"/.exec(running.stdout())?.[1] ?? null;
  /** Where this run tried to go through the proxy: Codex's own checks only, every one refused. */
  const leftTowards = () =>
    hosts
      .proxy()
      .attempts.slice(attemptsBefore)
      .filter((attempt) => !CODEX_OWN_HOSTS.test(attempt));
  return { person, project, model, thread, leftTowards, done: running.done, ended: running.ended, stdout: running.stdout };
}

function commandRan(run: HostRun): boolean {
  return run.stdout.split('\n').some((line) => line.includes('"type":"item.completed"') && line.includes('"exit_code":0'));
}

/** What the model was told about its shell call. */
const toldModel = (model: OpenAiStandIn) => model.callOutputs().map(callOutputText);

describe('issue 31 item 12: cast hook codex, run by the real Codex (codex exec --approve-for-me)', { timeout: 120_000 }, () => {
  it("files the call Codex asks about in the queue under Codex's thread id; approved there, the call runs", async () => {
    // The reviewer fails here: the call runs only on the hook's own allow.
    const codex = await codexInProject({ reviewer: 'fails' });
    const card = await openCardOf(codex.person, codex.thread, codex.ended);
    expect(card).toMatchObject({ question: 'Allow Bash?', mode: 'blocking', context: 'echo hi > out.txt' });
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);

    await codex.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(commandRan(run), run.stdout).toBe(true);
    expect(readFileSync(join(codex.project, 'out.txt'), 'utf8')).toBe('hi\n');
    expect(codex.leftTowards()).toEqual([]);
  });

  it('rejected in the queue with a reason, the call does not run and the reason reaches the model', async () => {
    const codex = await codexInProject();
    const card = await openCardOf(codex.person, codex.thread, codex.ended);
    await codex.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this folder; use scratch/.');
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
    expect(toldModel(codex.model)).toEqual([expect.stringContaining(`Denied in Cast (${card.id}): Not in this folder; use scratch/.`)]);
    expect(codex.leftTowards()).toEqual([]);
  });

  it('with Cast unreachable, Codex never runs the call, and the model is told nobody approved it', async () => {
    const codex = await codexInProject({ castUrl: `http://127.0.0.1:9/${randomUUID()}` });
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
    expect(toldModel(codex.model)).toEqual([expect.stringContaining('Nobody approved this call in Cast, so Codex does not run it.')]);
    expect(codex.leftTowards()).toEqual([]);
  });

  it("issue 42: a rule in Cast answers Codex's call at once: it runs, and no card ever waited for a person", async () => {
    // The reviewer fails: only the hook's allow, given by the rule, runs the call.
    const codex = await codexInProject({
      reviewer: 'fails',
      before: async (person) => {
        await person.send(ruleRoutes.createRule, {
          body: {
            name: 'hi may be written',
            reason: 'It only writes out.txt.',
            mode: 'on',
            conditions: { tool: { name: 'Bash', command: 'echo hi > out.txt' } },
            effect: { kind: 'approve' },
          },
        });
      },
    });
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(commandRan(run), run.stdout).toBe(true);
    expect(readFileSync(join(codex.project, 'out.txt'), 'utf8')).toBe('hi\n');
    const { decisions } = await codex.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: codex.thread()! } });
    expect(decisions.map(({ decision }) => [decision.status, decision.asks[0]!.answer?.provenance?.actor.kind])).toEqual([
      ['resolved', 'rule'],
    ]);
  });

  it('with Cast silent past --timeout, Codex never runs the call', async () => {
    const silent = await startSilentServer();
    try {
      const codex = await codexInProject({ castUrl: silent.url, hookTimeout: '3s' });
      const run = await codex.done;
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
      expect(toldModel(codex.model)).toEqual([expect.stringContaining('Cast did not answer within 3s')]);
      expect(codex.leftTowards()).toEqual([]);
    } finally {
      await silent.close();
    }
  });

  it('issue 40 item 8: with nobody answering before --timeout, the card is withdrawn, Codex never runs the call and its model reads that nobody answered in time', async () => {
    const codex = await codexInProject({ hookTimeout: '4s' });
    const card = await openCardOf(codex.person, codex.thread, codex.ended);
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
    expect(toldModel(codex.model)).toEqual([expect.stringContaining(`Nobody answered in Cast in time (4s); ${card.id} was withdrawn.`)]);
    expect(codex.leftTowards()).toEqual([]);
  });
});

describe('issue 38 item 8: the installed hook fails closed where Codex would fall through', { timeout: 120_000 }, () => {
  it("with no cast on Codex's PATH, the installed hook still runs cast (by absolute path) and asks in the queue", async () => {
    expect(process.env.PATH).not.toMatch(/(^|:)[^:]*cast-host-[^:]*\/bin(:|$)/);
    // The reviewer fails here: the call runs only on the hook's own allow.
    const codex = await codexInProject({ castOnPath: false, reviewer: 'fails' });
    const card = await openCardOf(codex.person, codex.thread, codex.ended);
    await codex.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(codex.project, 'out.txt'), 'utf8')).toBe('hi\n');
  });

  it('with the cast it was installed from gone, the hook denies: the command never runs, and the output says why', async () => {
    // The reviewer approves whatever reaches it: only the installed line's own deny keeps the call from running.
    const codex = await codexInProject({ castOnPath: false, castGone: true });
    const run = await codex.done;
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(codex.project, 'out.txt'))).toBe(false);
    expect(commandRan(run)).toBe(false);
    const why = 'cast hook codex could not run (its command is missing, or it failed before answering)';
    expect(toldModel(codex.model)).toEqual([expect.stringContaining(why)]);
    // codex exec says it too (its --json stdout shows nothing of a refused call; its stderr logs the refusal).
    expect(run.stderr).toContain(`Rejected(\\"${why}`);
    expect(codex.leftTowards()).toEqual([]);
  });
});
