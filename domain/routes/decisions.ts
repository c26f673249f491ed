/** `/api/v1/decisions`: filing, the queue, one decision, its changes, answers, documents and waiting. */
import { z } from 'zod';
import { ProvenanceActor } from '../provenance-schema';
import { MAX_ASKS } from '../decision';
import { AnswerBody, EditDecisionBody, FileDecisionRequest } from '../decision-schema';
import { DecisionDetail } from '../decision-detail-schema';
import { DecisionView, FilingCard } from '../decision-view-schema';
import type { Permission } from '../permissions';
import type { ErrorCode } from '../errors';
import { LABEL_PROBLEMS } from '../option-labels';
import { ArchiveAllBody, ArchiveAllResult, QueuePage, QueueQueryParams } from '../queue';
import { queryNumber } from '../query-number';
import { EmptyBody } from './empty-body';
import { route, WORKFLOW_ERRORS } from './route';

const tag = 'Decisions';
/** Any string: a malformed decision id reads as a missing one (404), never as a bad request. */
export const DecisionIdParam = z.string().min(1).meta({ description: 'The decision, `sd-N`. A malformed id reads as a missing one.' });
const AskParam = queryNumber({ min: 1, max: MAX_ASKS }).meta({ description: 'The ask, numbered from 1.' });
const DecisionParams = z.object({ id: DecisionIdParam });
const AskParams = z.object({ id: DecisionIdParam, ask: AskParam });
const OneDecision = z.object({ decision: DecisionView });

/**
 * Issue 42 item 4: undo says whose answer it took back — a member's, a rule's at a revision, the
 * stack's auto-default — so a client can offer to disable the rule whose answer a person undid.
 */
const Undone = OneDecision.extend({
  undone: z.object({
    ask: z.int().min(1),
    actor: ProvenanceActor.nullable().meta({ description: 'Who gave the answer taken back; null for one recorded before provenance.' }),
  }),
}).meta({ id: 'UndoResult' });
const Filed = z.object({ decision: DecisionView, card: FilingCard });
const notFound = ['decision_not_found'] as const satisfies readonly ErrorCode[];

const archiveAll = route({
  tag,
  method: 'post',
  path: '/decisions/archive-all',
  operationId: 'archiveAll',
  summary: 'Archive all matching open decisions',
  description:
    'Archives the oldest 200 open decisions the filter matches, each through its own workflow; ' +
    'one answered meanwhile is counted, never archived.',
  body: { schema: ArchiveAllBody.meta({ id: 'ArchiveAllBody' }), required: false },
  ok: { status: 200, description: 'What was archived and what was skipped.', schema: z.object({ result: ArchiveAllResult }) },
  permission: 'decision.archive',
});

const fileDecision = route({
  tag,
  method: 'post',
  path: '/decisions',
  operationId: 'fileDecision',
  summary: 'File a decision',
  description:
    'Files a decision with 1–10 asks (more are dropped and counted, E10). ' +
    'The same question from the same session rewrites the open decision instead (200). ' +
    'Without a session, the same question under the same `Idempotency-Key` from the same principal does the same, ' +
    'so a filing retried after a 503 never files twice.',
  headers: z.object({
    'idempotency-key': z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Makes a retry of a filing without a session safe: the retry lands on the decision it filed (200).' }),
  }),
  body: { schema: FileDecisionRequest },
  ok: [
    { status: 201, description: 'Filed: the decision and its card.', schema: Filed },
    {
      status: 200,
      description: 'The open decision for the same question from the same session, rewritten, and its card.',
      schema: Filed,
    },
  ],
  errors: [
    ...LABEL_PROBLEMS,
    'agent_mismatch',
    'agent_not_found',
    'session_not_found',
    'task_not_found',
    'run_not_found',
    'agent_open_cap',
    'stack_not_found',
    'stack_closed',
    'decision_not_open',
    'decision_archived',
    ...WORKFLOW_ERRORS,
  ],
  permission: 'decision.file',
});

