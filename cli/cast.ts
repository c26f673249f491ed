#!/usr/bin/env node
/**
 * `cast`: the one commander program. Every command talks to Cast over HTTP; failures become
 * the exit codes in output.ts, printed once, as text or (with --json) as one JSON object.
 * Only the commands' declarations load here: each `<verb>.ts` imports its `<verb>-action.ts`
 * when it runs, so `cast --help` never loads zod, domain/, client/ or the MCP SDK (issue 21;
 * test/unit/cli-lazy-imports.test.ts).
 */
import { Command, CommanderError } from 'commander';
import { registerAcp } from './commands/acp/acp';
import { registerAnswer } from './commands/decide/answer';
import { registerCancel } from './commands/decide/cancel';
import { registerAssign } from './commands/decide/assign';
import { registerEdit } from './commands/decide/edit';
import { registerFile } from './commands/decide/file';
import { registerLs } from './commands/decide/ls';
import { registerWait } from './commands/decide/wait';
import { registerClaudeCodeHook } from './commands/hook/claude-code';
import { registerCodexHook } from './commands/hook/codex';
import { registerHookKeeper } from './commands/hook/keeper';
import { registerInstallCodex } from './commands/install/codex';
import { registerInstallZed } from './commands/install/zed';
import { registerInstallClaudeCode } from './commands/install/claude-code';
import { registerInstallDecide } from './commands/install/decide';
import { registerLogin } from './commands/login';
import { registerMcp } from './commands/mcp/serve';
import { registerMember } from './commands/people/member';
import { registerTeam } from './commands/team/team';
import { registerDelegate } from './commands/delegate/delegate';
import { registerRule } from './commands/rule/rule';
import { registerNotify } from './commands/notify/notify';
import { registerToken } from './commands/people/token';
import { registerRunner } from './commands/runner/runner';
import { registerStackAdd } from './commands/stack/add';
import { registerStackCreate } from './commands/stack/create';
import { registerStackDefaults } from './commands/stack/defaults';
import { registerStackLs } from './commands/stack/ls';
import { registerStackPolicy } from './commands/stack/policy';
import { registerStackRemove } from './commands/stack/remove';
import { registerStackReorder } from './commands/stack/reorder';
import { registerStackShow } from './commands/stack/show';
import { rootHelpEnd } from './help-text';
import { CliError, Exit, isCliError, report } from './output';
import { unknownCommand } from './unknown-command';
import { cliVersion } from './version';

export function program(): Command {
  const cast = new Command('cast')
    .description('Cast: ask a person without interrupting them. Decisions go to a queue they clear in one sitting.')
    .version(cliVersion(), '-V, --version', "print the CLI's version")
    .exitOverride()
    // `cast decide ls --json`: options after a subcommand belong to it, not to `decide`.
    .enablePositionalOptions()
    .configureOutput({ outputError: (text, write) => write(`cast: ${text.replace(/^error: /, '')}`) });

  const decide = cast
    .command('decide')
    .description('file a decision: cast decide "Q" -o "Label :: consequence" … --context TEXT|-')
    .addHelpText(
      'after',
      '\nBlocking (the default) means: end your turn after the command. Use --advisory --default N only\nfor a default that is cheap to undo; answers land about an hour later and often disagree.',
    );
  registerFile(decide);
  registerLs(decide);
  registerEdit(decide);
  registerCancel(decide);
  registerAnswer(decide);
  registerWait(decide);
  registerAssign(decide);

  const stack = cast
    .command('stack')
    .description(
      'group decisions into a checklist cleared in one sitting (ds-N): create, show, ls, add, remove, reorder, policy, defaults',
    );
  registerStackCreate(stack);
  registerStackShow(stack);
  registerStackLs(stack);
  registerStackAdd(stack);
  registerStackRemove(stack);
  registerStackReorder(stack);
  registerStackPolicy(stack);
  registerStackDefaults(stack);

  registerMember(cast);
  registerTeam(cast);
  registerDelegate(cast);
  registerRule(cast);
  registerToken(cast);
  registerNotify(cast);
  registerLogin(cast);
  registerMcp(cast);
  registerRunner(cast);
  registerAcp(cast);
  const hook = cast.command('hook').description("answer an agent host's permission prompts from the queue: claude-code, codex");
  registerClaudeCodeHook(hook);
  registerCodexHook(hook);
  registerHookKeeper(hook);
  const install = cast.command('install').description('install Cast into an agent');
  registerInstallDecide(install);
  registerInstallClaudeCode(install);
  registerInstallCodex(install);
  registerInstallZed(install);
  // Only the top-level help ends with these; each command's help stays about the command.
  cast.addHelpText('after', rootHelpEnd);
  return cast;
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const cast = program();
    // Before commander, which would print the top-level help for `cast lsp --help` and exit 0.
    const unknown = unknownCommand(cast, argv.slice(2));
    if (unknown) return report(unknown, json);
    await cast.parseAsync(argv);
    return Exit.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return Exit.ok; // --help, --version
      if (json) process.stdout.write(`${JSON.stringify({ error: { code: 'usage', message: error.message.replace(/^error: /, '') } })}\n`);
      return Exit.usage;
    }
    if (isCliError(error)) return report(error, json); // thrown by an action: another copy of the class
    return report(new CliError((error as Error).message ?? String(error), Exit.error), json);
  }
}

// No top-level await: the build makes this entry CommonJS (scripts/ensure-cli.mjs).
void main(process.argv).then((code) => {
  process.exitCode = code;
});
