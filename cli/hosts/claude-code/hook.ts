/**
 * `cast hook claude-code`, Claude Code's side of one hook run: within the run's bound, reads the
 * payload, files the tool call as a permission card in the hook's session, waits for the person's
 * y / n, and gives the verdict. Any stop or failure withdraws a card it filed and gives "ask" with
 * the reason. Run after a call (PostToolUse, PostToolUseFailure), it tells a hook still waiting for
 * that call that the terminal answered it (terminal-answer.ts), and gives nothing.
 */
import type { DecisionView } from '../../../domain/decision';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { scope } from '../../config';
import { hint } from '../../output';
import { fileThePermission, type FileCard } from '../../../client/host-core/ask';
import { filePermission } from '../../../client/host-core/card';
import { ALLOW_OR_DENY, type HostOption } from '../../../client/host-core/prompt';
import { withdraw } from '../../../client/host-core/withdraw';
import type { Client } from '../../http';
import { badHookInput, eventOf, mangledFields, readPayload } from '../one-shot/hook-input';
import { noAnswerReason, runHook } from '../one-shot/hook-run';
import { AFTER_THE_CALL, noteTheCallRan, watchForTheCall } from '../one-shot/terminal-answer';
import { alwaysAllow, alwaysAllowText } from './always-rule';
import { verdictOf, type Answered } from './answer-verdict';
import { ASK_USER_QUESTION, fileQuestions, questionVerdict } from './ask-user-question';
import { instead, unattended } from './attended';
import { answerParked } from './park';
import { PreToolUseInput } from './payload';
import { ask, type HookEvent, type Verdict } from './verdict';

export type HookOptions = { timeout: string; park?: boolean };

/** Thrown by the input reader for a payload of a call that has already run: nothing to ask. */
class AfterTheCall extends Error {}

/**
 * The verdict and the hook event it answers (its shape); on PermissionRequest an "always" approve
 * carries the rule to keep. Null: none to print — the call has run (answered in the terminal, or
 * this is the run after it), and Claude Code reads none then.
 */
export async function answerPermission(opts: HookOptions): Promise<{ verdict: Verdict; event: HookEvent } | null> {
  const heard: { input?: PreToolUseInput } = {};
  const outcome = await runHook<PreToolUseInput, Answered>({
    timeout: opts.timeout,
    host: 'Claude Code',
    read: async () => (heard.input = await readHookInput()),
    options: optionsOf,
    // Issue 43 item 6: PermissionRequest's allow takes `updatedInput`, the call as the person edited it.
    editable: (input) => input.hook_event_name === 'PermissionRequest' && !isQuestion(input),
    file: (input, api) => fileFor(opts, input, api),
    watch: watchTheTerminal,
  });
  const event = (heard.input?.hook_event_name as HookEvent | undefined) ?? 'PreToolUse';
  if (outcome.kind === 'failed' && outcome.error instanceof AfterTheCall) return null;
  if (outcome.kind === 'stopped' && outcome.reason.kind === 'answered-in-terminal') {
    hint(`cast: ${noAnswerReason(outcome, opts.timeout, instead(), 'cast hook claude-code')}`);
    return null;
  }
  const input = heard.input!;
  if (outcome.kind === 'atOnce') return { verdict: withRule(outcome.value, input), event };
  if (outcome.kind === 'answered' || outcome.kind === 'withdrawn') {
    // Claude Code's own question tool is answered as the tool's input (ask-user-question.ts).
    if (isQuestion(input)) return { verdict: questionVerdict(outcome.decision, input.tool_input), event };
    return { verdict: withRule(verdictOf(outcome.decision), input), event };
  }
  const verdict = ask(noAnswerReason(outcome, opts.timeout, instead(), 'cast hook claude-code'));
  hint(`cast: ${verdict.reason}`);
  return { verdict, event };
}

/** PermissionRequest can keep an "always" answer as Claude Code's rule, so its card offers one. */
function optionsOf(input: PreToolUseInput): HostOption[] {
  if (input.hook_event_name !== 'PermissionRequest') return ALLOW_OR_DENY;
  const keeps = alwaysAllowText(input);
  return keeps.length ? [...ALLOW_OR_DENY, { id: 'always', kind: 'allow_always', name: 'Always allow', keeps }] : ALLOW_OR_DENY;
}

/** Claude Code shows its own prompt while a PermissionRequest hook waits; "Yes" there runs the call and tells the hook nothing. */
const watchTheTerminal = (input: PreToolUseInput, answered: () => void) =>
  input.hook_event_name === 'PermissionRequest' ? watchForTheCall(input, answered) : null;

const isQuestion = (input: PreToolUseInput) => input.tool_name === ASK_USER_QUESTION && input.hook_event_name === 'PreToolUse';

/** What this call files: its questions, a parked headless run's card (park.ts), or the permission card. */
function fileFor(opts: HookOptions, input: PreToolUseInput, api: Client): FileCard<Answered> {
  return async (filing, signal) => {
    const { prompt } = filing;
    if (isQuestion(input)) {
      // A decision (unlike a prompt) is filed into a session that exists.
      await api.request(sessionRoutes.putSession, { params: { id: prompt.session }, body: { scope: scope(input.cwd) } }, signal);
      return { wait: (filing.card = await fileQuestions(api, prompt.session, input.tool_input, signal)) };
    }
    if (opts.park && input.tool_use_id && input.hook_event_name === 'PreToolUse' && unattended()) {
      // No deadline on the card: the run's restart, not this process, waits for the answer.
      const file = async (run: string) => (filing.card = await filePermission(api, { ...prompt, deadline: null, run }, signal));
      const takeOut = (card: DecisionView) => withdraw(api, card.id, signal);
      const call = { api, session: prompt.session, toolUseId: input.tool_use_id, scope: prompt.scope };
      return { atOnce: await answerParked(call, file, takeOut, signal) };
    }
    return fileThePermission(filing, signal);
  };
}

async function readHookInput(): Promise<PreToolUseInput> {
  const raw = await readPayload('cast hook claude-code reads the PreToolUse hook JSON on stdin; that was not JSON.');
  const input = PreToolUseInput.safeParse(raw);
  if (AFTER_THE_CALL.includes(String(eventOf(raw)))) {
    // The run after a call asks nothing and prints nothing, whatever its payload holds.
    if (input.success) noteTheCallRan(input.data);
    throw new AfterTheCall();
  }
  if (!input.success)
    throw badHookInput(`The hook input lacks or mangles ${mangledFields(input.error)}; is this a Claude Code PreToolUse hook?`);
  if (input.data.hook_event_name !== 'PreToolUse' && input.data.hook_event_name !== 'PermissionRequest') {
    throw badHookInput(
      `cast hook claude-code answers PreToolUse and PermissionRequest only (and, after a call, PostToolUse and PostToolUseFailure); it was run for ${input.data.hook_event_name}.`,
    );
  }
  return input.data;
}

/** "Always allow" becomes a rule where the host can keep one (PermissionRequest); elsewhere it is a plain allow. */
function withRule({ alwaysAsked, ...verdict }: Answered, input: PreToolUseInput): Verdict {
  if (!alwaysAsked || input.hook_event_name !== 'PermissionRequest') return verdict;
  return { ...verdict, always: alwaysAllow(input) };
}
