/**
 * `cast hook codex`: a Codex PermissionRequest hook. It files the call Codex would ask about
 * as a blocking permission card in the thread's session (CAST_SESSION overrides it), waits for
 * the person's y / n in the queue, and prints allow or deny.
 *
 * It fails closed: Codex accepts only allow or deny from this hook, and a hook that prints
 * nothing or fails hands the call to Codex's own approval path (in `codex exec`, an automatic
 * reviewer). So every path without a person's answer prints deny with the reason, exit 0 —
 * a malformed command line and a broken install included.
 */
import { CommanderError, type Command } from 'commander';
import { CliError, Exit } from '../../output';
import { codexHookHelp } from '../../hosts/codex/help';
import { deny, NOBODY_APPROVED, printCodexVerdict } from '../../hosts/codex/verdict';
import { failedReason } from '../../hosts/one-shot/no-answer-reason';
import type * as HookAction from './codex-action';

/** Codex's own default hook timeout is 600 s; `cast install codex` sets it above ours. */
const DEFAULT_TIMEOUT = '10m';

const refuse = (message: string) =>
  printCodexVerdict('PermissionRequest', deny(failedReason(new CliError(message, Exit.error), null, NOBODY_APPROVED)));

export function registerCodexHook(hook: Command): void {
  hook
    .command('codex')
    .description(
      "Codex PermissionRequest hook: ask for the call's approval in the Cast queue, deny without an answer (reads the hook JSON on stdin)",
    )
    .option('--timeout <duration>', 'give up after this long, the whole run included, and deny the call (30s, 5m, 1h)', DEFAULT_TIMEOUT)
    .addHelpText('after', codexHookHelp(DEFAULT_TIMEOUT))
    .exitOverride((error) => {
      if (error.exitCode === 0) throw error; // --help
      refuse(`cast hook codex could not read its command line: ${error.message.replace(/^error: /, '')}`);
      throw new CommanderError(0, error.code, error.message);
    })
    .action(async (opts: { timeout: string }) => (await loadAction())?.run(opts));
}

/** The implementation is a module of its own (dist/actions/); an install missing it still denies, naming the cause. */
async function loadAction(): Promise<typeof HookAction | null> {
  try {
    return await import('./codex-action');
  } catch (error) {
    refuse(`cast hook codex could not load its implementation (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}
