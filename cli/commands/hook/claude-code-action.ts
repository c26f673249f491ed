/**
 * What `cast hook claude-code` does: within the run's bound, reads the payload, files the tool
 * call as a permission card in the hook's session, waits for the person's y / n, and prints the
 * verdict. Any stop or failure withdraws a card it filed and prints "ask" with the reason.
 */
import type { DecisionView } from '../../../domain/decision';
import { CliError, Exit, hint } from '../../output';
import { readStdin } from '../decide/decision-input';
import { askInQueue, noAnswerReason } from './ask-in-queue';
import { approvalOf } from './permission-card';
import { PreToolUseInput } from './pre-tool-use';
import { ask, printVerdict, type Verdict } from './verdict';

/** Once the answer is printed, whatever still holds the process (stdin never closed, a socket kept open) is let go. */
const LEAVE_AFTER_MS = 200;

export async function run(opts: { timeout: string }): Promise<void> {
  printVerdict(await answerPermission(opts.timeout));
  setTimeout(() => process.exit(0), LEAVE_AFTER_MS).unref();
}

async function answerPermission(timeout: string): Promise<Verdict> {
  const outcome = await askInQueue(timeout, readHookInput);
  if (outcome.kind === 'closed') return verdictOf(outcome.decision);
  const verdict = ask(noAnswerReason(outcome, timeout));
  hint(`cast: ${verdict.reason}`);
  return verdict;
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

/** The person's y / n; anything else (withdrawn, archived) hands the question back to the terminal. */
function verdictOf(decision: DecisionView): Verdict {
  const approval = approvalOf(decision);
  if (approval) {
    return approval.approved
      ? { decision: 'allow', reason: `Approved in Cast (${decision.id})${approval.reason}` }
      : { decision: 'deny', reason: `Denied in Cast (${decision.id})${approval.reason}` };
  }
  return ask(`${decision.id} was ${decision.status} in Cast without a y / n; asking in the terminal instead.`);
}
