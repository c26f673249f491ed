/** `/api/v1/decisions`: the queue a page at a time, one decision, and what a person does to it. */
import type { AnswerValue } from '../../../domain/ask-schema';
import type { ArchiveAllBody, QueueTab } from '../../../domain/queue';
import {
  answerAsk as answerRoute,
  archiveAll as archiveAllRoute,
  archiveDecision as archiveRoute,
  getDecision,
  getDecisionDocument,
  listQueue,
  restoreDecision as restoreRoute,
  runNow as runNowRoute,
  undoAnswer as undoRoute,
} from '../../../domain/routes/decisions';
import { call, hrefOf } from './call';

/** The queue's filters, as the URL and Archive all carry them. */
export type QueueFilters = Pick<ArchiveAllBody, 'agent' | 'task' | 'mission' | 'kind' | 'q'>;

export const QUEUE_PAGE = 25;

export const readQueuePage = (tab: QueueTab, filters: QueueFilters, offset: number, limit = QUEUE_PAGE) =>
  call(listQueue, { query: { tab, limit, offset, ...filters } });

/** The decision and its detail; the first read records the first human view (FR-14). */
export const readDecision = (id: string) => call(getDecision, { params: { id } });
export type DecisionRead = Awaited<ReturnType<typeof readDecision>>;

export const answerAsk = (id: string, ask: number, answer: AnswerValue, reason?: string) =>
  call(answerRoute, { params: { id, ask }, body: { answer, ...(reason ? { reason } : {}) } });

export const undoAnswer = (id: string, ask: number) => call(undoRoute, { params: { id, ask }, body: {} });
export const archiveDecision = (id: string) => call(archiveRoute, { params: { id }, body: {} });
export const restoreDecision = (id: string) => call(restoreRoute, { params: { id }, body: {} });
export const runNow = (id: string) => call(runNowRoute, { params: { id }, body: {} });

export const archiveAll = (filters: QueueFilters) => call(archiveAllRoute, { body: filters }).then((body) => body.result);

/** Where a decision's document is served (sandboxed), for an iframe: `report`, `doc` or `option-<ask>-<n>`. */
export const documentHref = (id: string, name: string) => hrefOf(getDecisionDocument, { id, name });
