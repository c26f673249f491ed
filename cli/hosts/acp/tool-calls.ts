/**
 * What the agent has said about each tool call (issue 43 item 2): `session/request_permission`
 * carries a ToolCallUpdate, which may name only the call's id when its title and input came
 * earlier in a `tool_call` session update. The proxy notes every update it passes through, so the
 * card shows the whole call.
 */
import type { ToolCallUpdate } from '@agentclientprotocol/sdk';

type Known = Omit<ToolCallUpdate, 'toolCallId'>;

const key = (sessionId: string, toolCallId: string) => `${sessionId}\u0000${toolCallId}`;

export class ToolCalls {
  private readonly calls = new Map<string, Known>();

  /** A `session/update` the agent sent: a `tool_call` or `tool_call_update` adds to what is known. */
  note(params: unknown): void {
    const { sessionId, update } = (params ?? {}) as { sessionId?: unknown; update?: Record<string, unknown> };
    if (typeof sessionId !== 'string' || !update) return;
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return;
    if (typeof update.toolCallId !== 'string') return;
    this.merge(sessionId, update as ToolCallUpdate);
  }

  /** The call as known so far, with what the permission request itself says on top. */
  merge(sessionId: string, update: ToolCallUpdate): ToolCallUpdate {
    const id = key(sessionId, update.toolCallId);
    const defined = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined && value !== null));
    const merged = { ...this.calls.get(id), ...defined } as ToolCallUpdate;
    this.calls.set(id, merged);
    return merged;
  }
}
