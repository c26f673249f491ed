/**
 * An ACP permission request as a Cast card's fields (issue 43 item 2): the tool as the agent
 * names it (the call's `name`, Claude Code's tool name in claude-agent-acp's `_meta`, else the
 * title the editor would show) and its raw input whole. The agent's options go with it as they
 * are (ask-cast.ts): the core offers "always" only when one is `allow_always`, in its words.
 */
import type { ToolCallUpdate } from '@agentclientprotocol/sdk';

const TOOL_MAX = 200;

export type CardFields = { tool: string; toolInput: Record<string, unknown> };

function metaToolName(call: ToolCallUpdate): string | null {
  const name = (call._meta as { claudeCode?: { toolName?: unknown } } | null | undefined)?.claudeCode?.toolName;
  return typeof name === 'string' && name.trim() ? name : null;
}

/**
 * A rule names a tool in letters, digits and `_ . : -` (domain/rules/compile-rule.ts), and an
 * "always" rule names the card's tool: a title's other characters become `_`. `*` too, which a
 * rule would read as "any run of characters".
 */
function asToolName(words: string): string {
  return (
    words
      .trim()
      .replace(/[^A-Za-z0-9_.:-]+/g, '_')
      .slice(0, TOOL_MAX) || 'tool'
  );
}

function toolName(call: ToolCallUpdate): string {
  return asToolName(call.name?.trim() || metaToolName(call) || call.title?.trim() || call.kind || 'tool');
}

function inputOf(call: ToolCallUpdate): Record<string, unknown> {
  const raw = call.rawInput;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  // No structured input: what the editor would show instead.
  return { ...(call.title ? { title: call.title } : {}), ...(call.locations?.length ? { locations: call.locations } : {}) };
}

export function cardFields(call: ToolCallUpdate): CardFields {
  return { tool: toolName(call), toolInput: inputOf(call) };
}
