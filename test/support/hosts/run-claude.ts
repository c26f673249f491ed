/**
 * The real Claude Code (`claude`), sealed in by run-host.ts: its model API is the Anthropic
 * stand-in at `modelUrl`, with an API key; telemetry, error reports, the auto-updater and other
 * non-essential traffic are off; and `~/.claude.json` in the temporary HOME says onboarding is
 * done, so `claude -p` starts straight away.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostBinaries } from './host-binaries';
import { startHost, type HostOptions, type HostRun } from './run-host';

export type ClaudeOptions = Omit<HostOptions, 'proxyUrl'> & { modelUrl: string; proxyUrl: string };

export function claudeEnv(modelUrl: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: 'sk-ant-stand-in',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

/** `~/.claude.json` saying onboarding is done (kept if the test wrote its own). */
export function prepareClaudeHome(home: string): void {
  mkdirSync(join(home, '.claude'), { recursive: true });
  const config = join(home, '.claude.json');
  if (!existsSync(config)) writeFileSync(config, JSON.stringify({ hasCompletedOnboarding: true, bypassPermissionsModeAccepted: false }));
}

export function startClaude(options: ClaudeOptions) {
  prepareClaudeHome(options.home);
  return startHost(hostBinaries().claude, { ...options, env: { ...claudeEnv(options.modelUrl), ...options.env } });
}

export function runClaude(options: ClaudeOptions): Promise<HostRun> {
  return startClaude(options).done;
}
