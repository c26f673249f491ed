/**
 * The Claude Code settings docs/cli.md tells a person to write for `cast hook claude-code`,
 * read from the document itself (the ```json block with `hooks.PreToolUse`), so a host test runs
 * the hook exactly as documented and breaks when the document changes under it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type ClaudeSettings = {
  hooks: Record<string, { matcher?: string; hooks: { type: string; command: string; timeout?: number }[] }[]>;
};

export function documentedClaudeHookSettings(): ClaudeSettings {
  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/cli.md'), 'utf8');
  const settings = [...doc.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1]!) as Partial<ClaudeSettings>)
    .find((json): json is ClaudeSettings => Array.isArray(json.hooks?.PreToolUse));
  if (!settings) throw new Error('docs/cli.md no longer shows the Claude Code hook settings (a ```json block with hooks.PreToolUse)');
  return settings;
}
