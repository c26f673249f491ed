/**
 * What `cast hook codex` does: within the run's bound, reads Codex's PermissionRequest payload,
 * files the call as a permission card in the conversation's session, waits for the person's
 * y / n, and prints allow or deny. Every other ending — --timeout, a signal, Cast unreachable
 * or refusing, a bad payload, the card closed without a y / n — withdraws a card it filed and
 * prints deny: a hook that prints nothing (or fails) hands the call to Codex's own approval
 * path, which in `codex exec --approve-for-me` is an automatic reviewer, not a person.
 */
import type { DecisionView } from '../../../domain/decision';
import { CliError, Exit, hint } from '../../output';
import { readStdin } from '../decide/decision-input';
import { askInQueue, noAnswerReason } from './ask-in-queue';
import { deny, NOBODY_APPROVED, printCodexVerdict, type CodexEvent, type CodexVerdict } from './codex-verdict';
import { approvalOf } from './permission-card';
import { PreToolUseInput } from './pre-tool-use';

/** Once the answer is printed, whatever still holds the process (stdin never closed, a socket kept open) is let go. */
const LEAVE_AFTER_MS = 200;

export async function run(opts: { timeout: string }): Promise<void> {
  const heard: { event: CodexEvent } = { event: 'PermissionRequest' };
  const verdict = await answerApproval(opts.timeout, heard);
  printCodexVerdict(heard.event, verdict);
  setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
}

async function answerApproval(timeout: string, heard: { event: CodexEvent }): Promise<CodexVerdict> {
  // Codex kills its hook on Esc with SIGKILL at once: the keeper withdraws the card then.
  const outcome = await askInQueue(timeout, () => readCodexInput(heard), undefined, undefined, { keeper: true });
  if (outcome.kind === 'closed') return verdictOf(outcome.decision);
  const verdict = deny(noAnswerReason(outcome, timeout, NOBODY_APPROVED));
  hint(`cast: ${verdict.reason}`);
  return verdict;
}

const badInput = (message: string) => new CliError(message, Exit.error, {}, 'bad_hook_input');

/** The PermissionRequest payload; `heard` learns a PreToolUse event first, so the refusal is in its shape. */
async function readCodexInput(heard: { event: CodexEvent }): Promise<PreToolUseInput> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readStdin());
  } catch {
    throw badInput("cast hook codex reads Codex's PermissionRequest hook JSON on stdin; that was not JSON.");
  }
  const event = (raw as { hook_event_name?: unknown } | null)?.hook_event_name;
  if (event === 'PreToolUse') heard.event = 'PreToolUse';
  if (event !== 'PermissionRequest') {
    throw badInput(
      `cast hook codex answers Codex's PermissionRequest; it was run for ${String(event)}. Put it under [[hooks.PermissionRequest]] (cast install codex).`,
    );
  }
  const input = PreToolUseInput.safeParse(raw);
  if (input.success) return input.data;
  throw badInput(`The hook input lacks or mangles ${input.error.issues.map((issue) => issue.path.join('.') || '(input)').join(', ')}.`);
}

/** The person's y / n; anything else (withdrawn, archived) refuses the call. */
function verdictOf(decision: DecisionView): CodexVerdict {
  const approval = approvalOf(decision);
  if (approval?.approved) return { behavior: 'allow', reason: `Approved in Cast (${decision.id})${approval.reason}` };
  if (approval) return deny(`Denied in Cast (${decision.id})${approval.reason}`);
  return deny(`${decision.id} was ${decision.status} in Cast without a y / n. ${NOBODY_APPROVED}`);
}
