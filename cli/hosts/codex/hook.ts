/**
 * `cast hook codex`, Codex's side of one hook run: within the run's bound, reads Codex's
 * PermissionRequest payload, files the call as a permission card in the conversation's session,
 * waits for the person's y / n, and gives allow or deny. Every other ending — --timeout, a signal,
 * Cast unreachable or refusing, a bad payload, the card closed without a y / n — withdraws a card
 * it filed and denies: a hook that prints nothing (or fails) hands the call to Codex's own approval
 * path, which in `codex exec --approve-for-me` is an automatic reviewer, not a person.
 */
import type { DecisionView } from '../../../domain/decision';
import { hint } from '../../output';
import { answerOf } from '../../../client/host-core/answer';
import { badHookInput, eventOf, mangledFields, readPayload } from '../one-shot/hook-input';
import { noAnswerReason, runHook } from '../one-shot/hook-run';
import { CodexPermissionRequest } from './payload';
import { deny, NOBODY_APPROVED, type CodexEvent, type CodexVerdict } from './verdict';

/** The verdict, and the event it answers: a PreToolUse run by mistake is refused in its own shape. */
export async function answerApproval(timeout: string): Promise<{ verdict: CodexVerdict; event: CodexEvent }> {
  const heard: { event: CodexEvent } = { event: 'PermissionRequest' };
  // Codex kills its hook on Esc with SIGKILL at once: the keeper withdraws the card then.
  const outcome = await runHook({ timeout, host: 'Codex', read: () => readCodexInput(heard), keeper: true });
  if (outcome.kind === 'answered' || outcome.kind === 'withdrawn') return { verdict: verdictOf(outcome.decision), event: heard.event };
  const verdict = deny(noAnswerReason(outcome, timeout, NOBODY_APPROVED, 'cast hook codex'));
  hint(`cast: ${verdict.reason}`);
  return { verdict, event: heard.event };
}

/** The PermissionRequest payload; `heard` learns a PreToolUse event first, so the refusal is in its shape. */
async function readCodexInput(heard: { event: CodexEvent }): Promise<CodexPermissionRequest> {
  const raw = await readPayload("cast hook codex reads Codex's PermissionRequest hook JSON on stdin; that was not JSON.");
  const event = eventOf(raw);
  if (event === 'PreToolUse') heard.event = 'PreToolUse';
  if (event !== 'PermissionRequest') {
    throw badHookInput(
      `cast hook codex answers Codex's PermissionRequest; it was run for ${String(event)}. Put it under [[hooks.PermissionRequest]] (cast install codex).`,
    );
  }
  const input = CodexPermissionRequest.safeParse(raw);
  if (input.success) return input.data;
  throw badHookInput(`The hook input lacks or mangles ${mangledFields(input.error)}.`);
}

/** The person's y / n; anything else (withdrawn, archived) refuses the call. */
function verdictOf(decision: DecisionView): CodexVerdict {
  const answer = answerOf(decision);
  // Codex cannot run an edited call (it fails closed on updatedInput): allowing would run the proposal nobody approved.
  if (answer?.edited)
    return deny(`${decision.id} was approved as edited in Cast; Codex can only run the call as proposed. ${NOBODY_APPROVED}`);
  if (answer?.kind === 'approve') return { behavior: 'allow', reason: answer.words };
  if (answer) return deny(answer.words);
  return deny(`${decision.id} was ${decision.status} in Cast without a y / n. ${NOBODY_APPROVED}`);
}
