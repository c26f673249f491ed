/**
 * Cast's entry in a Codex hooks.json: `cast hook codex` as the PermissionRequest hook, with
 * no matcher, so every approval Codex would ask a person for goes to the queue. Codex's
 * hook timeout (seconds) stays above the hook's own --timeout: a hook Codex kills counts as
 * failed, and the call falls through to Codex's own approval path instead of a refusal.
 * Format: https://developers.openai.com/codex/hooks (the same shape as Claude Code's settings).
 */
export const CODEX_HOOK_COMMAND = 'cast hook codex --timeout 10m';
export const CODEX_HOOK_TIMEOUT_SECONDS = 660;

type Hook = { type?: string; command?: string; timeout?: number };
type HookGroup = { matcher?: string; hooks?: Hook[] };
export type HooksFile = { hooks?: Record<string, HookGroup[] | undefined> } & Record<string, unknown>;

export const castGroup = (): HookGroup => ({
  hooks: [{ type: 'command', command: CODEX_HOOK_COMMAND, timeout: CODEX_HOOK_TIMEOUT_SECONDS }],
});

const isCast = (group: HookGroup) => (group.hooks ?? []).some((hook) => hook.command?.trim().startsWith('cast hook codex'));

/** The file with Cast's PermissionRequest hook in it once: an older Cast entry replaced, every other hook kept. */
export function withCastHook(file: HooksFile): HooksFile {
  const hooks = file.hooks ?? {};
  const others = (hooks.PermissionRequest ?? []).filter((group) => !isCast(group));
  return { ...file, hooks: { ...hooks, PermissionRequest: [...others, castGroup()] } };
}
