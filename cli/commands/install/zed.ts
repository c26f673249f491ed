/**
 * `cast install zed [--name NAME] -- <agent command…>`: writes an `agent_servers` entry into
 * Zed's settings.json that runs the ACP agent through `cast acp`.
 */
import type { Command } from 'commander';

export function registerInstallZed(install: Command): void {
  install
    .command('zed')
    .description("add an ACP agent to Zed's agent_servers, run through cast acp (cast install zed -- gemini --acp)")
    .argument('<command...>', 'the agent and its arguments, after --')
    .option('--name <name>', 'the name Zed shows (default: the command\'s, with " (Cast)")')
    .option('--json', 'print one JSON object')
    .passThroughOptions()
    .action(async (command: string[], opts: { name?: string; json?: boolean }) => (await import('./zed-action')).run(command, opts));
}
