/** `/api/v1/delegations` (issue 41 item 5): who covers for whom, and when. */
import { z } from 'zod';
import { CreateDelegationBody, Delegation } from '../delegation';
import { EmptyBody } from './empty-body';
import { route } from './route';

const tag = 'Teams';
const one = (description: string) => ({ status: 200 as const, description, schema: z.object({ delegation: Delegation }) });

const listDelegations = route({
  tag,
  method: 'get',
  path: '/delegations',
  operationId: 'listDelegations',
  summary: "List the workspace's delegations",
  description: 'Those open now and those still to come, soonest end first.',
  ok: { status: 200, description: 'The delegations.', schema: z.object({ delegations: z.array(Delegation) }) },
  permission: 'workspace.read',
});

const createDelegation = route({
  tag,
  method: 'post',
  path: '/delegations',
  operationId: 'createDelegation',
  summary: 'Hand your decisions to someone while you are away',
  description:
    "From `startsAt` (absent: now) to `endsAt`, what is addressed to `from` (absent: you; someone else's needs `member.manage`) is also `to`'s: in their For me, theirs to answer where only assignees answer, and their notifications. " +
    'A window that ends before it starts, is over, or is longer than a year is 422 `delegation_window`; to oneself 422 `delegation_to_self`; one that would hand decisions back in a loop 409 `delegation_loop`. Recorded on the member.',
  body: { schema: CreateDelegationBody },
  ok: { status: 201, description: 'The delegation.', schema: z.object({ delegation: Delegation }) },
  errors: ['member_not_found', 'delegation_window', 'delegation_to_self', 'delegation_loop'],
  permission: 'decision.answer',
});

const endDelegation = route({
  tag,
  method: 'post',
  path: '/delegations/:id/end',
  operationId: 'endDelegation',
  summary: 'End a delegation now',
  description: 'The member away, their delegate, or an admin. Ending it again changes nothing. Takes no body, or `{}`.',
  params: z.object({ id: z.string().min(1) }),
  body: { schema: EmptyBody, required: false },
  ok: one('The delegation, ended.'),
  errors: ['delegation_not_found', 'not_delegator'],
  permission: 'decision.answer',
});

export const delegationRoutes = { listDelegations, createDelegation, endDelegation };
