/**
 * The Claude Code settings the docs tell a person to write for `cast hook claude-code`, read
 * from the documents themselves (a ```json block with `hooks`), so a host test runs the hook
 * exactly as documented and breaks when a document changes under it. The pages are
 * docs/hosts/claude-code-interactive.md and docs/hosts/claude-code-headless.md, each showing
 * what `cast install claude-code` writes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type HookEntry = { type: string; command: string; timeout?: number; statusMessage?: string; onFailure?: string; async?: boolean };
export type ClaudeSettings = { hooks: Record<string, { matcher?: string; hooks: HookEntry[] }[]> };

export type DocumentedVariant = 'permission-request' | 'pre-tool-use' | 'headless';

const PAGES: Record<DocumentedVariant, string> = {
  'permission-request': 'docs/hosts/claude-code-interactive.md',
  'pre-tool-use': 'docs/hosts/claude-code-interactive.md',
  headless: 'docs/hosts/claude-code-headless.md',
};

function isVariant(settings: ClaudeSettings, variant: DocumentedVariant): boolean {
  const commands = Object.values(settings.hooks).flatMap((groups) => groups.flatMap((group) => group.hooks.map((hook) => hook.command)));
  const bash = settings.hooks.PreToolUse?.some((group) => group.matcher?.includes('Bash')) ?? false;
  if (variant === 'permission-request') return Array.isArray(settings.hooks.PermissionRequest);
  if (variant === 'headless') return bash && commands.some((command) => command.includes('--park'));
  return bash && !settings.hooks.PermissionRequest && !commands.some((command) => command.includes('--park'));
}

/** The documented settings of one kind; by default the PreToolUse hook of the terminal page. */
export function documentedClaudeHookSettings(variant: DocumentedVariant = 'pre-tool-use'): ClaudeSettings {
  const page = PAGES[variant];
  const doc = readFileSync(resolve(import.meta.dirname, '../../..', page), 'utf8');
  const settings = [...doc.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1]!) as Partial<ClaudeSettings>)
    .find(
      (json): json is ClaudeSettings => typeof json.hooks === 'object' && json.hooks !== null && isVariant(json as ClaudeSettings, variant),
    );
  if (!settings) throw new Error(`${page} no longer shows the ${variant} Claude Code hook settings (a \`\`\`json block with hooks)`);
  return settings;
}
