/**
 * Where the pinned real hosts are: scripts/ensure-hosts.mjs installs them into .tools/hosts/
 * when they are missing (the test command runs it too) and prints their native binaries.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export type HostBinaries = { claude: string; codex: string };

let found: HostBinaries | undefined;

export function hostBinaries(): HostBinaries {
  found ??= JSON.parse(
    execFileSync(process.execPath, [resolve(import.meta.dirname, '../../../scripts/ensure-hosts.mjs'), '--print-paths'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 600_000,
    }),
  ) as HostBinaries;
  return found;
}
