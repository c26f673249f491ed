/**
 * `cast acp [--prompt TEXT] -- <agent command…>`: run an ACP agent (Gemini CLI's `gemini --acp`,
 * claude-agent-acp, any agent of the ACP registry) with its permission requests asked in the
 * Cast queue (issue 43 item 2). The work is in cli/hosts/acp/; this declares the command.
 */
import type { Command } from 'commander';
import { acpHelp } from '../../hosts/acp/acp-help';

export function registerAcp(cast: Command): void {
  cast
    .command('acp')
    .description("run an ACP agent with its permission requests asked in the Cast queue (an editor's agent server, or headless)")
    .argument('<command...>', 'the agent and its arguments, after --: cast acp -- gemini --acp')
    .option('--prompt <text>', 'no editor: send this one prompt, print what the agent says, and end with its turn')
    .passThroughOptions()
    .addHelpText('after', acpHelp)
    .action(async (command: string[], opts: { prompt?: string }) => (await import('./acp-action')).run(command, opts));
}
