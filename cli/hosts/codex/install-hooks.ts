/**
 * Cast's entry in a Codex hooks.json: `cast hook codex` as the PermissionRequest hook, with
 * no matcher, so every approval Codex would ask a person for goes to the queue. Codex's
 * hook timeout (seconds) stays above the hook's own --timeout: a hook Codex kills counts as
 * failed, and the call falls through to Codex's own approval path instead of a refusal.
 *
 * The command fails closed (issue 38 item 8). Codex 0.171.0 hands the call to its own approval
 * path — under `codex exec --approve-for-me` an automatic reviewer — whenever the hook prints
 * nothing: command not found, exit 1 or 127, exit 0 with no output alike, and `codex exec`
 * shows none of it. So the entry runs `cast` by the absolute paths of the node and the script
 * that ran `cast install codex` (the hook's PATH may hold neither), inside a `sh` line that
 * prints the deny itself when that command printed nothing (moved, uninstalled, crashed).
 * Format: https://developers.openai.com/codex/hooks (the same shape as Claude Code's settings).
 */
import { codexOutput, deny, NOBODY_APPROVED } from './verdict';

export const CODEX_HOOK_TIMEOUT = '10m';
export const CODEX_HOOK_TIMEOUT_SECONDS = 660;

type Hook = { type?: string; command?: string; timeout?: number };
type HookGroup = { matcher?: string; hooks?: Hook[] };
export type HooksFile = { hooks?: Record<string, HookGroup[] | undefined> } & Record<string, unknown>;

/** One word for `sh`, whatever it holds. */
const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** Why the call is refused when `cast hook codex` could not run at all. */
const CANNOT_RUN_REASON = `cast hook codex could not run (its command is missing, or it failed before answering); run cast install codex again where cast is installed. ${NOBODY_APPROVED}`;

/** What Codex reads then: the deny, with the reason as its message. */
export const CANNOT_RUN = codexOutput('PermissionRequest', deny(CANNOT_RUN_REASON));

/**
 * The hook's command line: `cast` is the command that runs this CLI (node and the script, by
 * absolute path). Its verdict is passed on; no verdict at all is a deny.
 */
export function codexHookCommand(cast: readonly string[]): string {
  const run = [...cast.map(quoted), 'hook', 'codex', '--timeout', CODEX_HOOK_TIMEOUT].join(' ');
  return `v=$(${run}); if [ -n "$v" ]; then printf '%s\\n' "$v"; else printf '%s\\n' ${quoted(CANNOT_RUN)}; fi`;
}

/** This CLI as it runs now: the node binary and the script, both absolute. */
export const thisCast = (): string[] => [process.execPath, process.argv[1]!];

export const castGroup = (cast: readonly string[]): HookGroup => ({
  hooks: [{ type: 'command', command: codexHookCommand(cast), timeout: CODEX_HOOK_TIMEOUT_SECONDS }],
});

/** Cast's entry, as written now or by an earlier Cast (`cast hook codex …` run from PATH). */
const isCast = (group: HookGroup) => (group.hooks ?? []).some((hook) => /(^|[\s'/])cast(\.cjs)?'? hook codex\b/.test(hook.command ?? ''));

/** The file with Cast's PermissionRequest hook in it once: an older Cast entry replaced, every other hook kept. */
export function withCastHook(file: HooksFile, cast: readonly string[] = thisCast()): HooksFile {
  const hooks = file.hooks ?? {};
  const others = (hooks.PermissionRequest ?? []).filter((group) => !isCast(group));
  return { ...file, hooks: { ...hooks, PermissionRequest: [...others, castGroup(cast)] } };
}
