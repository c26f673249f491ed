/**
 * The interactive `codex` (its terminal UI) in a pseudo-terminal (pty-drive.py), sealed in like
 * run-codex.ts, asking before escalated calls (`approval_policy = "on-request"`) in a project
 * trusted in its config, with the hooks in $CODEX_HOME trusted first (trust-codex-hooks.ts).
 * Codex 0.171.0's terminal UI runs its work — hooks included — in an app-server daemon it starts
 * under $CODEX_HOME, which outlives the terminal; `stop()` ends the terminal, then the daemon
 * (`codex app-server daemon stop`), then what that leaves running from this test's $CODEX_HOME
 * (its `daemon pid-update-loop`). `screen()` is what the terminal has shown, `press()` types.
 */
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hostBinaries } from './host-binaries';
import type { HostTestWorld } from './host-test-world';
import { startOpenAiStandIn, type OpenAiTurn } from './openai-stand-in';
import { writeCodexConfig } from './run-codex';
import { trustCodexHooks } from './trust-codex-hooks';

export async function startCodexTerminal(
  hosts: HostTestWorld,
  place: { project: string; home: string; root: string; codexHome: string; env: Record<string, string> },
  options: { prompt: string; script: OpenAiTurn[] },
) {
  const model = hosts.model(await startOpenAiStandIn(options.script));
  const config = [
    'approval_policy = "on-request"',
    'sandbox_mode = "workspace-write"',
    '',
    `[projects."${place.project}"]`,
    'trust_level = "trusted"',
  ].join('\n');
  writeCodexConfig(place.codexHome, model.url, config);
  await trustCodexHooks(hostBinaries().codex, place.codexHome, place.project, { HOME: place.home });
  const out = join(place.root, 'codex-screen.txt');
  const stopFile = join(place.root, 'stop-codex-terminal');
  const keysFile = join(place.root, 'codex-terminal-keys');
  const env = {
    ...place.env,
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    HOME: place.home,
    CODEX_HOME: place.codexHome,
    OPENAI_API_KEY: 'sk-stand-in',
    HTTPS_PROXY: hosts.proxy().url,
    HTTP_PROXY: hosts.proxy().url,
    NO_PROXY: '127.0.0.1,localhost',
  };
  const child = spawn('python3', [join(import.meta.dirname, 'pty-drive.py'), '120', hostBinaries().codex, options.prompt], {
    cwd: place.project,
    stdio: 'ignore',
    env: { ...env, OUT: out, STOP: stopFile, KEYS: keysFile },
  });
  const done = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const terminal = hosts.terminal({
    screen: () => (existsSync(out) ? readFileSync(out, 'utf8') : ''),
    /** Keys as the terminal sends them: '\x1b' is Esc, '\r' Enter. */
    press(keys: string) {
      appendFileSync(keysFile, keys);
    },
    async stop() {
      writeFileSync(stopFile, '');
      await done;
      await promisify(execFile)(hostBinaries().codex, ['app-server', 'daemon', 'stop'], { cwd: place.project, env, timeout: 30_000 }).catch(
        () => undefined,
      );
      for (const pid of runningFrom(place.codexHome)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // ended by itself meanwhile
        }
      }
    },
  });
  return { model, terminal };
}

/** Processes whose program lies under `dir`: the daemon's, which Codex installs into its home. */
function runningFrom(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`${dir}/`);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}
