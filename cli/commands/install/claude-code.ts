/**
 * `cast install claude-code [--headless] [--event E] [--file F]`: writes the `cast hook
 * claude-code` settings for the installed Claude Code into the project's `.claude/settings.json`.
 */
import { Option, type Command } from 'commander';
import type { InstallClaudeCodeOptions } from './claude-code-action';

export function registerInstallClaudeCode(install: Command): void {
  install
    .command('claude-code')
    .description("write the permission hook for the installed Claude Code into the project's .claude/settings.json")
    .option('--headless', 'for claude -p: park a run on its card (defer) and resume it with `cast runner` (Claude Code 2.1.89+)')
    .option(
      '--event <event>',
      'the hook event: pre-tool-use (every matched call) or permission-request (only what Claude Code would ask); picked by version',
    )
    // The old name of --event, kept for scripts written for an older Cast.
    .addOption(new Option('--door <event>').hideHelp())
    .option('--file <file>', 'the settings file to write (default .claude/settings.json at the repository root)')
    .option('--timeout <duration>', "the hook's --timeout; the settings timeout is a minute above it", '10m')
    .option('--json', 'print one JSON object')
    .action(async (opts: InstallClaudeCodeOptions) => (await import('./claude-code-action')).run(opts));
}
