/**
 * The interactive `claude` in a pseudo-terminal (python3's `pty`, pty-drive.py), sealed in like
 * run-host.ts: a temporary HOME whose `~/.claude.json` has onboarding done, the project trusted
 * and the stand-in's API key accepted, so no first-run dialog stands in the way. `screen()` is
 * what the terminal has shown so far (ANSI stripped); `press()` types keys into it, as the person
 * at the terminal would; `stop()` ends it.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostBinaries } from './host-binaries';
import { claudeEnv } from './run-claude';

export function startClaudeInTerminal(options: {
  cwd: string;
  home: string;
  root: string;
  args: string[];
  modelUrl: string;
  proxyUrl: string;
  env: Record<string, string>;
  seconds?: number;
}) {
  writeFileSync(
    join(options.home, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      projects: { [options.cwd]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      customApiKeyResponses: { approved: [claudeEnv(options.modelUrl).ANTHROPIC_API_KEY!.slice(-20)], rejected: [] },
    }),
  );
  const out = join(options.root, 'screen.txt');
  const stopFile = join(options.root, 'stop-terminal');
  const keysFile = join(options.root, 'terminal-keys');
  const child = spawn(
    'python3',
    [join(import.meta.dirname, 'pty-drive.py'), String(options.seconds ?? 90), hostBinaries().claude, ...options.args],
    {
      cwd: options.cwd,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH!,
        LANG: 'C.UTF-8',
        TERM: 'xterm-256color',
        HOME: options.home,
        HTTPS_PROXY: options.proxyUrl,
        HTTP_PROXY: options.proxyUrl,
        NO_PROXY: '127.0.0.1,localhost',
        OUT: out,
        STOP: stopFile,
        KEYS: keysFile,
        ...claudeEnv(options.modelUrl),
        ...options.env,
      },
    },
  );
  const done = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    child,
    screen: () => (existsSync(out) ? readFileSync(out, 'utf8') : ''),
    /** Keys as the terminal sends them: '\x1b' is Esc, '\r' Enter. */
    press(keys: string) {
      appendFileSync(keysFile, keys);
    },
    async stop() {
      writeFileSync(stopFile, '');
      await done;
    },
  };
}
