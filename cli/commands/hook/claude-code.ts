/**
 * `cast hook claude-code`: a Claude Code PreToolUse hook. It files the tool call as a blocking
 * permission decision in the hook's session (CAST_SESSION overrides it), waits for the person's
 * y / n in the queue, and prints allow or deny (with their reason). With no answer by --timeout
 * it withdraws the card and prints "ask", so Claude Code asks in the terminal instead.
 *
 * Exit codes (Claude Code reads them, not the CLI's usual ones): 0 a decision was printed;
 * 1 nothing was decided (bad input, Cast unreachable) — Claude Code reports a non-blocking
 * error and goes on with its own permission rules; 130 interrupted (the card is withdrawn).
 * Never 2: Claude Code treats 2 as "block this tool call".
 */
import type { Command } from 'commander';
import type { DecisionView } from '../../../domain/decision';
import { getDecision, waitForDecision, withdrawDecision } from '../../../domain/routes/decisions';
import { fileHostPrompt, putSession } from '../../../domain/routes/sessions';
import { hostSession, scope } from '../../config';
import { ApiError, type Client } from '../../http';
import { CliError, Exit, hint } from '../../output';
import { readStdin } from '../decide/decision-input';
import { connect } from '../decide/target';
import { parseDuration } from '../decide/wait';
import { preToolUseOutput, PreToolUseInput, summarizeToolInput, type PermissionDecision } from './pre-tool-use';

/** Claude Code's own default hook timeout is 600 s; the settings snippet raises it above ours. */
const DEFAULT_TIMEOUT = '10m';
const SLICE_SECONDS = 25;

type Verdict = { decision: PermissionDecision; reason: string };

export function registerClaudeCodeHook(hook: Command): void {
  hook
    .command('claude-code')
    .description("Claude Code PreToolUse hook: ask the tool call's permission in the Cast queue (reads the hook JSON on stdin)")
    .option('--timeout <duration>', 'stop waiting after this long and let Claude Code ask in the terminal (30s, 5m, 1h)', DEFAULT_TIMEOUT)
    .action(async (opts: { timeout: string }) => {
      try {
        process.stdout.write(`${await answerPermission(opts.timeout)}\n`);
      } catch (error) {
        // Exit 2 would block the tool call: every failure here is a plain error (1).
        if (error instanceof CliError && error.exitCode !== Exit.interrupted)
          throw new CliError(error.message, Exit.error, error.json, error.code);
        throw error;
      }
    });
}

async function readHookInput(): Promise<PreToolUseInput> {
  const text = await readStdin();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CliError(
      'cast hook claude-code reads the PreToolUse hook JSON on stdin; that was not JSON.',
      Exit.error,
      {},
      'bad_hook_input',
    );
  }
  const input = PreToolUseInput.safeParse(raw);
  if (!input.success) {
    const fields = input.error.issues.map((issue) => issue.path.join('.') || '(input)').join(', ');
    throw new CliError(
      `The hook input lacks or mangles ${fields}; is this a Claude Code PreToolUse hook?`,
      Exit.error,
      {},
      'bad_hook_input',
    );
  }
  if (input.data.hook_event_name !== 'PreToolUse') {
    throw new CliError(
      `cast hook claude-code answers PreToolUse only; it was run for ${input.data.hook_event_name}.`,
      Exit.error,
      {},
      'bad_hook_input',
    );
  }
  return input.data;
}

async function answerPermission(timeout: string): Promise<string> {
  const deadline = Date.now() + parseDuration(timeout) * 1000;
  const input = await readHookInput();
  const session = hostSession(input.session_id);
  const api = connect();
  // Claude Code kills the hook when its own timeout passes or the person interrupts it. Filing
  // is never cut short (a half-sent card could be left open); waiting is.
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const filed = await filePermission(api, session, input);
    hint(`cast: ${filed.id} "${filed.question}" is in the Cast queue; waiting up to ${timeout} for y / n.`);
    try {
      let decision = filed;
      while (decision.status === 'open' && Date.now() < deadline) {
        interrupt.signal.throwIfAborted();
        const seconds = Math.max(0, Math.min(SLICE_SECONDS, (deadline - Date.now()) / 1000));
        ({ decision } = await api.request(
          waitForDecision,
          { params: { id: filed.id }, query: { timeout: Number(seconds.toFixed(1)) } },
          interrupt.signal,
        ));
      }
      const timedOut = decision.status === 'open';
      if (timedOut) decision = await withdraw(api, filed.id);
      const verdict = verdictOf(
        decision,
        timedOut ? `No answer in Cast after ${timeout}; ${filed.id} was withdrawn. Asking in the terminal instead.` : null,
      );
      return preToolUseOutput(verdict.decision, verdict.reason);
    } catch (error) {
      if (!interrupt.signal.aborted) throw error;
      await withdraw(api, filed.id).catch(() => undefined);
      throw new CliError(`Stopped waiting; ${filed.id} was withdrawn from the queue.`, Exit.interrupted, {}, 'interrupted');
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Files the tool call as a permission card in the session, registered with its project (Claude Code's cwd). */
async function filePermission(api: Client, session: string, input: PreToolUseInput): Promise<DecisionView> {
  await api.request(putSession, { params: { id: session }, body: { scope: scope(input.cwd) } });
  const summary = summarizeToolInput(input.tool_input);
  const { decision } = await api.request(fileHostPrompt, {
    params: { id: session },
    body: {
      kind: 'permission',
      tool: input.tool_name,
      ...(summary ? { input: summary } : {}),
      ...(input.tool_use_id ? { requestId: input.tool_use_id } : {}),
    },
  });
  return decision;
}

/** Takes the card out of the queue; an answer that landed first wins and is returned instead. */
async function withdraw(api: Client, id: string): Promise<DecisionView> {
  try {
    return (await api.request(withdrawDecision, { params: { id }, body: {} })).decision;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.problem.code !== 'decision_not_open' && error.problem.code !== 'decision_archived'))
      throw error;
    return (await api.request(getDecision, { params: { id } })).decision;
  }
}

/** The person's y / n; anything else (no answer in time, archived, withdrawn) hands the question back to the terminal. */
function verdictOf(decision: DecisionView, timedOut: string | null): Verdict {
  const ask = decision.asks[0];
  const answer = ask?.answer;
  if (decision.status === 'resolved' && answer?.value.kind === 'approval') {
    const reason = answer.reason ? `: ${answer.reason}` : '.';
    return answer.value.decision === 'approve'
      ? { decision: 'allow', reason: `Approved in Cast (${decision.id})${reason}` }
      : { decision: 'deny', reason: `Denied in Cast (${decision.id})${reason}` };
  }
  if (timedOut) return { decision: 'ask', reason: timedOut };
  return { decision: 'ask', reason: `${decision.id} was ${decision.status} in Cast without a y / n; asking in the terminal instead.` };
}
