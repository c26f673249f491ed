/**
 * The agent's `session/request_permission` as a question for first-answer.ts (issue 43 item 2):
 * asked in Cast as a permission card, and in the editor when one is attached. Cast's answer is one
 * of the agent's options (permission-outcome.ts); called off, the agent hears `cancelled`; with
 * nobody to answer, its reject option.
 */
import type { AnyRequest, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { askCast } from './ask-cast';
import type { AgentResult, Asking } from './first-answer';
import { cardFields } from './permission-card';
import { agentAnswer, refusal, unansweredWords, type AgentAnswer } from './permission-outcome';
import type { ToolCalls } from './tool-calls';

export type PermissionContext = {
  /** Whether an editor is attached: it is asked every permission too. */
  editor: boolean;
  toolCalls: ToolCalls;
  scope: string;
  say: (line: string) => void;
};

export function permissionAsking(request: AnyRequest, context: PermissionContext): Asking {
  const params = request.params as RequestPermissionRequest;
  return {
    sessionId: params.sessionId,
    editorToo: context.editor,
    calledOff: (said) => answerResult({ outcome: { outcome: 'cancelled' }, said }),
    refused: (said) => answerResult(refusal(params.options, said)),
    refusedWords: 'the agent is told no',
    viaCast: async (signal) => {
      const call = context.toolCalls.merge(params.sessionId, params.toolCall);
      const answer = await askCast(
        {
          ...cardFields(call),
          options: params.options,
          acpSession: params.sessionId,
          scope: context.scope,
          onFiled: (id, question) => context.say(`cast: ${id} "${question}" is in the Cast queue.`),
        },
        signal,
      );
      if (answer.kind === 'failed') return { failed: unansweredWords(answer) };
      return { result: answerResult(agentAnswer(answer, params.options)) };
    },
  };
}

function answerResult(answer: AgentAnswer): AgentResult {
  // ACP's answer has no words for the agent; Cast's reason rides in `_meta`, for an agent that reads it.
  return { outcome: answer.outcome, _meta: { cast: { said: answer.said } } };
}
