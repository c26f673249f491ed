/**
 * `cast install claude-code`: asks the installed Claude Code its version, picks the hook event
 * for it (install-settings.ts), and writes the hook into the project's
 * `.claude/settings.json` (or --file), keeping everything else in the file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { projectRoot } from '../../config';
import { parseDuration } from '../../duration-flag';
import { CliError, emit, Exit, usageError } from '../../output';
import { HOOK_EVENTS, planHook, parseVersion, withHook, type HookEventFlag, type Version } from './install-settings';

/** `door`: `--door`, the hidden old name of `--event`, still taken from scripts written for an older Cast. */
export type InstallClaudeCodeOptions = {
  headless?: boolean;
  event?: string;
  door?: string;
  file?: string;
  timeout: string;
  json?: boolean;
};

function eventFlag(opts: InstallClaudeCodeOptions): HookEventFlag | undefined {
  if (opts.event !== undefined && opts.door !== undefined && opts.event !== opts.door)
    throw usageError(`--event ${opts.event} and --door ${opts.door} disagree: give --event alone (--door is its old name).`);
  const event = opts.event ?? opts.door;
  if (event === undefined) return undefined;
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) throw usageError(`--event ${event}: give pre-tool-use or permission-request.`);
  return event as HookEventFlag;
}

function installedVersion(): Version | null {
  try {
    return parseVersion(execFileSync('claude', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15_000 }));
  } catch {
    return null;
  }
}

function readSettings(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Refused below: a file we cannot read back is never overwritten.
  }
  throw new CliError(`${file} is not a JSON object; fix it or pass --file.`, Exit.refused, { file }, 'bad_settings_file');
}

export function installClaudeCode(opts: InstallClaudeCodeOptions): void {
  const event = eventFlag(opts);
  const timeoutSeconds = parseDuration(opts.timeout);
  const version = installedVersion();
  const plan = planHook({
    version,
    headless: Boolean(opts.headless),
    ...(event ? { event } : {}),
    timeoutSeconds,
    timeout: opts.timeout,
  });
  const file = opts.file ?? join(projectRoot(), '.claude', 'settings.json');
  const after = withHook(readSettings(file), plan);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(after, null, 2)}\n`);
  const shown = relative(process.cwd(), file) || file;
  const allow = opts.headless
    ? [
        'Parked claude -p runs resume once answered, by a restart runner in this project:',
        "  cast runner --exec 'claude --resume {session} -p {message}'",
      ]
    : [];
  emit(
    Boolean(opts.json),
    [
      `Claude Code ${version ? version.join('.') : '(not found)'}: the ${plan.event} hook is in ${shown}: ${plan.group.hooks[0]!.command}`,
      ...plan.notes,
      ...allow,
    ],
    { file, claudeVersion: version?.join('.') ?? null, event: plan.event, hooks: plan.hooks, notes: plan.notes },
  );
}
