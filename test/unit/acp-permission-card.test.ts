/**
 * Issue 43 item 3: an ACP permission request as a card's tool and input. The tool is the agent's
 * own name for it wherever the request carries one — the call's `name`, claude-agent-acp's
 * `_meta.claudeCode.toolName`, Gemini CLI's tool call id (`run_shell_command__…`) — else the
 * title; the input is the raw input, Gemini's shell command (its title), else what the editor shows.
 */
import type { ToolCallUpdate } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { cardFields } from '../../cli/hosts/acp/permission-card';

/** What Gemini CLI 0.61.0 sends for its shell tool and its write_file tool (recorded through `cast acp`). */
const GEMINI_SHELL: ToolCallUpdate = {
  toolCallId: 'run_shell_command__run_shell_command_1796441004039_0',
  kind: 'execute',
  status: 'pending',
  title: 'touch a.txt',
  content: [{ type: 'content', content: { type: 'text', text: '[current working directory /tmp/p] (make it)' } }],
  locations: [],
};
const GEMINI_WRITE: ToolCallUpdate = {
  toolCallId: 'write_file__write_file_1796441004798_0',
  kind: 'edit',
  status: 'pending',
  title: 'Writing to b.txt',
  content: [{ type: 'diff', path: '/tmp/p/b.txt', oldText: '', newText: 'hi' }],
  locations: [{ path: '/tmp/p/b.txt' }],
};

describe('issue 43: an ACP permission request as a card', () => {
  it("names Gemini CLI's call by the tool its id carries; its shell command is the title", () => {
    expect(cardFields(GEMINI_SHELL)).toEqual({ tool: 'run_shell_command', toolInput: { command: 'touch a.txt' } });
    expect(cardFields(GEMINI_WRITE)).toEqual({
      tool: 'write_file',
      toolInput: { title: 'Writing to b.txt', locations: [{ path: '/tmp/p/b.txt' }] },
    });
    // A model may give the call its own id: Gemini still puts the tool's name first.
    expect(cardFields({ ...GEMINI_SHELL, toolCallId: 'run_shell_command__abc' }).tool).toBe('run_shell_command');
  });

  it("keeps the title for an MCP tool, whose name may hold the id's `__`, and for ids that name no tool", () => {
    expect(cardFields({ toolCallId: 'mcp_files_read__x__mcp_files_read__x_1_0', title: 'read x' }).tool).toBe('read_x');
    for (const toolCallId of ['call_1', 'toolu_01ABC', '__x', 'Run__1', 'run_shell_command__'])
      expect(cardFields({ toolCallId, title: 'touch a.txt' })).toEqual({ tool: 'touch_a.txt', toolInput: { title: 'touch a.txt' } });
  });

  it("prefers the call's name and claude-agent-acp's tool name, and a raw input, to anything read from the id or title", () => {
    const claude: ToolCallUpdate = {
      toolCallId: 'toolu_01',
      title: '`touch a.txt`',
      rawInput: { command: 'touch a.txt', description: 'make it' },
      _meta: { claudeCode: { toolName: 'Bash' } },
    };
    expect(cardFields(claude)).toEqual({ tool: 'Bash', toolInput: { command: 'touch a.txt', description: 'make it' } });
    expect(cardFields({ ...GEMINI_SHELL, rawInput: { command: 'ls' } }).toolInput).toEqual({ command: 'ls' });
  });
});
