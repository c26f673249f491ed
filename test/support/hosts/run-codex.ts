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
import { startHost, type HostOptions, type HostRun } from './run-host';

export type CodexOptions = HostOptions & { modelUrl: string; codexHome: string; configToml?: string };

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

export function startCodex(options: CodexOptions) {
  writeCodexConfig(options.codexHome, options.modelUrl, options.configToml);
  return startHost(hostBinaries().codex, {
    ...options,
    env: { CODEX_HOME: options.codexHome, OPENAI_API_KEY: 'sk-stand-in', ...options.env },
  });
}

export function runCodex(options: CodexOptions): Promise<HostRun> {
  return startCodex(options).done;
}
