/**
 * What `cast hook claude-code` does: within the run's bound, reads the payload, files the tool
 * call as a permission card in the hook's session, waits for the person's y / n, and prints the
 * verdict. Any stop or failure withdraws a card it filed and prints "ask" with the reason.
 */
import { randomUUID } from 'node:crypto';
import type { DecisionView } from '../../../domain/decision';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { ApiError } from '../../api-error';
import { hostSession, scope } from '../../config';
import { parseDuration } from '../../duration-flag';
import type { Client } from '../../http';
import { CliError, Exit, hint } from '../../output';
import { readStdin } from '../decide/decision-input';
import { connect } from '../decide/target';
import { failedReason, stoppedReason, type CardFate } from './ask-reason';
import { PreToolUseInput } from './pre-tool-use';
import { RunBound } from './run-bound';
import { ask, printVerdict, type Verdict } from './verdict';

const SLICE_SECONDS = 25;
/** Withdrawing after --timeout may take this much longer; after a signal, less, so the hook ends within a second. */
const WITHDRAW_AFTER_TIMEOUT_MS = 2000;
const WITHDRAW_AFTER_SIGNAL_MS = 600;
/** Once the answer is printed, whatever still holds the process (stdin never closed, a socket kept open) is let go. */
const LEAVE_AFTER_MS = 200;

/** The card being filed: its id is known once Cast answers; until then its request id finds it. */
type Filing = { api: Client; session: string; requestId: string; card: DecisionView | null; waitsUntil: string };

export async function run(opts: { timeout: string }): Promise<void> {
  printVerdict(await answerPermission(opts.timeout));
  setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
}

async function answerPermission(timeout: string): Promise<Verdict> {
  const bound = new RunBound();
  let filing: Filing | null = null;
  try {
    const seconds = parseDuration(timeout);
    bound.arm(seconds);
    // Recorded on the card: past it nobody waits, and Cast withdraws it (issue 31 item 5).
    const waitsUntil = new Date(Date.now() + seconds * 1000).toISOString();
    const input = await bound.race(readHookInput());
    const api = connect();
    const session = hostSession(input.session_id);
    filing = { api, session, requestId: input.tool_use_id ?? randomUUID(), card: null, waitsUntil };
    filing.card = await filePermission(filing, input, bound.signal);
    hint(`cast: ${filing.card.id} "${filing.card.question}" is in the Cast queue; waiting up to ${timeout} for y / n.`);
    return verdictOf(await answered(api, filing.card, bound.signal));
  } catch (error) {
    const stopped = bound.stopped;
    // A refusal means Cast filed nothing; anything else (a stop, a lost connection) may have left a card.
    const mayHaveFiled = filing !== null && (filing.card !== null || !(error instanceof ApiError));
    const ms = stopped?.kind === 'signal' ? WITHDRAW_AFTER_SIGNAL_MS : WITHDRAW_AFTER_TIMEOUT_MS;
    const fate = mayHaveFiled ? await withdrawWithin(filing!, ms) : null;
    // An answer that landed before the withdrawal stands.
    if (fate && 'decision' in fate && fate.decision.status === 'resolved') return verdictOf(fate.decision);
    const verdict = ask(stopped ? stoppedReason(stopped, timeout, filing?.card != null, fate) : failedReason(error, fate));
    hint(`cast: ${verdict.reason}`);
    return verdict;
  } finally {
    bound.dispose();
  }
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

/**
 * Files the tool call as a permission card: the whole input goes, and Cast makes the card of it.
 * One write per prompt: the filing registers the session with its project (Claude Code's cwd).
 */
async function filePermission(filing: Filing, input: PreToolUseInput, signal: AbortSignal): Promise<DecisionView> {
  const { decision } = await filing.api.request(
    sessionRoutes.fileHostPrompt,
    {
      params: { id: filing.session },
      body: {
        kind: 'permission',
        tool: input.tool_name,
        toolInput: input.tool_input,
        scope: scope(input.cwd),
        requestId: filing.requestId,
        waitsUntil: filing.waitsUntil,
      },
    },
    signal,
  );
  return decision;
}

/** Long-polls until the card leaves open; the run's bound cuts it off. */
async function answered(api: Client, card: DecisionView, signal: AbortSignal): Promise<DecisionView> {
  let decision = card;
  while (decision.status === 'open') {
    ({ decision } = await api.request(
      decisionRoutes.waitForDecision,
      { params: { id: card.id }, query: { timeout: SLICE_SECONDS } },
      signal,
    ));
  }
  return decision;
}

/** Takes the card out of the queue within `ms` (finding it by its request id if its filing was cut off). */
async function withdrawWithin(filing: Filing, ms: number): Promise<CardFate> {
  const signal = AbortSignal.timeout(ms);
  let id = filing.card?.id ?? null;
  try {
    id ??= await findFiled(filing, signal);
    if (!id) return null;
    return { id, decision: await withdraw(filing.api, id, signal) };
  } catch (error) {
    return id ? { id, error: signal.aborted ? new Error(`no answer within ${ms} ms`) : error } : null;
  }
}

async function findFiled(filing: Filing, signal: AbortSignal): Promise<string | null> {
  const { decisions } = await filing.api.request(sessionDecisionRoutes.listSessionDecisions, { params: { id: filing.session } }, signal);
  const found = decisions.find(({ decision }) => decision.status === 'open' && decision.source?.id === filing.requestId);
  return found?.decision.id ?? null;
}

/** Withdraws the card; an answer that landed first wins and is returned instead. */
async function withdraw(api: Client, id: string, signal: AbortSignal): Promise<DecisionView> {
  try {
    return (await api.request(decisionRoutes.withdrawDecision, { params: { id }, body: {} }, signal)).decision;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.problem.code !== 'decision_not_open' && error.problem.code !== 'decision_archived'))
      throw error;
    return (await api.request(decisionRoutes.getDecision, { params: { id } }, signal)).decision;
  }
}

/** The person's y / n; anything else (withdrawn, archived) hands the question back to the terminal. */
function verdictOf(decision: DecisionView): Verdict {
  const answer = decision.asks[0]?.answer;
  if (decision.status === 'resolved' && answer?.value.kind === 'approval') {
    const reason = answer.reason ? `: ${answer.reason}` : '.';
    return answer.value.decision === 'approve'
      ? { decision: 'allow', reason: `Approved in Cast (${decision.id})${reason}` }
      : { decision: 'deny', reason: `Denied in Cast (${decision.id})${reason}` };
  }
  return ask(`${decision.id} was ${decision.status} in Cast without a y / n; asking in the terminal instead.`);
}
