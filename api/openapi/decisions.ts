/** `/api/v1/decisions` (routes/decisions.ts, decision-documents.ts, decision-wait.ts) and `/sessions/:id/decisions`. */
import { z } from 'zod';
import { MAX_ASKS } from '../../domain/decision';
import { AnswerBody, DecisionId, EditDecisionBody, FileDecisionBody } from '../../domain/decision-schema';
import { DocumentName } from '../../domain/documents-schema';
import { ArchiveAllBody, QueueQueryParams } from '../../domain/queue';
import { SessionId } from '../../domain/session';
import { WORKFLOW_ERRORS, type ApiDocs } from './api-docs';
import { one, views } from './views';

const id = DecisionId.meta({ description: 'The decision, `sd-N`. A malformed id reads as a missing one.' });
const ask = z.int().min(1).max(MAX_ASKS).meta({ description: 'The ask, numbered from 1.' });
const decision = one('decision', views.Decision);
const notFound = ['decision_not_found'] as const;

export function decisionRoutes(docs: ApiDocs): void {
  const route = docs.resource('Decisions');

  route({
    method: 'post',
    path: '/decisions',
    operationId: 'fileDecision',
    summary: 'File a decision',
    description:
      'Files a decision with 1–10 asks (more are dropped and counted, E10). The same question from the same session rewrites the open decision instead (200).',
    body: { schema: FileDecisionBody.meta({ id: 'FileDecisionBody' }) },
    ok: [
      {
        status: 201,
        description: 'Filed: the decision and its card.',
        schema: z.object({
          decision: views.Decision,
          card: z.object({ notes: z.array(z.string()), openInSession: z.array(z.looseObject({})), staleHint: z.string().nullable() }),
        }),
      },
      { status: 200, description: 'The open decision for the same question from the same session, rewritten.', schema: one('decision', views.Decision) },
    ],
    errors: ['agent_not_found', 'session_not_found', 'task_not_found', 'run_not_found', 'agent_open_cap', 'stack_not_found', 'stack_closed', 'decision_not_open', 'decision_archived', ...WORKFLOW_ERRORS],
  });

  route({
    method: 'get',
    path: '/decisions',
    operationId: 'listQueue',
    summary: 'Read the queue',
    description: "One tab of the queue in its fixed order, with the whole filter's counts and the health line.",
    query: QueueQueryParams,
    ok: {
      status: 200,
      description: 'A page of the queue.',
      schema: z.object({
        decisions: z.array(views.QueueCard),
        counts: z.object({ open: z.int(), blocking: z.int(), total: z.int() }),
        health: views.HealthLine.nullable(),
        page: z.object({ limit: z.int(), offset: z.int() }),
      }),
    },
  });

  route({
    method: 'post',
    path: '/decisions/archive-all',
    operationId: 'archiveAll',
    summary: 'Archive all matching open decisions',
    description: 'Archives the oldest 200 open decisions the filter matches, each through its own workflow; one answered meanwhile is counted, never archived.',
    body: { schema: ArchiveAllBody.meta({ id: 'ArchiveAllBody' }), required: false },
    ok: { status: 200, description: 'What was archived and what was skipped.', schema: one('result', views.ArchiveAllResult) },
  });

  route({
    method: 'get',
    path: '/decisions/:id',
    operationId: 'getDecision',
    summary: 'Read one decision',
    description: 'The first read without `X-Cast-Agent` records the first human view (FR-14).',
    params: { id },
    headers: z.object({ 'X-Cast-Agent': z.string().optional().meta({ description: "Sent by agents' own reads so they do not count as a person's view." }) }),
    ok: { status: 200, description: 'The decision and its detail.', schema: z.object({ decision: views.Decision, detail: views.DecisionDetail }) },
    errors: [...notFound],
  });

  route({
    method: 'patch',
    path: '/decisions/:id',
    operationId: 'editDecision',
    summary: 'Edit an open decision',
    description: 'The agent edits its open decision in place; `"mode":"blocking"` clears the default, `null` removes a document.',
    params: { id },
    body: { schema: EditDecisionBody.meta({ id: 'EditDecisionBody' }) },
    ok: { status: 200, description: 'The edited decision.', schema: decision },
    errors: [...notFound, 'decision_not_open', 'decision_archived', ...WORKFLOW_ERRORS],
  });

  const actions = [
    ['archive', 'archiveDecision', 'Archive an open decision', 'Sets it aside unanswered; nothing resolves or restarts.', ['decision_not_open', 'decision_archived']],
    ['restore', 'restoreDecision', 'Restore an archived decision', 'Brings it back open, with its asks as they were.', ['decision_not_open']],
    ['withdraw', 'withdrawDecision', 'Withdraw an open decision', 'The agent takes back its own open decision.', ['decision_not_open', 'decision_archived']],
    ['run-now', 'runNow', 'Retry a failed restart', 'Runs the delivery again after the restart failed (E5).', ['nothing_to_run', 'decision_not_open']],
  ] as const;
  for (const [verb, operationId, summary, description, errors] of actions) {
    route({
      method: 'post',
      path: `/decisions/:id/${verb}`,
      operationId,
      summary,
      description: `${description} Takes no body, or \`{}\`.`,
      params: { id },
      ok: { status: 200, description: 'The decision after the change.', schema: decision },
      errors: [...notFound, ...errors, ...WORKFLOW_ERRORS],
    });
  }

  route({
    method: 'post',
    path: '/decisions/:id/asks/:ask/answer',
    operationId: 'answerAsk',
    summary: 'Answer an ask',
    description:
      'Records the answer; the last required one resolves the decision. 409 with the recorded answer and its author when it was answered already; 422 when the answer does not fit the ask or lacks a required reason.',
    params: { id, ask },
    headers: z.object({
      'Idempotency-Key': z.string().min(1).max(200).optional().meta({ description: 'Makes a retry of the same answer safe.' }),
    }),
    body: { schema: AnswerBody.meta({ id: 'AnswerBody' }) },
    ok: { status: 200, description: 'The decision with the answer recorded.', schema: decision },
    errors: [
      ...notFound,
      'ask_not_found',
      'ask_already_answered',
      'decision_archived',
      'decision_not_open',
      'answer_kind_mismatch',
      'option_out_of_range',
      'single_choice_only',
      'answer_shape_invalid',
      'reason_required',
      'access_not_granted',
      'undo_in_progress',
      ...WORKFLOW_ERRORS,
    ],
  });

  route({
    method: 'post',
    path: '/decisions/:id/asks/:ask/undo',
    operationId: 'undoAnswer',
    summary: "Undo an ask's answer",
    description: 'Takes the answer back while it is under 10 minutes old and no run it restarted has been claimed. Takes no body, or `{}`.',
    params: { id, ask },
    ok: { status: 200, description: 'The decision, open again.', schema: decision },
    errors: [...notFound, 'ask_not_found', 'nothing_to_undo', 'decision_archived', 'decision_not_open', 'undo_window_passed', 'undo_after_acting', 'undo_in_progress', ...WORKFLOW_ERRORS],
  });

  route({
    method: 'get',
    path: '/decisions/:id/documents/:name',
    operationId: 'getDecisionDocument',
    summary: "Read a decision's document",
    description: 'The `report` or an `option-<ask>-<n>` page as HTML under `Content-Security-Policy: sandbox`, or the `doc` body as plain text.',
    params: { id, name: DocumentName.meta({ description: '`report`, `doc` or `option-<ask>-<option>`.' }) },
    ok: [
      { status: 200, description: 'The HTML report or option page (sandboxed), or the plain-text doc.', schema: z.string(), mediaType: 'text/html' },
    ],
    errors: [...notFound, 'not_found'],
  });

  route({
    method: 'get',
    path: '/decisions/:id/wait',
    operationId: 'waitForDecision',
    summary: 'Wait until a decision leaves open',
    description: 'Holds the request until the decision is answered, withdrawn or archived, or the timeout passes.',
    params: { id },
    query: z.strictObject({ timeout: z.number().min(0).max(60).default(30).meta({ description: 'Seconds to hold, at most 60.' }) }),
    ok: {
      status: 200,
      description: 'The decision, whether it settled, and the message its session received.',
      schema: z.object({ decision: views.Decision, settled: z.boolean(), message: z.string().nullable() }),
    },
    errors: [...notFound],
  });

  route({
    method: 'get',
    path: '/sessions/:id/decisions',
    operationId: 'listSessionDecisions',
    summary: "A session's decisions",
    description: 'Newest first, each with how long ago it was asked, messages since, and whether it is stale (open 2 h or 30 messages).',
    params: { id: SessionId.meta({ description: "The host's conversation id." }) },
    ok: {
      status: 200,
      description: 'The session and its decisions.',
      schema: z.object({
        session: views.Session,
        decisions: z.array(z.object({ decision: views.Decision, askedAgo: z.string(), messagesSince: z.int(), stale: z.boolean() })),
      }),
    },
    errors: ['session_not_found'],
  });
}