const listQueue = route({
  tag,
  method: 'get',
  path: '/decisions',
  operationId: 'listQueue',
  summary: 'Read the queue',
  description:
    "One tab of the queue in its fixed order, with the whole filter's counts and the health line. " +
    'Answered lists the answered decisions and, labelled by their `status`, those their agent withdrew. ' +
    '`tabs` counts each of the three tabs under the same filter, for the tabs themselves.',
  query: QueueQueryParams,
  ok: { status: 200, description: 'A page of the queue.', schema: QueuePage },
  // An agent token filters by its own agent only.
  errors: ['agent_mismatch'],
  permission: 'decision.read',
});

const getDecision = route({
  tag,
  method: 'get',
  path: '/decisions/:id',
  operationId: 'getDecision',
  summary: 'Read one decision',
  description:
    'The decision and what its detail pane shows beside it: agent, task, mission, run, whether it is blocking (FR-10, FR-11). ' +
    'The first read without `X-Cast-Agent` records the first human view (FR-14).',
  params: DecisionParams,
  headers: z.object({
    'x-cast-agent': z.string().optional().meta({ description: "Sent by agents' own reads so they do not count as a person's view." }),
  }),
  ok: { status: 200, description: 'The decision and its detail.', schema: z.object({ decision: DecisionView, detail: DecisionDetail }) },
  errors: notFound,
  permission: 'decision.read',
});

const editDecision = route({
  tag,
  method: 'patch',
  path: '/decisions/:id',
  operationId: 'editDecision',
  summary: 'Edit an open decision',
  description: 'The agent edits its open decision in place; `"mode":"blocking"` clears the default, `null` removes a document.',
  params: DecisionParams,
  body: { schema: EditDecisionBody.meta({ id: 'EditDecisionBody' }) },
  ok: { status: 200, description: 'The edited decision.', schema: OneDecision },
  errors: [...notFound, ...LABEL_PROBLEMS, 'decision_not_open', 'decision_archived', ...WORKFLOW_ERRORS],
  permission: 'decision.file',
});

/** A body-less action on one decision: it takes no body, or `{}`, and answers the decision after the change. */
function action<const Verb extends string, const Id extends string>(
  verb: Verb,
  operationId: Id,
  summary: string,
  description: string,
  errors: readonly ErrorCode[],
  permission: Permission,
) {
  return route({
    tag,
    method: 'post',
    path: `/decisions/:id/${verb}`,
    operationId,
    summary,
    description: `${description} Takes no body, or \`{}\`.`,
    params: DecisionParams,
    body: { schema: EmptyBody, required: false },
    ok: { status: 200, description: 'The decision after the change.', schema: OneDecision },
    errors: [...notFound, ...errors, ...WORKFLOW_ERRORS],
    permission,
  });
}

const archiveDecision = action(
  'archive',
  'archiveDecision',
  'Archive an open decision',
  'Sets it aside unanswered; nothing resolves or restarts.',
  ['decision_not_open', 'decision_archived'],
  'decision.archive',
);
const restoreDecision = action(
  'restore',
  'restoreDecision',
  'Restore an archived decision',
  'Brings it back open, with its asks as they were.',
  ['decision_not_open'],
  'decision.archive',
);
const withdrawDecision = action(
  'withdraw',
  'withdrawDecision',
  'Withdraw an open decision',
  'The agent takes back its own open decision.',
  ['decision_not_open', 'decision_archived'],
  'decision.file',
);
const runNow = action(
  'run-now',
  'runNow',
  'Retry a failed restart',
  'Runs the delivery again after the restart failed (E5).',
  ['nothing_to_run', 'decision_not_open'],
  'decision.answer',
);

