/**
 * `cast install codex [--project]`: writes Cast's PermissionRequest hook into Codex's
 * hooks.json — `$CODEX_HOME/hooks.json` (~/.codex), or the repository's `.codex/hooks.json`.
 */
import type { Command } from 'commander';

export function registerInstallCodex(install: Command): void {
  install
    .command('codex')
    .description("write Codex's PermissionRequest hook (cast hook codex) into ~/.codex/hooks.json")
    .option('--project', "write the repository's .codex/hooks.json instead")
    .option('--json', 'print one JSON object')
    .action(async (opts: { project?: boolean; json?: boolean }) => (await import('./codex-action')).run(opts));
}
