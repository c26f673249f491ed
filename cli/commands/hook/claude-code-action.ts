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
import { alwaysAllow } from './always-rule';
import { verdictOf, type Answered } from './answer-verdict';
import { failedReason, stoppedReason, type CardFate } from './ask-reason';
import { ASK_USER_QUESTION, fileQuestions, questionVerdict } from './ask-user-question';
import { unattended } from './attended';
import { answerParked } from './park';
import { PreToolUseInput, toolInputText } from './pre-tool-use';
import { RunBound } from './run-bound';
import { ask, printVerdict, type HookEvent, type Verdict } from './verdict';

const SLICE_SECONDS = 25;
/** Withdrawing after --timeout may take this much longer; after a signal, less, so the hook ends within a second. */
const WITHDRAW_AFTER_TIMEOUT_MS = 2000;
const WITHDRAW_AFTER_SIGNAL_MS = 600;
/** Once the answer is printed, whatever still holds the process (stdin never closed, a socket kept open) is let go. */
const LEAVE_AFTER_MS = 200;

/** The card being filed: its id is known once Cast answers; until then its request id finds it. */
type Filing = { api: Client; session: string; requestId: string; card: DecisionView | null };

export type HookOptions = { timeout: string; park?: boolean };

export async function run(opts: HookOptions): Promise<void> {
  let event: HookEvent = 'PreToolUse';
  const answered = await answerPermission(opts, (input) => (event = input.hook_event_name as HookEvent));
  printVerdict(answered, event);
  setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
}

/** The verdict; on the PermissionRequest door an "always" approve carries the rule to keep. */
async function answerPermission(opts: HookOptions, onInput: (input: PreToolUseInput) => void): Promise<Verdict> {
  const { timeout } = opts;
  const bound = new RunBound();
  let filing: Filing | null = null;
  try {
    bound.arm(parseDuration(timeout));
    const input = await bound.race(readHookInput());
    onInput(input);
    const api = connect();
    const session = hostSession(input.session_id);
    // Registered with its project (Claude Code's cwd).
    await api.request(sessionRoutes.putSession, { params: { id: session }, body: { scope: scope(input.cwd) } }, bound.signal);
    filing = { api, session, requestId: input.tool_use_id ?? randomUUID(), card: null };
    // Claude Code's own question tool: a choice decision, answered as the tool's input (ask-user-question.ts).
    if (input.tool_name === ASK_USER_QUESTION && input.hook_event_name === 'PreToolUse') {
      filing.card = await fileQuestions(api, session, input.tool_input, bound.signal);
      hint(`cast: ${filing.card.id} "${filing.card.question}" is in the Cast queue; waiting up to ${timeout} for the answer.`);
      return questionVerdict(await answered(api, filing.card, bound.signal), input.tool_input);
    }
    // Headless with --park: file, defer and end; on resume, the recorded answer (park.ts).
    if (opts.park && input.tool_use_id && input.hook_event_name === 'PreToolUse' && unattended()) {
      const parking = filing;
      const file = async () => (parking.card = await filePermission(parking, input, bound.signal));
      return withRule(await answerParked({ api, session, toolUseId: input.tool_use_id }, file, bound.signal), input);
    }
    filing.card = await filePermission(filing, input, bound.signal);
    hint(`cast: ${filing.card.id} "${filing.card.question}" is in the Cast queue; waiting up to ${timeout} for y / n.`);
    return withRule(verdictOf(await answered(api, filing.card, bound.signal)), input);
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
  if (input.data.hook_event_name !== 'PreToolUse' && input.data.hook_event_name !== 'PermissionRequest') {
    throw new CliError(
      `cast hook claude-code answers PreToolUse and PermissionRequest only; it was run for ${input.data.hook_event_name}.`,
      Exit.error,
      {},
      'bad_hook_input',
    );
  }
  return input.data;
}

/** Files the tool call as a permission card: the whole input goes, and Cast makes the card's one-line summary of it. */
async function filePermission(filing: Filing, input: PreToolUseInput, signal: AbortSignal): Promise<DecisionView> {
  const text = toolInputText(input.tool_input);
  const { decision } = await filing.api.request(
    sessionRoutes.fileHostPrompt,
    {
      params: { id: filing.session },
      body: { kind: 'permission', tool: input.tool_name, ...(text ? { input: text } : {}), requestId: filing.requestId },
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

/** "Always allow" becomes a rule where the host can keep one (PermissionRequest); elsewhere it is a plain allow. */
function withRule({ alwaysAsked, ...verdict }: Answered, input: PreToolUseInput): Verdict {
  if (!alwaysAsked || input.hook_event_name !== 'PermissionRequest') return verdict;
  return { ...verdict, always: alwaysAllow(input) };
}
