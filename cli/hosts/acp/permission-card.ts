/**
 * An ACP permission request as a Cast card's fields (issue 43 item 2): the tool as the agent
 * names it (the call's `name`, Claude Code's tool name in claude-agent-acp's `_meta`, Gemini CLI's
 * in its tool call id, else the title the editor would show) and its raw input whole. The agent's
 * options go with it as they are (ask-cast.ts): the core offers "always" only when one is
 * `allow_always`, in its words.
 */
import type { ToolCallUpdate } from '@agentclientprotocol/sdk';

const TOOL_MAX = 200;

/** Gemini CLI's shell tool: its title is the command, exactly (0.61.0's ShellToolInvocation). */
const GEMINI_SHELL = 'run_shell_command';

export type CardFields = { tool: string; toolInput: Record<string, unknown> };

function metaToolName(call: ToolCallUpdate): string | null {
  const name = (call._meta as { claudeCode?: { toolName?: unknown } } | null | undefined)?.claudeCode?.toolName;
  return typeof name === 'string' && name.trim() ? name : null;
}

/**
 * Gemini CLI (`gemini --acp`) sends no name, no raw input and no `_meta`, but its tool call id is
 * `<tool>__<id>` (`run_shell_command__run_shell_command_1796441004039_0`). Its built-in tools are
 * snake_case with no `__`; an MCP tool's name (`mcp_<server>_<tool>`) may hold one, so its id
 * does not say where the name ends, and it keeps its title.
 */
function geminiToolName(call: ToolCallUpdate): string | null {
  const name = /^([a-z][a-z0-9_]*?)__./.exec(call.toolCallId)?.[1];
  return name && !name.startsWith('mcp_') ? name : null;
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
  return asToolName(call.name?.trim() || metaToolName(call) || geminiToolName(call) || call.title?.trim() || call.kind || 'tool');
}

function inputOf(call: ToolCallUpdate, tool: string): Record<string, unknown> {
  const raw = call.rawInput;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  // Gemini's shell shows its command as the title: the card, and a rule, read it as the command it is.
  if (tool === GEMINI_SHELL && call.title?.trim()) return { command: call.title };
  // No structured input: what the editor would show instead.
  return { ...(call.title ? { title: call.title } : {}), ...(call.locations?.length ? { locations: call.locations } : {}) };
}

export function cardFields(call: ToolCallUpdate): CardFields {
  const tool = toolName(call);
  return { tool, toolInput: inputOf(call, tool) };
}
