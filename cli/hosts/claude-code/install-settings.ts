/**
 * The hook settings `cast install claude-code` writes, for the Claude Code version at hand
 * (issue 31 items 8–10). Three shapes:
 *   - interactive, Claude Code with PermissionRequest: that hook event, for every tool — it runs only
 *     when Claude Code would itself ask, so Cast asks exactly what the terminal would have;
 *   - headless (`--headless`, `claude -p`, 2.1.89+): PreToolUse with `--park`, since only
 *     PreToolUse can answer "defer" and end the run until the person answers;
 *   - older versions, or `--event pre-tool-use`: PreToolUse for the tools worth a y / n.
 * Every entry's `timeout` is above the hook's own --timeout (a shorter one lets Claude Code kill
 * the hook and run an allowed call unasked), with `"onFailure": "block"` where the version has it
 * (a hook that crashed or could not start blocks the call instead of letting it run), and a
 * `statusMessage` for the spinner while the hook waits.
 * The interactive PermissionRequest hook also runs the same command after every call
 * (PostToolUse, PostToolUseFailure, in the background): Claude Code shows its own prompt while
 * the hook waits, and a "Yes" there runs the call without a word to the hook; the run after the
 * call tells it, and its card leaves the queue (one-shot/terminal-answer.ts).
 */
/** The hook event `--event` names, in the command line's words. */
export const HOOK_EVENTS = ['pre-tool-use', 'permission-request'] as const;
export type HookEventFlag = (typeof HOOK_EVENTS)[number];
export type Version = [number, number, number];

/** PreToolUse "defer" (release notes of 2.1.89). */
export const DEFER_SINCE: Version = [2, 1, 89];
/** PermissionRequest hooks: first in 2.0.45 (its hook event list has it; 2.0.44's, read from the npm package, does not). */
export const PERMISSION_REQUEST_SINCE: Version = [2, 0, 45];
/** `onFailure` on a hook entry: seen in 2.1.332 (its settings schema and behaviour); earlier releases are not known to have it. */
export const ON_FAILURE_SINCE: Version = [2, 1, 332];
/**
 * PostToolUseFailure and `"async": true` entries, both needed after the call: seen in 2.1.332 (its
 * hook event list and settings schema, and behaviour); earlier releases are not assumed to have them.
 */
export const AFTER_THE_CALL_SINCE: Version = [2, 1, 332];

export const PRE_TOOL_USE_MATCHER = 'Bash|Write|Edit|MultiEdit|NotebookEdit|WebFetch';
export const ASK_USER_QUESTION_MATCHER = 'AskUserQuestion';
export const STATUS_MESSAGE = 'Waiting for your answer in Cast…';
/** Claude Code's `timeout` is seconds; a minute above the hook's own bound. */
const MARGIN_SECONDS = 60;
/** The run after a call reads its payload and looks for one file; past this Claude Code ends it. */
const AFTER_THE_CALL_SECONDS = 10;

export function parseVersion(text: string): Version | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export function atLeast(version: Version | null, since: Version): boolean {
  if (!version) return false;
  for (let index = 0; index < 3; index += 1) if (version[index] !== since[index]) return version[index]! > since[index]!;
  return true;
}

export type HookEntry = { type: 'command'; command: string; timeout: number; statusMessage: string; onFailure?: 'block' };
/** Run after a call, in the background (`async`): it never holds Claude Code up, and what it prints is read by no one. */
export type AfterTheCallEntry = { type: 'command'; command: string; timeout: number; async: true };
export type HookGroup = { matcher?: string; hooks: (HookEntry | AfterTheCallEntry)[] };
export type Plan = {
  event: 'PreToolUse' | 'PermissionRequest';
  group: { matcher?: string; hooks: HookEntry[] };
  hooks: Record<string, HookGroup[]>;
  notes: string[];
};

export function planHook(opts: {
  version: Version | null;
  headless: boolean;
  event?: HookEventFlag;
  timeoutSeconds: number;
  timeout: string;
}): Plan {
  const { version, headless } = opts;
  const notes: string[] = [];
  if (!version) notes.push('Claude Code was not found (claude --version); writing the PreToolUse hook, which every version has.');
  const park = headless && atLeast(version, DEFER_SINCE);
  if (headless && version && !park)
    notes.push(`Claude Code ${version.join('.')} cannot defer (2.1.89+): headless runs wait for the answer.`);
  const event: HookEventFlag =
    opts.event ?? (!headless && atLeast(version, PERMISSION_REQUEST_SINCE) ? 'permission-request' : 'pre-tool-use');
  if (headless && event === 'permission-request') notes.push('PermissionRequest cannot defer: headless runs wait for the answer.');
  const entry: HookEntry = {
    type: 'command',
    command: `cast hook claude-code --timeout ${opts.timeout}${park && event === 'pre-tool-use' ? ' --park' : ''}`,
    timeout: opts.timeoutSeconds + MARGIN_SECONDS,
    statusMessage: STATUS_MESSAGE,
    ...(atLeast(version, ON_FAILURE_SINCE) ? { onFailure: 'block' as const } : {}),
  };
  // Interactively, Claude Code's own questions (AskUserQuestion) go to the queue too; `claude -p` has no such tool.
  const questions: HookGroup[] = headless ? [] : [{ matcher: ASK_USER_QUESTION_MATCHER, hooks: [entry] }];
  if (event === 'permission-request') {
    const group = { hooks: [entry] };
    // Claude Code's own prompt shows only in a terminal; `claude -p` has none to answer "Yes" in.
    const after: AfterTheCallEntry = { type: 'command', command: 'cast hook claude-code', timeout: AFTER_THE_CALL_SECONDS, async: true };
    const afterTheCall: Record<string, HookGroup[]> =
      !headless && atLeast(version, AFTER_THE_CALL_SINCE)
        ? { PostToolUse: [{ hooks: [after] }], PostToolUseFailure: [{ hooks: [after] }] }
        : {};
    return {
      event: 'PermissionRequest',
      group,
      hooks: { PermissionRequest: [group], ...(questions.length ? { PreToolUse: questions } : {}), ...afterTheCall },
      notes,
    };
  }
  const group = { matcher: PRE_TOOL_USE_MATCHER, hooks: [entry] };
  return { event: 'PreToolUse', group, hooks: { PreToolUse: [group, ...questions] }, notes };
}

type Settings = { hooks?: Record<string, HookGroup[]> } & Record<string, unknown>;

const isCast = (entry: { command?: unknown }) => typeof entry.command === 'string' && /^cast hook claude-code\b/.test(entry.command);

/** The settings with Cast's hook in place: any earlier `cast hook claude-code` entry (either hook event) is taken out first. */
export function withHook(settings: Settings, plan: Plan): Settings {
  const hooks: Record<string, HookGroup[]> = {};
  for (const [event, groups] of Object.entries(settings.hooks ?? {})) {
    const kept = groups
      .map((group) => ({ ...group, hooks: (group.hooks ?? []).filter((entry) => !isCast(entry)) }))
      .filter((group) => group.hooks.length > 0);
    if (kept.length) hooks[event] = kept;
  }
  for (const [event, groups] of Object.entries(plan.hooks)) hooks[event] = [...(hooks[event] ?? []), ...groups];
  return { ...settings, hooks };
}
