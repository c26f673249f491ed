/** `/api/v1/stacks` (routes/stacks.ts): ordered checklists of decisions. */
import { z } from 'zod';
import { DecisionId } from '../../domain/decision-schema';
import { AddMembersBody, CreateStackBody, ReorderBody, StackId, StackPolicyBody } from '../../domain/stack-schema';
import { WORKFLOW_ERRORS, type ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

const id = StackId.meta({ description: 'The stack, `ds-N`. A malformed id reads as a missing one.' });

export function stackRoutes(docs: ApiDocs): void {
  const route = docs.resource('Stacks');
  const stack = one('stack', views.Stack);
  const changed = (errors: Parameters<typeof route>[0]['errors'] = []) => ['stack_not_found' as const, 'stack_closed' as const, ...errors, ...WORKFLOW_ERRORS];

  route({
    method: 'post',
    path: '/stacks',
    operationId: 'createStack',
    summary: 'Create a stack',
    description: 'An ordered checklist, optionally with decisions already in it, a due time and an auto-default policy for advisory members.',
    body: { schema: CreateStackBody.meta({ id: 'CreateStackBody' }) },
    ok: { status: 201, description: 'The new stack.', schema: stack },
    errors: ['decision_not_found', 'already_in_stack', ...WORKFLOW_ERRORS],
  });
  route({
    method: 'get',
    path: '/stacks',
    operationId: 'listStacks',
    summary: 'List stacks',
    query: z.strictObject({ status: z.enum(['open', 'closed']).optional(), limit: limitParam(50, 200) }),
    ok: { status: 200, description: 'Stacks.', schema: many('stacks', views.Stack) },
  });
  route({
    method: 'get',
    path: '/stacks/:id',
    operationId: 'getStack',
    summary: 'Read a stack with its decisions in order',
    params: { id },
    ok: { status: 200, description: "The stack and its members' decisions, in the stack's order.", schema: z.object({ stack: views.Stack, decisions: z.array(views.Decision) }) },
    errors: ['stack_not_found'],
  });
  route({
    method: 'post',
    path: '/stacks/:id/members',
    operationId: 'addStackMembers',
    summary: 'Add decisions to a stack',
    params: { id },
    body: { schema: AddMembersBody.meta({ id: 'AddMembersBody' }) },
    ok: { status: 200, description: 'The stack.', schema: stack },
    errors: changed(['decision_not_found', 'already_in_stack', 'stack_full']),
  });
  route({
    method: 'delete',
    path: '/stacks/:id/members/:decision',
    operationId: 'removeStackMember',
    summary: 'Remove a decision from a stack',
    description: 'Its pending auto-default is cancelled.',
    params: { id, decision: DecisionId },
    ok: { status: 200, description: 'The stack.', schema: stack },
    errors: changed(['not_in_stack']),
  });
  route({
    method: 'put',
    path: '/stacks/:id/order',
    operationId: 'reorderStack',
    summary: 'Reorder a stack',
    description: 'Lists every member exactly once; otherwise 422 naming what is missing or extra.',
    params: { id },
    body: { schema: ReorderBody.meta({ id: 'ReorderBody' }) },
    ok: { status: 200, description: 'The stack.', schema: stack },
    errors: changed(['invalid_order']),
  });
  route({
    method: 'patch',
    path: '/stacks/:id/policy',
    operationId: 'setStackPolicy',
    summary: "Change a stack's due time or auto-default",
    description: '`null` clears one; pending deadlines move.',
    params: { id },
    body: { schema: StackPolicyBody.meta({ id: 'StackPolicyBody' }) },
    ok: { status: 200, description: 'The stack.', schema: stack },
    errors: changed(),
  });
  route({
    method: 'post',
    path: '/stacks/:id/apply-defaults',
    operationId: 'applyStackDefaults',
    summary: 'Answer every open advisory member with its default',
    description: 'Takes no body, or `{}`.',
    params: { id },
    ok: { status: 200, description: 'Which decisions were answered and which were skipped.', schema: z.object({ answered: z.array(z.string()), skipped: z.array(z.string()) }) },
    errors: ['stack_not_found'],
  });
}
