/** `/api/v1/sessions` and their messages, events, runs and prompts (routes/sessions.ts, session-*.ts). */
import { z } from 'zod';
import { HostPromptBody } from '../../domain/host-prompt';
import { CreateRunBody } from '../../domain/run';
import { PutSessionBody, SessionId } from '../../domain/session';
import { AppendMessageBody, MAX_MESSAGE_WAIT_SECONDS } from '../../domain/session-message';
import { WORKFLOW_ERRORS, type ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

const id = SessionId.meta({ description: "The host's own conversation id (1–200 characters)." });
const seq = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

export function sessionRoutes(docs: ApiDocs): void {
  const route = docs.resource('Sessions');
  const session = one('session', views.Session);

  route({
    method: 'put',
    path: '/sessions/:id',
    operationId: 'putSession',
    summary: 'Register a session, or set its scope or agent',
    description: "The first use of an id registers it for the caller; omitted fields stay, `null` clears them. Another member's session is a 404.",
    params: { id },
    body: { schema: PutSessionBody.meta({ id: 'PutSessionBody' }), required: false },
    ok: { status: 200, description: 'The session.', schema: session },
    errors: ['agent_not_found', 'session_not_found'],
  });
  route({
    method: 'get',
    path: '/sessions',
    operationId: 'listSessions',
    summary: "List the caller's sessions",
    query: z.object({ scope: z.string().min(1).max(200).optional().meta({ description: 'Only sessions in this project.' }), limit: limitParam(50, 200) }),
    ok: { status: 200, description: 'Sessions, newest first, with liveness and message count.', schema: many('sessions', views.Session) },
  });
  route({
    method: 'get',
    path: '/sessions/:id',
    operationId: 'getSession',
    summary: 'Read a session',
    params: { id },
    ok: { status: 200, description: 'The session with its latest run.', schema: one('session', views.SessionDetail) },
    errors: ['session_not_found'],
  });
  for (const [verb, operationId, summary] of [
    ['heartbeat', 'sessionHeartbeat', 'The host is alive (a stopped session resumes)'],
    ['stop', 'stopSession', 'The host stopped'],
  ] as const) {
    route({
      method: 'post',
      path: `/sessions/:id/${verb}`,
      operationId,
      summary,
      description: 'Takes no body, or `{}`.',
      params: { id },
      ok: { status: 200, description: 'The session.', schema: session },
      errors: ['session_not_found'],
    });
  }
  route({
    method: 'post',
    path: '/sessions/:id/runs',
    operationId: 'reportRun',
    summary: 'Report a run the host executes',
    params: { id },
    body: { schema: CreateRunBody.meta({ id: 'CreateRunBody' }), required: false },
    ok: { status: 201, description: 'The run.', schema: one('run', views.Run) },
    errors: ['session_not_found'],
  });
  route({
    method: 'post',
    path: '/sessions/:id/messages',
    operationId: 'appendMessage',
    summary: "Append to the session's log",
    description: 'A repeated `dedupeKey` returns the first message (200).',
    params: { id },
    body: { schema: AppendMessageBody.meta({ id: 'AppendMessageBody' }) },
    ok: [
      { status: 201, description: 'The message.', schema: one('message', views.SessionMessage) },
      { status: 200, description: 'The message first appended under this dedupe key.', schema: one('message', views.SessionMessage) },
    ],
    errors: ['session_not_found', 'dedupe_key_conflict'],
  });
  route({
    method: 'get',
    path: '/sessions/:id/messages',
    operationId: 'readMessages',
    summary: "Read the session's messages",
    description: 'Messages after `after`, oldest first; with `wait` and nothing new, holds the request until one arrives.',
    params: { id },
    query: z.object({
      after: seq.default(0).meta({ description: 'The last seq already read.' }),
      wait: z.number().min(0).max(MAX_MESSAGE_WAIT_SECONDS).default(0).meta({ description: `Seconds to hold when nothing is new, at most ${MAX_MESSAGE_WAIT_SECONDS}.` }),
      limit: limitParam(100, 500),
    }),
    ok: { status: 200, description: 'The messages and the cursor for the next read.', schema: z.object({ messages: z.array(views.SessionMessage), nextAfter: z.int() }) },
    errors: ['session_not_found'],
  });
  route({
    method: 'get',
    path: '/sessions/:id/events',
    operationId: 'streamMessages',
    summary: "Stream the session's messages",
    description: 'Server-sent events: `id:` is the seq, `event: message`, a comment every 15 s; `Last-Event-ID` is honoured.',
    params: { id },
    query: z.object({ after: seq.default(0).meta({ description: 'The last seq already read.' }) }),
    headers: z.object({ 'Last-Event-ID': z.string().optional().meta({ description: 'Sent by a reconnecting EventSource; wins over a smaller `after`.' }) }),
    ok: { status: 200, description: 'An event stream of session messages (each `data:` is a SessionMessage).', schema: z.string(), mediaType: 'text/event-stream' },
    errors: ['session_not_found'],
  });
  route({
    method: 'post',
    path: '/sessions/:id/prompts',
    operationId: 'fileHostPrompt',
    summary: "Put a host's permission prompt or terminal question in the queue",
    description: "Files it as a blocking decision of the session, with the session's last assistant message and the host's pinned state.",
    params: { id },
    body: { schema: HostPromptBody.meta({ id: 'HostPromptBody' }) },
    ok: { status: 201, description: 'The decision.', schema: one('decision', views.Decision) },
    errors: ['session_not_found', 'agent_open_cap', ...WORKFLOW_ERRORS],
  });
}
