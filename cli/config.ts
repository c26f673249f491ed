/**
 * Where the CLI finds Cast and who it is: `cast login` writes a config file (mode 0600);
 * `CAST_URL`, `CAST_TOKEN` and `CAST_SESSION` override it. The only module that reads the
 * environment (`NO_COLOR` aside).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { CliError, Exit, hint } from './output';

const ConfigFile = z.object({ url: z.string().url(), token: z.string().min(1) }).partial();
export type ConfigFile = z.infer<typeof ConfigFile>;

export function configPath(): string {
  if (process.env.CAST_CONFIG) return process.env.CAST_CONFIG;
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'cast', 'config.json');
}

function readConfigFile(): ConfigFile {
  let text: string;
  try {
    text = readFileSync(configPath(), 'utf8');
  } catch {
    return {};
  }
  const parsed = ConfigFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new CliError(`${configPath()} is not a valid config; run cast login again.`, Exit.error);
  return parsed.data;
}

export function writeConfig(config: { url: string; token: string }): string {
  const path = configPath();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // an existing file keeps its old mode on write
  return path;
}

export type Connection = { url: string; token: string };

export function connection(): Connection {
  const file = readConfigFile();
  const url = process.env.CAST_URL || file.url;
  const token = process.env.CAST_TOKEN || file.token;
  if (!url || !token) {
    throw new CliError(
      'Not signed in: run cast login --url <url> --token - (or set CAST_URL and CAST_TOKEN).',
      Exit.notAllowed,
      {},
      'not_signed_in',
    );
  }
  return { url: url.replace(/\/+$/, ''), token };
}

/**
 * The host conversation a `cast` process runs in, by the id its host gives it (issue 31 item 6):
 * Claude Code passes CLAUDE_CODE_SESSION_ID (= its hooks' session_id) to its shell commands and
 * MCP servers; Codex passes CODEX_THREAD_ID (= its hooks' session_id) to its shell commands, and
 * to an MCP server only inside each tool call (`_meta.threadId`: `threadOfCall`), never in its env.
 */
export function hostConversation(env: NodeJS.ProcessEnv = process.env, callThread?: string): string | null {
  return env.CLAUDE_CODE_SESSION_ID || callThread || env.CODEX_THREAD_ID || null;
}

/**
 * The asking session (DESIGN §4): CAST_SESSION, else the host's conversation id (so the hook,
 * `cast decide` and `cast mcp` file one conversation in one session), else one stable default
 * per member and machine, announced on stderr.
 */
export function sessionId(token: string, callThread?: string): string {
  if (process.env.CAST_SESSION) return process.env.CAST_SESSION;
  const conversation = hostConversation(process.env, callThread);
  if (conversation) return conversation.slice(0, 200);
  const member = createHash('sha256').update(token).digest('hex').slice(0, 10);
  const id = `cli-${hostname()}-${member}`.slice(0, 200);
  hint(`cast: CAST_SESSION is not set; using this machine's default session ${id}.`);
  return id;
}

/** Codex's thread id in an MCP tool call's `_meta` (Codex 0.171.0 sends `threadId` with every tools/call). */
export function threadOfCall(meta: Record<string, unknown> | undefined): string | undefined {
  const thread = meta?.threadId;
  return typeof thread === 'string' && thread.trim() ? thread.trim() : undefined;
}

/**
 * `cast mcp`'s session for each tool call: as sessionId, with the call's Codex thread when it
 * carries one; the machine's default is worked out (and announced) once.
 */
export function callSession(token: string): (meta?: Record<string, unknown>) => string {
  let fallback: string | undefined;
  return (meta) => {
    const thread = threadOfCall(meta);
    if (process.env.CAST_SESSION || hostConversation(process.env, thread)) return sessionId(token, thread);
    return (fallback ??= sessionId(token));
  };
}

/**
 * A host's own conversation id (the Claude Code hook's `session_id`) names the session, unless
 * CAST_SESSION says otherwise.
 */
export function hostSession(hostId: string): string {
  return process.env.CAST_SESSION || hostId;
}

/** Codex's home, where its user-level config.toml and hooks.json live. */
export function codexHome(): string {
  return process.env.CODEX_HOME || join(homedir(), '.codex');
}

/** The project the session works in (in `dir`, default the current one): the git repository's name, else the directory's. */
export function scope(dir = process.cwd()): string {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (top) return basename(top);
  } catch {
    // not a git repository, no git, or no such directory: the directory names the project
  }
  return basename(dir) || 'root';
}

/** The repository's root, where a project's settings live; outside a repository, the current directory. */
export function projectRoot(): string {
  try {
    return (
      execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() ||
      process.cwd()
    );
  } catch {
    return process.cwd();
  }
}
