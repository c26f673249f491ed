/**
 * `cast hook claude-code`: a Claude Code PreToolUse or PermissionRequest hook (and, through
 * PreToolUse, the answerer of Claude Code's AskUserQuestion). It files the tool call as a blocking
 * permission decision in the hook's session (CAST_SESSION overrides it), waits for the person's
 * y / n in the queue, and prints allow or deny (with their reason).
 *
 * It fails safe: every path that cannot get a person's answer — --timeout, SIGINT / SIGTERM,
 * Cast unreachable or silent, a refused token or input, a server failure, a bad payload —
 * withdraws a card it filed and prints "ask" with the reason, exit 0, so Claude Code asks in
 * the terminal. Never 2 (Claude Code reads it as "block this call") and never 1 with nothing on
 * stdout (Claude Code would go on with its own rules, and a call they allow would run unasked).
 */
import { CommanderError, type Command } from 'commander';
import { CliError, Exit } from '../../output';
import { instead } from '../../hosts/claude-code/attended';
import { claudeCodeHookHelp } from '../../hosts/claude-code/help';
import { ask, printVerdict } from '../../hosts/claude-code/verdict';
import { failedReason } from '../../hosts/one-shot/no-answer-reason';
import type * as HookAction from './claude-code-action';

/** Claude Code's own default hook timeout is 600 s; the settings snippet raises it above ours. */
const DEFAULT_TIMEOUT = '10m';

export function registerClaudeCodeHook(hook: Command): void {
  hook
    .command('claude-code')
    .description(
      "Claude Code PreToolUse or PermissionRequest hook: ask the tool call's permission in the Cast queue (reads the hook JSON on stdin)",
    )
    .option(
      '--timeout <duration>',
      'give up after this long, the whole run included, and let Claude Code ask in the terminal (30s, 5m, 1h)',
      DEFAULT_TIMEOUT,
    )
    .option(
      '--park',
      'in a run nobody attends (claude -p, Claude Code 2.1.89+), file the card, answer "defer" and let the run end; resumed, answer from the card',
    )
    .addHelpText('after', claudeCodeHookHelp(DEFAULT_TIMEOUT))
    .exitOverride((error) => {
      if (error.exitCode === 0) throw error; // --help
      // A malformed command line in settings.json: commander's exit 2 would block the tool call.
      printVerdict(
        ask(
          failedReason(
            new CliError(`cast hook claude-code could not read its command line: ${error.message.replace(/^error: /, '')}`, Exit.usage),
            null,
            instead(),
          ),
        ),
      );
      throw new CommanderError(0, error.code, error.message);
    })
    .action(async (opts: HookAction.HookOptions) => (await loadAction())?.run(opts));
}

/**
 * The hook's implementation is a module of its own (dist/actions/); an install missing it or
 * holding a broken copy still fails safe: "ask", naming the cause, rather than exit 1.
 */
async function loadAction(): Promise<typeof HookAction | null> {
  try {
    return await import('./claude-code-action');
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    printVerdict(
      ask(failedReason(new CliError(`cast hook claude-code could not load its implementation (${cause})`, Exit.error), null, instead())),
    );
    return null;
  }
}
