/**
 * `cast install decide [--file F]`: writes the decide snippet into the agent's instruction
 * file — AGENTS.md, or CLAUDE.md where that is the one present — at the repository's root.
 */
import type { Command } from 'commander';

export function registerInstallDecide(install: Command): void {
  install
    .command('decide')
    .description('write the decide snippet into AGENTS.md (or CLAUDE.md)')
    .option('--file <file>', 'the instruction file to write it into')
    .option('--json', 'print one JSON object')
    .action(async (opts: { file?: string; json?: boolean }) => (await import('./decide-action')).run(opts));
}
