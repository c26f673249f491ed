/**
 * The real Gemini CLI sealed in: its model API is the Gemini stand-in at `modelUrl`
 * (GOOGLE_GEMINI_BASE_URL, which also picks its "gateway" auth) with an API key, so no browser
 * or Google login; `~/.gemini/settings.json` in the temporary HOME names that auth for ACP's
 * session/new and turns off usage statistics, telemetry and the auto-updater; the workspace is
 * trusted (GEMINI_CLI_TRUST_WORKSPACE) so its tools are not held back; and it does not relaunch
 * itself in a child process (GEMINI_CLI_NO_RELAUNCH), so the test stops the process it started.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function geminiEnv(modelUrl: string): Record<string, string> {
  return {
    GOOGLE_GEMINI_BASE_URL: modelUrl,
    GEMINI_API_KEY: 'gemini-stand-in-key',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_TELEMETRY_ENABLED: 'false',
  };
}

export function prepareGeminiHome(home: string): void {
  mkdirSync(join(home, '.gemini'), { recursive: true });
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  };
  writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify(settings, null, 2));
}
