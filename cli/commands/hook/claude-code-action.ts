/**
 * What `cast hook claude-code` does: within the run's bound, reads the payload, files the tool
 * call as a permission card in the hook's session, waits for the person's y / n, and prints the
 * verdict. Any stop or failure withdraws a card it filed and prints "ask" with the reason.
 * Run after a call (PostToolUse, PostToolUseFailure), it tells a hook still waiting for that
 * call that the terminal answered it (terminal-answer.ts), and prints nothing.
 */
import type { DecisionView } from '../../../domain/decision';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { scope } from '../../config';
import { CliError, Exit, hint } from '../../output';
import { readStdin } from '../decide/decision-input';
import { alwaysAllow, alwaysAllowText } from './always-rule';
import { verdictOf, type Answered } from './answer-verdict';
import { askInQueue, fileThePermission, noAnswerReason, type FileCard } from './ask-in-queue';
import { ASK_USER_QUESTION, fileQuestions, questionVerdict } from './ask-user-question';
import { unattended } from './attended';
import { answerParked } from './park';
import { filePermission, withdraw } from './permission-card';
import { PreToolUseInput } from './pre-tool-use';
import { AFTER_THE_CALL, noteTheCallRan, watchForTheCall } from './terminal-answer';
import { ask, printVerdict, type HookEvent, type Verdict } from './verdict';

/** Once the answer is printed, whatever still holds the process (stdin never closed, a socket kept open) is let go. */
const LEAVE_AFTER_MS = 200;

export type HookOptions = { timeout: string; park?: boolean };

export async function run(opts: HookOptions): Promise<void> {
  const heard: { input?: PreToolUseInput } = {};
  const verdict = await answerPermission(opts, heard);
  // No verdict once the call has run (answered in the terminal, or this is the run after it): Claude Code reads none then.
  if (verdict) printVerdict(verdict, (heard.input?.hook_event_name as HookEvent | undefined) ?? 'PreToolUse');
  setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
}

/** Thrown by the input reader for a payload of a call that has already run: nothing to ask. */
class AfterTheCall extends Error {}

/**
 * The verdict; on the PermissionRequest door an "always" approve carries the rule to keep.
 * `heard` learns the payload, so the verdict is printed in its event's shape. Null: none to print.
 */
async function answerPermission(opts: HookOptions, heard: { input?: PreToolUseInput }): Promise<Verdict | null> {
  const outcome = await askInQueue(opts.timeout, async () => (heard.input = await readHookInput()), fileFor(opts), watchTheTerminal);
  if (outcome.kind === 'failed' && outcome.error instanceof AfterTheCall) return null;
  if (outcome.kind === 'stopped' && outcome.stopped.kind === 'answered-in-terminal') {
    hint(`cast: ${noAnswerReason(outcome, opts.timeout)}`);
    return null;
  }
  const input = heard.input!;
  if (outcome.kind === 'atOnce') return withRule(outcome.verdict, input);
  if (outcome.kind === 'closed') {
    // Claude Code's own question tool is answered as the tool's input (ask-user-question.ts).
    if (isQuestion(input)) return questionVerdict(outcome.decision, input.tool_input);
    return withRule(verdictOf(outcome.decision), input);
  }
  const verdict = ask(noAnswerReason(outcome, opts.timeout));
  hint(`cast: ${verdict.reason}`);
  return verdict;
}

/** Claude Code shows its own prompt while a PermissionRequest hook waits; "Yes" there runs the call and tells the hook nothing. */
const watchTheTerminal = (input: PreToolUseInput, answered: () => void) =>
  input.hook_event_name === 'PermissionRequest' ? watchForTheCall(input, answered) : null;

const isQuestion = (input: PreToolUseInput) => input.tool_name === ASK_USER_QUESTION && input.hook_event_name === 'PreToolUse';

/** What this call files: its questions, a parked headless run's card (park.ts), or the permission card. */
function fileFor(opts: HookOptions): FileCard<Answered> {
  return async (filing, input, signal) => {
    if (isQuestion(input)) {
      // A decision (unlike a prompt) is filed into a session that exists.
      await filing.api.request(sessionRoutes.putSession, { params: { id: filing.session }, body: { scope: scope(input.cwd) } }, signal);
      return { wait: (filing.card = await fileQuestions(filing.api, filing.session, input.tool_input, signal)) };
    }
    if (opts.park && input.tool_use_id && input.hook_event_name === 'PreToolUse' && unattended()) {
      // No deadline on the card: the run's restart, not this process, waits for the answer.
      const file = async (run: string) => (filing.card = await filePermission({ ...filing, waitsUntil: null, run }, input, signal));
      const takeOut = (card: DecisionView) => withdraw(filing.api, card.id, signal);
      const call = { api: filing.api, session: filing.session, toolUseId: input.tool_use_id, scope: filing.scope };
      return { atOnce: await answerParked(call, file, takeOut, signal) };
    }
    if (input.hook_event_name === 'PermissionRequest') {
      // This door can keep an "always" answer as Claude Code's rule, so its card offers one.
      return { wait: (filing.card = await filePermission(filing, input, signal, alwaysAllowText(input))) };
    }
    return fileThePermission(filing, input, signal);
  };
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
  if (AFTER_THE_CALL.includes(String((raw as { hook_event_name?: unknown } | null)?.hook_event_name))) {
    // The run after a call asks nothing and prints nothing, whatever its payload holds.
    if (input.success) noteTheCallRan(input.data);
    throw new AfterTheCall();
  }
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
      `cast hook claude-code answers PreToolUse and PermissionRequest only (and, after a call, PostToolUse and PostToolUseFailure); it was run for ${input.data.hook_event_name}.`,
      Exit.error,
      {},
      'bad_hook_input',
    );
  }
  return input.data;
}

/** "Always allow" becomes a rule where the host can keep one (PermissionRequest); elsewhere it is a plain allow. */
function withRule({ alwaysAsked, ...verdict }: Answered, input: PreToolUseInput): Verdict {
  if (!alwaysAsked || input.hook_event_name !== 'PermissionRequest') return verdict;
  return { ...verdict, always: alwaysAllow(input) };
}
