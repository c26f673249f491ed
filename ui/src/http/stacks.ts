/** `/api/v1/stacks`: one stack with its decisions, and the changes a person makes to it. */
import type { StackPolicyBody } from '../../../domain/stack-schema';
import { stackRoutes } from '../../../domain/routes/stacks';
import { call } from './call';

export const readStack = (id: string) => call(stackRoutes.getStack, { params: { id } });

/** A new stack with these decisions in this order. */
export const createStack = (title: string, decisions: string[]) =>
  call(stackRoutes.createStack, { body: { title, decisions } }).then((body) => body.stack);

export const setStackPolicy = (id: string, policy: StackPolicyBody) => call(stackRoutes.setStackPolicy, { params: { id }, body: policy });
export const removeStackMember = (id: string, decision: string) => call(stackRoutes.removeStackMember, { params: { id, decision } });
export const reorderStack = (id: string, order: string[]) => call(stackRoutes.reorderStack, { params: { id }, body: { order } });
/** Which decisions took their default, and which were skipped. */
export const applyStackDefaults = (id: string) => call(stackRoutes.applyStackDefaults, { params: { id }, body: {} });
