/**
 * The real Codex (`codex`), sealed in by run-host.ts: `$CODEX_HOME` is a temporary directory
 * whose config.toml points Codex at the OpenAI stand-in (`modelUrl`) as a model provider of its
 * own — Responses API over HTTP, WebSockets and retries off, the key from OPENAI_API_KEY — with
 * update checks and analytics off. `configToml` goes before those tables, so its top-level
 * keys (approval_policy…) stay top-level and its own tables (hooks) follow them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostBinaries } from './host-binaries';
import { startHost, type HostOptions, type HostRun, type RunningHost } from './run-host';
import { trustCodexHooks } from './trust-codex-hooks';

export type CodexOptions = HostOptions & {
  modelUrl: string;
  codexHome: string;
  configToml?: string;
  /** Trust the configured hooks first, as a person would in Codex's /hooks review (trust-codex-hooks.ts). */
  trustHooks?: boolean;
};

export function writeCodexConfig(codexHome: string, modelUrl: string, configToml = ''): void {
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "gpt-stand-in"',
      'model_provider = "stand-in"',
      'check_for_update_on_startup = false',
      configToml,
      '',
      '[analytics]',
      'enabled = false',
      '',
      '[model_providers.stand-in]',
      'name = "Stand-in"',
      `base_url = "${modelUrl}"`,
      'env_key = "OPENAI_API_KEY"',
      'wire_api = "responses"',
      'supports_websockets = false',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
    ].join('\n'),
  );
}

/** Writes the config (and trusts its hooks when asked), then starts Codex. */
export async function startCodex(options: CodexOptions): Promise<RunningHost> {
  writeCodexConfig(options.codexHome, options.modelUrl, options.configToml);
  if (options.trustHooks) await trustCodexHooks(hostBinaries().codex, options.codexHome, options.cwd, { HOME: options.home });
  return startHost(hostBinaries().codex, {
    ...options,
    env: { CODEX_HOME: options.codexHome, OPENAI_API_KEY: 'sk-stand-in', ...options.env },
  });
}

export async function runCodex(options: CodexOptions): Promise<HostRun> {
  return (await startCodex(options)).done;
}
