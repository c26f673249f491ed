/**
 * Where scripts/ensure-acp-agents.mjs installed the pinned ACP agents the tests drive; it installs
 * them first when they are missing.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

type AcpAgentPaths = { claudeAgentAcp: string; gemini: string };

let paths: AcpAgentPaths | undefined;

export function acpAgentPaths(): AcpAgentPaths {
  paths ??= JSON.parse(
    execFileSync(process.execPath, [resolve(import.meta.dirname, '../../../../scripts/ensure-acp-agents.mjs'), '--print-paths'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  ) as AcpAgentPaths;
  return paths;
}
