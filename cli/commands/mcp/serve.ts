/**
 * `cast mcp`: Cast as an MCP server on stdio, for any MCP-capable coding agent (DESIGN §4).
 * stdout carries the protocol and nothing else; hints and logs go to stderr. It talks to the
 * API like every other command, as the session in CAST_SESSION.
 */
import { Option, type Command } from 'commander';
import { MAX_WAIT_SECONDS } from '../../hosts/mcp/max-wait';

export function registerMcp(cast: Command): void {
  cast
    .command('mcp')
    .description('run the MCP server on stdio (tools: decide, wait_for_decision, list_decisions, resolve_escalation)')
    // Tests shorten the wait; agents keep the default.
    .addOption(new Option('--max-wait <seconds>', 'the longest wait_for_decision waits').default(String(MAX_WAIT_SECONDS)).hideHelp())
    .action(async (opts: { maxWait: string }) => (await import('./serve-action')).run(opts));
}
