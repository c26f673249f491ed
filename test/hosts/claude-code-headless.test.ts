/**
 * Issue 31 item 10, with the real Claude Code: a headless run (`claude -p`) parks on its card
 * instead of holding a hook open. The hook settings are the ones `cast install claude-code
 * --headless` writes for the pinned version (PreToolUse, `cast hook claude-code --park`). The run
 * files its card, answers "defer", and ends at once with stop_reason "tool_deferred"; the
 * person answers in the queue; `cast runner --once` — the restart runner, with the command the
 * docs give — resumes the conversation (`claude --resume {session} -p {message}`), Claude Code
 * runs the hook again for the same tool_use_id, and the hook answers from the card at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { jsonOf, runCast } from '../cli/run-cast';
import { toolResultText, type AnthropicStandIn } from '../support/hosts/anthropic-stand-in';
import { printed, startClaudePrint, type ClaudeResult } from '../support/hosts/claude-print-run';
import { claudeProject, type ClaudeProject } from '../support/hosts/claude-project';
import { hostTestWorld } from '../support/hosts/host-test-world';
import { claudeEnv, runClaude } from '../support/hosts/run-claude';

const hosts = hostTestWorld();

const WRITE_HI = { toolUse: { name: 'Bash', input: { command: 'echo hi > out.txt', description: 'Write hi to out.txt' } } };
const RUNNER_EXEC = 'claude --resume {session} -p {message} --output-format json';

/** A `claude -p` run in a project installed with --headless; it ends on its own (deferred). */
async function parkedRun() {
  const project = await claudeProject(hosts, ['--headless']);
  const { model, session, running } = await startClaudePrint(hosts, project, {
    prompt: 'Write hi to out.txt',
    script: [WRITE_HI, { text: 'Done writing.' }, { text: 'Noted.' }],
  });
  const run = await running.done;
  return { ...project, model, session, run, result: printed<ClaudeResult & { deferred_tool_use?: { id: string } }>(run) };
}

/** The runner, as a person would start it in the project: it resumes ready runs with the real claude. */
async function runnerOnce(project: ClaudeProject, model: AnthropicStandIn) {
  const ran = await runCast(['runner', '--once', '--json', '--exec', RUNNER_EXEC], {
    cwd: project.project,
    env: {
      ...project.env,
      ...claudeEnv(model.url),
      HOME: project.home,
      HTTPS_PROXY: hosts.proxy().url,
      HTTP_PROXY: hosts.proxy().url,
      NO_PROXY: '127.0.0.1,localhost',
      CAST_SESSION: undefined,
      CLAUDECODE: undefined,
      CLAUDE_CODE_ENTRYPOINT: undefined,
      CLAUDE_CODE_SESSION_ATTENDED: undefined,
    },
  });
  expect(ran.code, ran.stderr).toBe(0);
  return { pass: jsonOf<{ runs: { status: string; failureReason: string | null }[] }>(ran), stderr: ran.stderr };
}

/** Waits until the answer's delivery made the parked run ready (delivery runs after the answer returns). */
async function readyRun(parked: Awaited<ReturnType<typeof parkedRun>>) {
  await expect
    .poll(async () => (await parked.person.send(runRoutes.listRuns, { query: { status: 'ready', session: parked.session } })).runs.length, {
      timeout: 30_000,
    })
    .toBe(1);
}

/** `claude -p --resume` run by hand, with no new prompt: Claude Code runs the deferred call's hook again. */
function resumeByHand(parked: Awaited<ReturnType<typeof parkedRun>>) {
  return runClaude({
    cwd: parked.project,
    home: parked.home,
    args: ['-p', '--resume', parked.session, '--output-format', 'json'],
    modelUrl: parked.model.url,
    proxyUrl: hosts.proxy().url,
    timeoutMs: 120_000,
    env: parked.env,
  });
}

async function cardOf(parked: Awaited<ReturnType<typeof parkedRun>>) {
  const { decisions } = await parked.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: parked.session } });
  const cards = decisions.filter(({ decision }) => decision.source?.kind === 'permission');
  expect(cards).toHaveLength(1);
  return cards[0]!.decision;
}

