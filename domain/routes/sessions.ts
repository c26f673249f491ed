/**
 * `/api/v1/sessions`: a host registers its conversation under its own id, keeps it alive with
 * heartbeats, stops it, reports its runs, appends to its log and reads what Cast delivered (by
 * long-poll or server-sent events), and puts its agent's prompts into the queue. Another
 * member's session reads as missing.
 */
import { LABEL_PROBLEMS } from '../option-labels';
import { z } from 'zod';
import { characters } from '../text-fields';
import { DecisionView } from '../decision-view-schema';
import { HostPromptBody } from '../host-prompt';
import { CreateRunBody, Run } from '../run';
import { PutSessionBody, Session, SessionDetail, SessionId } from '../session';
import { AppendMessageBody, MAX_MESSAGE_WAIT_SECONDS, SessionMessage } from '../session-message';
import { EmptyBody } from './empty-body';
import { queryNumber } from '../query-number';
import { limitQuery } from './list-limit';
import { route, WORKFLOW_ERRORS } from './route';

const tag = 'Sessions';
const SessionParams = z.object({ id: SessionId.meta({ description: "The host's own conversation id (1–200 characters)." }) });
const OneSession = z.object({ session: Session });
const OneMessage = z.object({ message: SessionMessage });
/** A message's place in its session's log: the cursor readers resume from. */
const Seq = queryNumber({ min: 0 });
const After = Seq.default(0).meta({ description: 'The last seq already read.' });

const putSession = route({
  tag,
  method: 'put',
  path: '/sessions/:id',
  operationId: 'putSession',
  summary: 'Register a session, or set its scope or agent',
  description:
    "The first use of an id registers it for the caller; omitted fields stay, `null` clears them. Another member's session is a 404.",
  params: SessionParams,
  body: { schema: PutSessionBody.meta({ id: 'PutSessionBody' }), required: false },
  ok: { status: 200, description: 'The session.', schema: OneSession },
  errors: ['agent_mismatch', 'agent_not_found', 'session_not_found'],
  permission: 'session.report',
});

const listSessions = route({
  tag,
  method: 'get',
  path: '/sessions',
  operationId: 'listSessions',
  summary: "List the caller's sessions",
  query: z.object({
    scope: characters(200).min(1).optional().meta({ description: 'Only sessions in this project.' }),
    limit: limitQuery(50, 200),
  }),
  ok: {
    status: 200,
    description: 'Sessions, newest first, with liveness and message count.',
    schema: z.object({ sessions: z.array(Session) }),
  },
  permission: 'decision.read',
});

const getSession = route({
  tag,
  method: 'get',
  path: '/sessions/:id',
  operationId: 'getSession',
  summary: 'Read a session',
  params: SessionParams,
  ok: { status: 200, description: 'The session with its latest run.', schema: z.object({ session: SessionDetail }) },
  errors: ['session_not_found'],
  permission: 'decision.read',
});

const sessionHeartbeat = route({
  tag,
  method: 'post',
  path: '/sessions/:id/heartbeat',
  operationId: 'sessionHeartbeat',
  summary: 'The host is alive (a stopped session resumes)',
  description: 'Takes no body, or `{}`.',
  params: SessionParams,
  body: { schema: EmptyBody, required: false },
  ok: { status: 200, description: 'The session.', schema: OneSession },
  errors: ['session_not_found'],
  permission: 'session.report',
});

const stopSession = route({
  tag,
  method: 'post',
  path: '/sessions/:id/stop',
  operationId: 'stopSession',
  summary: 'The host stopped',
  description: 'Takes no body, or `{}`.',
  params: SessionParams,
  body: { schema: EmptyBody, required: false },
  ok: { status: 200, description: 'The session.', schema: OneSession },
  errors: ['session_not_found'],
  permission: 'session.report',
});

