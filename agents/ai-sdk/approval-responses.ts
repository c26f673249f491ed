/**
 * The AI SDK's manual approval flow through Cast: with `toolApproval` answering
 * `'user-approval'`, a generation ends with `tool-approval-request` parts; `castApprovalResponses`
 * asks Cast about each and gives back the `tool-approval-response`s to add to the messages
 * (`{ role: 'tool', content: responses }`) before calling the SDK again. For a program that
 * shows the request in its own UI as well, or keeps the messages and answers later.
 */
import type { ToolApprovalResponse } from 'ai';
import { askCast } from '../core/approval-card';
import { castCalls, type CastOptions } from '../core/cast-connection';
import { cardPlace } from '../core/card-place';

/** A `tool-approval-request` part as the SDK gives it in `result.content`. */
type ApprovalRequestPart = {
  type: 'tool-approval-request';
  approvalId: string;
  isAutomatic?: boolean;
  toolCall: { toolName: string; toolCallId: string; input: unknown };
};

const isOpenRequest = (part: { type: string }): part is ApprovalRequestPart =>
  part.type === 'tool-approval-request' && !(part as ApprovalRequestPart).isAutomatic;

/** One response for each request still waiting for a person, asked in Cast all at once. */
export async function castApprovalResponses(
  options: CastOptions & { signal?: AbortSignal },
  content: ReadonlyArray<{ type: string }>,
): Promise<ToolApprovalResponse[]> {
  const calls = castCalls(options);
  const place = cardPlace(options);
  return Promise.all(
    content.filter(isOpenRequest).map(async ({ approvalId, toolCall }) => {
      const answer = await askCast(
        calls,
        place,
        { tool: toolCall.toolName, input: toolCall.input, callId: toolCall.toolCallId },
        options.signal,
      );
      return {
        type: 'tool-approval-response',
        approvalId,
        approved: answer.approved,
        reason: answer.reason,
      } satisfies ToolApprovalResponse;
    }),
  );
}
