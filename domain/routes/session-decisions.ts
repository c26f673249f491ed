/** `/api/v1/sessions/:id/decisions`: a session's decisions, newest first (`cast decide ls`). */
import { z } from 'zod';
import { SessionDecision } from '../decision-view-schema';
import { Session, SessionId } from '../session';
import { route } from './route';

const listSessionDecisions = route({
  tag: 'Decisions',
  method: 'get',
  path: '/sessions/:id/decisions',
  operationId: 'listSessionDecisions',
  summary: "A session's decisions",
  description: 'Newest first, each with how long ago it was asked, messages since, and whether it is stale (open 2 h or 30 messages).',
  params: z.object({ id: SessionId.meta({ description: "The host's conversation id." }) }),
  ok: {
    status: 200,
    description: 'The session and its decisions.',
    schema: z.object({ session: Session, decisions: z.array(SessionDecision) }),
  },
  errors: ['session_not_found'],
  permission: 'decision.read',
});

export const sessionDecisionRoutes = { listSessionDecisions };