const reportRun = route({
  tag,
  method: 'post',
  path: '/sessions/:id/runs',
  operationId: 'reportRun',
  summary: 'Report a run the host executes',
  params: SessionParams,
  body: { schema: CreateRunBody.meta({ id: 'CreateRunBody' }), required: false },
  ok: { status: 201, description: 'The run.', schema: z.object({ run: Run }) },
  errors: ['session_not_found'],
  permission: 'session.report',
});

const appendMessage = route({
  tag,
  method: 'post',
  path: '/sessions/:id/messages',
  operationId: 'appendMessage',
  summary: "Append to the session's log",
  description: 'A repeated `dedupeKey` returns the first message (200).',
  params: SessionParams,
  body: { schema: AppendMessageBody.meta({ id: 'AppendMessageBody' }) },
  ok: [
    { status: 201, description: 'The message.', schema: OneMessage },
    { status: 200, description: 'The message first appended under this dedupe key.', schema: OneMessage },
  ],
  errors: ['session_not_found', 'dedupe_key_conflict'],
  permission: 'session.report',
});

const readMessages = route({
  tag,
  method: 'get',
  path: '/sessions/:id/messages',
  operationId: 'readMessages',
  summary: "Read the session's messages",
  description: 'Messages after `after`, oldest first; with `wait` and nothing new, holds the request until one arrives.',
  params: SessionParams,
  query: z.object({
    after: After,
    wait: queryNumber({ min: 0, max: MAX_MESSAGE_WAIT_SECONDS, integer: false })
      .default(0)
      .meta({
        description: `Seconds to hold when nothing is new, at most ${MAX_MESSAGE_WAIT_SECONDS}, and cut to the server's long-poll maximum (CAST_LONG_POLL_MAX_SECONDS, 25 s unless configured).`,
      }),
    limit: limitQuery(100, 500),
  }),
  ok: {
    status: 200,
    description: 'The messages and the cursor for the next read.',
    schema: z.object({ messages: z.array(SessionMessage), nextAfter: z.int().min(0) }),
  },
  errors: ['session_not_found'],
  permission: 'decision.read',
});

const streamMessages = route({
  tag,
  method: 'get',
  path: '/sessions/:id/events',
  operationId: 'streamMessages',
  summary: "Stream the session's messages",
  description: 'Server-sent events: `id:` is the seq, `event: message`, a comment every 15 s; `Last-Event-ID` is honoured.',
  params: SessionParams,
  query: z.object({ after: After }),
  headers: z.object({
    // Ignored rather than refused when it is not a seq: a 400 would end an EventSource for good.
    'last-event-id': z
      .string()
      .optional()
      .transform((value) => Seq.safeParse(value).data)
      .meta({ description: 'Sent by a reconnecting EventSource; wins over a smaller `after`. A value that is not a seq is ignored.' }),
  }),
  ok: {
    status: 200,
    description: 'An event stream of session messages (each `data:` is a SessionMessage).',
    schema: z.string(),
    mediaType: 'text/event-stream',
  },
  errors: ['session_not_found'],
  permission: 'decision.read',
});

const fileHostPrompt = route({
  tag,
  method: 'post',
  path: '/sessions/:id/prompts',
  operationId: 'fileHostPrompt',
  summary: "Put a host's permission prompt or terminal question in the queue",
  description: "Files it as a blocking decision of the session, with the session's last assistant message and the host's pinned state.",
  params: SessionParams,
  body: { schema: HostPromptBody.meta({ id: 'HostPromptBody' }) },
  ok: { status: 201, description: 'The decision.', schema: z.object({ decision: DecisionView }) },
  errors: ['session_not_found', 'run_not_found', 'agent_open_cap', ...LABEL_PROBLEMS, ...WORKFLOW_ERRORS],
  permission: 'decision.file',
});

export const sessionRoutes = {
  putSession,
  listSessions,
  getSession,
  sessionHeartbeat,
  stopSession,
  reportRun,
  appendMessage,
  readMessages,
  streamMessages,
  fileHostPrompt,
};
