/**
 * Write side of filing: resolve links, pick the decision id (the open one for the same
 * question from the same session, else a new `sd-N`), and file it through the workflow.
 */
import { capAsks, decisionIdOf, decisionNumberOf, FileDecisionBody, type DecisionView } from '../../domain/decision';
import { cardNotes } from '../../domain/card-notes';
import { applyDocumentPatch } from '../../domain/documents';
import { toDecisionView } from '../../domain/decision-state';
import { DomainError } from '../../domain/errors';
import { claimDecisionKey, releaseDecisionKey } from '../../db/decision-keys';
import { nextDecisionNumber } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../db/tenancy';
import { parseWith } from '../problem';
import type { TemporalGateway } from '../temporal-gateway';
import { resolveLinks } from './decision-links';
import { storeDocuments } from './store-documents';

export type Filed = { decision: DecisionView; created: boolean; notes: string[] };

export async function fileDecision(
  deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number },
  principal: Principal,
  raw: unknown,
): Promise<Filed> {
  const { body: capped, droppedAsks } = capAsks(raw);
  const body = parseWith(FileDecisionBody, capped);
  const { links, messagesAtAsk } = await resolveLinks(deps.pool, principal, body);
  const documents = applyDocumentPatch({}, await storeDocuments(deps.pool, principal.workspaceId, body));
  const content = {
    documents,
    question: body.question,
    context: body.context,
    asks: body.asks,
    mode: body.mode,
    defaultOption: body.defaultOption,
    confidence: body.confidence,
    attempts: body.attempts,
  };

  for (let attempt = 0; ; attempt += 1) {
    const candidate = decisionIdOf(await nextDecisionNumber(deps.pool));
    const id = links.sessionId
      ? await claimDecisionKey(deps.pool, { workspaceId: principal.workspaceId, sessionId: links.sessionId, question: body.question }, candidate)
      : candidate;
    try {
      const snapshot = await deps.temporal.fileDecision(
        {
          ...content,
          id,
          number: decisionNumberOf(id),
          workspaceId: principal.workspaceId,
          filedBy: principal.memberId,
          links,
          messagesAtAsk,
          droppedAsks,
          ...(deps.undoWindowMs ? { undoWindowMs: deps.undoWindowMs } : {}),
        },
        content,
      );
      const decision = toDecisionView(snapshot);
      return { decision, created: id === candidate, notes: cardNotes(snapshot) };
    } catch (error) {
      // The key pointed at a decision that has just closed: free it and open a new one.
      const closed = error instanceof DomainError && (error.code === 'decision_not_open' || error.code === 'decision_archived');
      if (!closed || id === candidate || attempt > 0) throw error;
      await releaseDecisionKey(deps.pool, id);
    }
  }
}
