/**
 * `/api/v1/escalations`: an agent that gives up raises one (a second raise by the same principal
 * with its open one's dedupe key updates it); a person resolves it.
 */
import { z } from 'zod';
import { Escalation, EscalationStatus, RaiseEscalationBody, ResolveEscalationBody } from '../escalation';
import { LABEL_PROBLEMS } from '../option-labels';
import { limitQuery } from './list-limit';
import { CARRY, CHOICE, SETTLE } from './record-errors';
import { route } from './route';

const tag = 'Escalations';
const EscalationParams = z.object({ id: z.string().min(1) });
const OneEscalation = z.object({ escalation: Escalation });

const raiseEscalation = route({
  tag,
  method: 'post',
  path: '/escalations',
  operationId: 'raiseEscalation',
  summary: 'Raise an escalation',
  description:
    "An agent gives up. A raise with the `dedupeKey` of an open escalation the same principal raised (the same agent, by any of its tokens, or the same person) updates that one (200, `updated: true`); another principal's key is another key, so the raise opens its own (201).",
  body: { schema: RaiseEscalationBody.meta({ id: 'RaiseEscalationBody' }) },
  ok: [
    { status: 201, description: 'The new escalation.', schema: z.object({ escalation: Escalation, updated: z.literal(false) }) },
    {
      status: 200,
      description: 'The open escalation with that dedupe key, updated.',
      schema: z.object({ escalation: Escalation, updated: z.literal(true) }),
    },
  ],
  errors: [...LABEL_PROBLEMS, ...CARRY],
  permission: 'decision.file',
});

const listEscalations = route({
  tag,
  method: 'get',
  path: '/escalations',
  operationId: 'listEscalations',
  summary: 'List escalations',
  query: z.strictObject({
    status: z.enum(EscalationStatus).optional(),
    task: z.string().trim().min(1).max(200).optional().meta({ description: 'A task id.' }),
    limit: limitQuery(50, 200),
  }),
  ok: { status: 200, description: 'Escalations, newest first.', schema: z.object({ escalations: z.array(Escalation) }) },
  permission: 'workspace.read',
});

const getEscalation = route({
  tag,
  method: 'get',
  path: '/escalations/:id',
  operationId: 'getEscalation',
  summary: 'Read an escalation',
  params: EscalationParams,
  ok: { status: 200, description: 'The escalation.', schema: OneEscalation },
  errors: ['escalation_not_found'],
  permission: 'workspace.read',
});

const resolveEscalation = route({
  tag,
  method: 'post',
  path: '/escalations/:id/resolve',
  operationId: 'resolveEscalation',
  summary: 'Resolve an escalation',
  description: 'With a written `resolution`, or one of its `option`s (numbered from 1) and an optional reason.',
  params: EscalationParams,
  body: { schema: ResolveEscalationBody.meta({ id: 'ResolveEscalationBody' }) },
  ok: { status: 200, description: 'The escalation, resolved.', schema: OneEscalation },
  errors: ['escalation_not_found', ...CHOICE, ...SETTLE],
  permission: 'decision.answer',
});

export const escalationRoutes = { raiseEscalation, listEscalations, getEscalation, resolveEscalation };