describe('issue 31 item 10: a headless claude -p run parks on its card and resumes with the answer', { timeout: 180_000 }, () => {
  it('cast install claude-code --headless writes the PreToolUse hook with --park, a timeout above the hook’s and onFailure block', async () => {
    const project = await claudeProject(hosts, ['--headless']);
    expect(project.settings.hooks).toEqual({
      PreToolUse: [
        {
          matcher: 'Bash|Write|Edit|MultiEdit|NotebookEdit|WebFetch',
          hooks: [
            {
              type: 'command',
              command: 'cast hook claude-code --timeout 10m --park',
              timeout: 660,
              statusMessage: 'Waiting for your answer in Cast…',
              onFailure: 'block',
            },
          ],
        },
      ],
    });
  });

  it('defers and exits at once with the card in the queue; approved, the runner resumes it and the tool runs', async () => {
    const parked = await parkedRun();
    expect(parked.result).toMatchObject({ session_id: parked.session, stop_reason: 'tool_deferred' });
    expect(parked.result.deferred_tool_use).toMatchObject({ id: 'toolu_stand_in_1' });
    expect(existsSync(join(parked.project, 'out.txt'))).toBe(false);
    const card = await cardOf(parked);
    expect(card).toMatchObject({ status: 'open', question: 'Allow Bash?', context: 'echo hi > out.txt' });
    const { session } = await parked.person.send(sessionRoutes.getSession, { params: { id: parked.session } });
    expect(session.latestRun?.status).toBe('parked');

    await parked.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    await readyRun(parked);
    const { pass, stderr } = await runnerOnce(parked, parked.model);
    expect(pass.runs, stderr).toEqual([expect.objectContaining({ status: 'completed' })]);

    expect(readFileSync(join(parked.project, 'out.txt'), 'utf8')).toBe('hi\n');
    const [result] = parked.model.toolResults();
    expect(result).toMatchObject({ tool_use_id: 'toolu_stand_in_1', is_error: false });
    expect(toolResultText(result!)).toBe('(Bash completed with no output)');
    // Answered from the card: no second card was filed on resume.
    const { decisions } = await parked.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: parked.session } });
    expect(decisions).toHaveLength(1);
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('denied with a reason, the resumed run does not run the tool and the model reads the reason', async () => {
    const parked = await parkedRun();
    expect(parked.result.stop_reason).toBe('tool_deferred');
    const card = await cardOf(parked);
    await parked.person.answer(card.id, 1, { kind: 'approval', decision: 'reject' }, 'Not in this folder; use scratch/.');
    await readyRun(parked);
    const { pass, stderr } = await runnerOnce(parked, parked.model);
    expect(pass.runs, stderr).toEqual([expect.objectContaining({ status: 'completed' })]);

    expect(existsSync(join(parked.project, 'out.txt'))).toBe(false);
    const [result] = parked.model.toolResults();
    expect(result).toMatchObject({ tool_use_id: 'toolu_stand_in_1', is_error: true });
    expect(toolResultText(result!)).toBe(`PreToolUse:Bash hook error: Denied in Cast (${card.id}): Not in this folder; use scratch/.`);
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('issue 38 item 4 — another decision of the session answered first does not resume it; its own card does, and the command runs', async () => {
    const parked = await parkedRun();
    expect(parked.result.stop_reason).toBe('tool_deferred');
    const card = await cardOf(parked);
    const { session } = await parked.person.send(sessionRoutes.getSession, { params: { id: parked.session } });
    // The card holds the run it parked: only its answer restarts it.
    expect(card.links.runId).toBe(session.latestRun?.id);
    expect(session.latestRun?.status).toBe('parked');

    // The same agent files another decision in the session, naming no run, and the person answers it first.
    const other = await hosts.cast().send(parked.token, decisionRoutes.fileDecision, {
      body: {
        question: 'Keep the notes folder in git?',
        context: 'The notes folder is not under version control yet.',
        asks: [{ kind: 'approval', prompt: 'Put notes/ under git', action: { kind: 'send_message', summary: 'git init notes/' } }],
        session: parked.session,
      },
    });
    const pane = await parked.person.send(decisionRoutes.getDecision, { params: { id: other.decision.id } });
    expect(pane.detail.pickup).toBe('none');
    await parked.person.answer(other.decision.id, 1, { kind: 'approval', decision: 'approve' });
    expect((await parked.person.delivered(other.decision.id)).delivery).toMatchObject({ kind: 'nothing' });

    // Nothing is ready, so the runner resumes nothing: the deferred call waits for its own card.
    const idle = await runnerOnce(parked, parked.model);
    expect(idle.pass.runs, idle.stderr).toEqual([]);
    expect(parked.model.toolResults()).toEqual([]);
    expect(existsSync(join(parked.project, 'out.txt'))).toBe(false);
    expect((await parked.person.decision(card.id)).status).toBe('open');
    const still = await parked.person.send(sessionRoutes.getSession, { params: { id: parked.session } });
    expect(still.session.latestRun).toMatchObject({ id: session.latestRun!.id, status: 'parked' });

    await parked.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' });
    await readyRun(parked);
    const { pass, stderr } = await runnerOnce(parked, parked.model);
    expect(pass.runs, stderr).toEqual([expect.objectContaining({ status: 'completed' })]);
    // Approved, and the command really ran: the model reads its result, not a missing one.
    expect(readFileSync(join(parked.project, 'out.txt'), 'utf8')).toBe('hi\n');
    const [result] = parked.model.toolResults();
    expect(result).toMatchObject({ tool_use_id: 'toolu_stand_in_1', is_error: false });
    expect(toolResultText(result!)).toBe('(Bash completed with no output)');
    expect(hosts.proxy().connections()).toBe(0);
  });

  it('issue 38 item 4 — resumed after its card was archived, the call does not run and the model is told so, not "Approved"', async () => {
    const parked = await parkedRun();
    const card = await cardOf(parked);
    await parked.person.send(decisionRoutes.archiveDecision, { params: { id: card.id }, body: {} });
    const again = await resumeByHand(parked);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(parked.project, 'out.txt'))).toBe(false);
    const [result] = parked.model.toolResults();
    expect(result).toMatchObject({ tool_use_id: 'toolu_stand_in_1', is_error: true });
    expect(toolResultText(result!)).toBe(
      `PreToolUse:Bash hook error: ${card.id} was archived in Cast without a y / n, so this call did not run. Ask for it again if it is still needed.`,
    );
  });

  it('issue 38 item 4 — resumed while its card is open and the session runs again without it: the card is withdrawn and the model told the call did not run', async () => {
    const parked = await parkedRun();
    const card = await cardOf(parked);
    // Something other than the card's answer runs the session again (a host resuming it by hand reports its run running).
    await hosts.cast().send(parked.token, runRoutes.updateRun, { params: { id: card.links.runId! }, body: { status: 'running' } });
    const again = await resumeByHand(parked);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(parked.project, 'out.txt'))).toBe(false);
    const [result] = parked.model.toolResults();
    expect(result).toMatchObject({ tool_use_id: 'toolu_stand_in_1', is_error: true });
    expect(toolResultText(result!)).toBe(
      `PreToolUse:Bash hook error: ${card.id} had no answer in Cast when this session ran again, so this call did not run and ${card.id} was withdrawn. Ask for it again if it is still needed.`,
    );
    // The person sees it too: the card left the queue withdrawn, and an approval now reaches no one.
    expect((await parked.person.decision(card.id)).status).toBe('withdrawn');
    const late = await parked.person.answer(card.id, 1, { kind: 'approval', decision: 'approve' }).catch((error: unknown) => error);
    expect(late).toMatchObject({ problem: { status: 409 } });
  });

  it('resumed before anyone answered, it defers again without filing a second card', async () => {
    const parked = await parkedRun();
    const again = await runClaude({
      cwd: parked.project,
      home: parked.home,
      args: ['-p', '--resume', parked.session, '--output-format', 'json'],
      modelUrl: parked.model.url,
      proxyUrl: hosts.proxy().url,
      timeoutMs: 120_000,
      env: parked.env,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ session_id: parked.session, stop_reason: 'tool_deferred' });
    expect(existsSync(join(parked.project, 'out.txt'))).toBe(false);
    expect((await cardOf(parked)).status).toBe('open');
    const { session } = await parked.person.send(sessionRoutes.getSession, { params: { id: parked.session } });
    expect(session.latestRun?.status).toBe('parked');
  });
});
