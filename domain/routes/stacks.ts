/** `/api/v1/stacks`: ordered checklists of decisions with a due time and an auto-default policy. */
import { z } from 'zod';
import { DecisionView } from '../decision-view-schema';
import { DecisionId } from '../ids';
import { StackStatus } from '../stack';
import { AddMembersBody, CreateStackBody, ReorderBody, StackPolicyBody } from '../stack-schema';
import { StackView } from '../stack-view-schema';
import { EmptyBody } from './empty-body';
import { limitQuery } from './list-limit';
import { route, WORKFLOW_ERRORS } from './route';

const tag = 'Stacks';
/** Any string: a malformed stack id reads as a missing one (404), like a decision id. */
const StackIdParam = z.string().min(1).meta({ description: 'The stack, `ds-N`. A malformed id reads as a missing one.' });
const StackParams = z.object({ id: StackIdParam });
const OneStack = z.object({ stack: StackView });
/** What a change through the stack's workflow can refuse with. */
const CHANGE = ['stack_not_found', 'stack_closed', ...WORKFLOW_ERRORS] as const;

const createStack = route({
  tag,
  method: 'post',
  path: '/stacks',
  operationId: 'createStack',
  summary: 'Create a stack',
  description: 'An ordered checklist, optionally with decisions already in it, a due time and an auto-default policy for advisory members.',
  body: { schema: CreateStackBody.meta({ id: 'CreateStackBody' }) },
  ok: { status: 201, description: 'The new stack.', schema: OneStack },
  errors: ['decision_not_found', 'already_in_stack', ...WORKFLOW_ERRORS],
  permission: 'stack.manage',
});

const listStacks = route({
  tag,
  method: 'get',
  path: '/stacks',
  operationId: 'listStacks',
  summary: 'List stacks',
  query: z.strictObject({ status: z.enum(StackStatus).optional(), limit: limitQuery(50, 200) }),
  ok: { status: 200, description: 'Stacks.', schema: z.object({ stacks: z.array(StackView) }) },
  permission: 'workspace.read',
});

const getStack = route({
  tag,
  method: 'get',
  path: '/stacks/:id',
  operationId: 'getStack',
  summary: 'Read a stack with its decisions in order',
  params: StackParams,
  ok: {
    status: 200,
    description: "The stack and its members' decisions, in the stack's order.",
    schema: z.object({ stack: StackView, decisions: z.array(DecisionView) }),
  },
  errors: ['stack_not_found'],
  permission: 'workspace.read',
});

const addStackMembers = route({
  tag,
  method: 'post',
  path: '/stacks/:id/members',
  operationId: 'addStackMembers',
  summary: 'Add decisions to a stack',
  params: StackParams,
  body: { schema: AddMembersBody.meta({ id: 'AddMembersBody' }) },
  ok: { status: 200, description: 'The stack.', schema: OneStack },
  errors: [...CHANGE, 'decision_not_found', 'already_in_stack', 'stack_full'],
  permission: 'stack.manage',
});

const removeStackMember = route({
  tag,
  method: 'delete',
  path: '/stacks/:id/members/:decision',
  operationId: 'removeStackMember',
  summary: 'Remove a decision from a stack',
  description: 'Its pending auto-default is cancelled.',
  params: z.object({ id: StackIdParam, decision: DecisionId }),
  ok: { status: 200, description: 'The stack.', schema: OneStack },
  errors: [...CHANGE, 'not_in_stack'],
  permission: 'stack.manage',
});

const reorderStack = route({
  tag,
  method: 'put',
  path: '/stacks/:id/order',
  operationId: 'reorderStack',
  summary: 'Reorder a stack',
  description: 'Lists every member exactly once; otherwise 422 naming what is missing or extra.',
  params: StackParams,
  body: { schema: ReorderBody.meta({ id: 'ReorderBody' }) },
  ok: { status: 200, description: 'The stack.', schema: OneStack },
  errors: [...CHANGE, 'invalid_order'],
  permission: 'stack.manage',
});

const setStackPolicy = route({
  tag,
  method: 'patch',
  path: '/stacks/:id/policy',
  operationId: 'setStackPolicy',
  summary: "Change a stack's due time or auto-default",
  description: '`null` clears one; pending deadlines move.',
  params: StackParams,
  body: { schema: StackPolicyBody.meta({ id: 'StackPolicyBody' }) },
  ok: { status: 200, description: 'The stack.', schema: OneStack },
  errors: CHANGE,
  permission: 'stack.manage',
});

const applyStackDefaults = route({
  tag,
  method: 'post',
  path: '/stacks/:id/apply-defaults',
  operationId: 'applyStackDefaults',
  summary: 'Answer every open advisory member with its default',
  description: 'Takes no body, or `{}`.',
  params: StackParams,
  body: { schema: EmptyBody, required: false },
  ok: {
    status: 200,
    description: 'Which decisions were answered and which were skipped.',
    schema: z.object({ answered: z.array(DecisionId), skipped: z.array(DecisionId) }).meta({ id: 'AppliedDefaults' }),
  },
  errors: ['stack_not_found'],
  permission: 'stack.manage',
});

export const stackRoutes = {
  createStack,
  listStacks,
  getStack,
  addStackMembers,
  removeStackMember,
  reorderStack,
  setStackPolicy,
  applyStackDefaults,
};
