import type { z } from 'zod';
import type { DecisionStart } from '../../domain/decision';
import { FileDecisionBody } from '../../domain/decision-schema';

/** A valid body for `POST /api/v1/decisions` with `asks` decision asks. */
export function decisionBody(question = 'Which schema wins?', asks = 1): z.input<typeof FileDecisionBody> {
  return {
    question,
    context: 'Two migrations conflict; one of them has to go.',
    asks: Array.from({ length: asks }, (_, index) => ({
      kind: 'decision',
      prompt: `Pick a schema (${index + 1})`,
      options: [{ label: 'Keep v1', consequence: 'v2 is dropped' }, { label: 'Adopt v2', recommended: true }, { label: 'Merge both' }],
    })),
  };
}

/** A workflow input for a parsed body, unlinked (no session, agent, task or run). */
export function decisionStart(
  body: z.input<typeof FileDecisionBody>,
  who: { id: string; workspaceId: string; filedBy: string },
): DecisionStart {
  const parsed = FileDecisionBody.parse(body);
  return {
    question: parsed.question,
    context: parsed.context,
    asks: parsed.asks,
    mode: parsed.mode,
    defaultOption: parsed.defaultOption,
    confidence: parsed.confidence,
    attempts: parsed.attempts,
    id: who.id as DecisionStart['id'],
    number: Number(who.id.slice(3)),
    workspaceId: who.workspaceId,
    filedBy: who.filedBy,
    links: { sessionId: null, agentId: null, taskId: null, runId: null, missionId: null },
    messagesAtAsk: null,
    droppedAsks: 0,
  };
}