const answerAsk = route({
  tag,
  method: 'post',
  path: '/decisions/:id/asks/:ask/answer',
  operationId: 'answerAsk',
  summary: 'Answer an ask',
  description:
    'Records the answer; the last required one resolves the decision. 409 with the recorded answer and its author ' +
    'when it was answered already; 422 when the answer does not fit the ask or lacks a required reason. An approval ask ' +
    'that needs several people (`quorum`) counts each approval, answers when enough have approved, and is vetoed by one ' +
    'rejection: 409 `already_approved` for a second approval by the same person, 403 `separation_of_duties` for the asker’s own.',
  params: AskParams,
  query: z.strictObject({
    detail: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true')
      .meta({
        description:
          "With `true`, the reply carries the decision's `detail` too, as `GET /decisions/{id}` reads it: a client that shows " +
          'the detail (the web queue) keeps the reply instead of reading the decision again.',
      }),
  }),
  headers: z.object({
    'idempotency-key': z.string().trim().min(1).max(200).optional().meta({ description: 'Makes a retry of the same answer safe.' }),
  }),
  body: { schema: AnswerBody.meta({ id: 'AnswerBody' }) },
  ok: {
    status: 200,
    description: 'The decision with the answer recorded; with `detail=true`, its detail too.',
    schema: z.object({ decision: DecisionView, detail: DecisionDetail.optional() }),
  },
  errors: [
    ...notFound,
    'ask_not_found',
    'ask_already_answered',
    'decision_archived',
    'decision_not_open',
    'nobody_waiting',
    'answer_kind_mismatch',
    'always_not_offered',
    'edit_not_offered',
    'option_out_of_range',
    'single_choice_only',
    'answer_shape_invalid',
    'reason_required',
    'access_not_granted',
    'undo_in_progress',
    'already_approved',
    'separation_of_duties',
    ...WORKFLOW_ERRORS,
  ],
  permission: 'decision.answer',
});

const undoAnswer = route({
  tag,
  method: 'post',
  path: '/decisions/:id/asks/:ask/undo',
  operationId: 'undoAnswer',
  summary: "Undo an ask's answer",
  description:
    'Takes the answer back while it is under 10 minutes old and no run it restarted has been claimed. On an approval ask that ' +
    'needs several people, takes back only the caller’s own approval. Takes no body, or `{}`.',
  params: AskParams,
  body: { schema: EmptyBody, required: false },
  ok: { status: 200, description: 'The decision, open again, and whose answer was taken back.', schema: Undone },
  errors: [
    ...notFound,
    'ask_not_found',
    'nothing_to_undo',
    'decision_archived',
    'decision_not_open',
    'undo_window_passed',
    'undo_after_acting',
    'undo_in_progress',
    ...WORKFLOW_ERRORS,
  ],
  permission: 'decision.answer',
});

const getDecisionDocument = route({
  tag,
  method: 'get',
  path: '/decisions/:id/documents/:name',
  operationId: 'getDecisionDocument',
  summary: "Read a decision's document",
  description:
    'The `report` or an `option-<ask>-<n>` page as HTML under `Content-Security-Policy: sandbox`, ' + 'or the `doc` body as plain text.',
  // A name that is not one of these reads as a document the decision does not have (404).
  params: z.object({
    id: DecisionIdParam,
    name: z.string().min(1).meta({ description: '`report`, `doc` or `option-<ask>-<option>`.' }),
  }),
  ok: {
    status: 200,
    description: 'The HTML report or option page (sandboxed), or the plain-text doc.',
    schema: z.string(),
    mediaType: 'text/html',
  },
  errors: [...notFound, 'not_found'],
  permission: 'decision.read',
});

const waitForDecision = route({
  tag,
  method: 'get',
  path: '/decisions/:id/wait',
  operationId: 'waitForDecision',
  summary: 'Wait until a decision leaves open',
  description:
    'Holds the request until the decision is answered, withdrawn or archived, or the timeout passes. ' +
    "The server holds no longer than its long-poll maximum (CAST_LONG_POLL_MAX_SECONDS, 25 s unless configured), under proxies' idle timeouts; " +
    'then it answers `settled: false` and the client asks again.',
  params: DecisionParams,
  query: z.strictObject({
    timeout: queryNumber({ min: 0, max: 60, integer: false })
      .default(30)
      .meta({ description: "Seconds to hold, at most 60, and cut to the server's long-poll maximum." }),
  }),
  ok: {
    status: 200,
    description: 'The decision, whether it settled, and the message its session received.',
    schema: z.object({ decision: DecisionView, settled: z.boolean(), message: z.string().nullable() }).meta({ id: 'DecisionWait' }),
  },
  errors: notFound,
  permission: 'decision.read',
});

/** In mount order: `archive-all` before `/decisions/:id…` would read it as an id. */
export const decisionRoutes = {
  archiveAll,
  fileDecision,
  listQueue,
  getDecision,
  editDecision,
  archiveDecision,
  restoreDecision,
  withdrawDecision,
  runNow,
  answerAsk,
  undoAnswer,
  getDecisionDocument,
  waitForDecision,
};
