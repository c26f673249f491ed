/** An Agents SDK interruption (a tool call waiting for approval) as Cast reads it: its call id, tool and input. */
import type { RunToolApprovalItem } from '@openai/agents';
import type { ToolCallAsk } from '../core/approval-card';

export function callIdOf(item: RunToolApprovalItem): string {
  const raw = item.rawItem as { callId?: unknown; id?: unknown };
  if (typeof raw.callId === 'string') return raw.callId;
  if (typeof raw.id === 'string') return raw.id;
  throw new Error(`The interruption for ${item.name ?? 'a tool'} has no call id to ask about.`);
}

/** The call's arguments as an object where they are JSON, else as the text the model sent. */
function inputOf(item: RunToolApprovalItem): unknown {
  const text = item.arguments;
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { arguments: text };
  }
}

export function askOf(item: RunToolApprovalItem): ToolCallAsk {
  return { tool: item.name ?? item.rawItem.type, input: inputOf(item), callId: callIdOf(item) };
}
