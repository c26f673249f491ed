/** `/api/v1/decisions`: the queue a page at a time, one decision, and what a person does to it. */
import type { QueueAudience } from '../../../domain/assignment';
import type { AnswerValue } from '../../../domain/ask-schema';
import type { ArchiveAllBody, QueueTab } from '../../../domain/queue';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { call, hrefOf } from './call';

/** The queue's filters, as the URL and Archive all carry them. */
/** `for` absent: "For me", where the queue opens (issue 41 item 1); `everyone`: the whole workspace. */
export type QueueFilters = Pick<ArchiveAllBody, 'agent' | 'task' | 'mission' | 'kind' | 'q' | 'answeredBy'> & { for?: QueueAudience };

export const QUEUE_PAGE = 25;

export const readQueuePage = (tab: QueueTab, filters: QueueFilters, offset: number, limit = QUEUE_PAGE, signal?: AbortSignal) =>
  call(decisionRoutes.listQueue, { query: { tab, limit, offset, ...filters, for: filters.for ?? 'me' } }, signal ? { signal } : {});

/** The decision and its detail; the first read records the first human view (FR-14). */
export const readDecision = (id: string) => call(decisionRoutes.getDecision, { params: { id } });
export type DecisionRead = Awaited<ReturnType<typeof readDecision>>;

/** The reply carries the decision's detail too, so the page keeps it rather than reading the decision again. */
export const answerAsk = (id: string, ask: number, answer: AnswerValue, reason?: string) =>
  call(decisionRoutes.answerAsk, { params: { id, ask }, query: { detail: 'true' }, body: { answer, ...(reason ? { reason } : {}) } });

export const undoAnswer = (id: string, ask: number) => call(decisionRoutes.undoAnswer, { params: { id, ask }, body: {} });
export const archiveDecision = (id: string) => call(decisionRoutes.archiveDecision, { params: { id }, body: {} });
export const restoreDecision = (id: string) => call(decisionRoutes.restoreDecision, { params: { id }, body: {} });
export const runNow = (id: string) => call(decisionRoutes.runNow, { params: { id }, body: {} });

/** `since`: when the person saw the count; decisions answered after it are counted as skipped (E14). */
export const archiveAll = (body: QueueFilters & { since?: string }) =>
  call(decisionRoutes.archiveAll, { body: { ...body, for: body.for ?? 'me' } }).then((reply) => reply.result);

/** Where a decision's document is served (sandboxed), for an iframe: `report`, `doc` or `option-<ask>-<n>`. */
export const documentHref = (id: string, name: string) => hrefOf(decisionRoutes.getDecisionDocument, { id, name });
