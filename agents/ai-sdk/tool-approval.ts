/**
 * The Vercel AI SDK (v7) asking Cast: `castToolApproval` is a `toolApproval` function for
 * `generateText`, `streamText` or `ToolLoopAgent`. For each tool call it files a permission card
 * and answers the SDK with the card's answer as an automatic approval or denial, so the SDK
 * records the approval request and response in its output, runs the tool only on approve, and
 * on deny gives the model an `execution-denied` result carrying the person's reason. A rule in
 * Cast that answers at filing answers at once, with no card waiting.
 */
import type { ToolApprovalStatus } from 'ai';
import { askCast } from '../core/approval-card';
import type { CastAnswer } from '../core/cast-answer';
import { castCalls, type CastOptions } from '../core/cast-connection';
import { cardPlace } from '../core/card-place';

export type CastToolApprovalOptions = CastOptions & {
  /** The tools to ask about, by name; the others run as the SDK would run them. None: every tool. */
  tools?: readonly string[];
  /** Stops waiting for answers (the card is taken out, and the SDK's call fails with the abort). */
  signal?: AbortSignal;
  /** Called with each answer, for a log or a UI. */
  onAnswer?: (answer: CastAnswer, call: { toolName: string; toolCallId: string }) => void;
};

/** What the SDK passes a generic `toolApproval` function, as far as Cast reads it. */
export type ApprovalCall = { toolCall: { toolName: string; toolCallId: string; input: unknown } };

export function castToolApproval(options: CastToolApprovalOptions): (call: ApprovalCall) => Promise<ToolApprovalStatus> {
  const calls = castCalls(options);
  const place = cardPlace(options);
  return async ({ toolCall }) => {
    if (options.tools && !options.tools.includes(toolCall.toolName)) return 'not-applicable';
    const answer = await askCast(
      calls,
      place,
      { tool: toolCall.toolName, input: toolCall.input, callId: toolCall.toolCallId },
      options.signal,
    );
    options.onAnswer?.(answer, toolCall);
    return { type: answer.approved ? 'approved' : 'denied', reason: answer.reason };
  };
}
