/** `/api/v1/stacks`: one stack with its decisions, and the changes a person makes to it. */
import type { StackPolicyBody } from '../../../domain/stack-schema';
import {
  applyStackDefaults as applyDefaultsRoute,
  createStack as createRoute,
  getStack,
  removeStackMember as removeRoute,
  reorderStack as reorderRoute,
  setStackPolicy as policyRoute,
} from '../../../domain/routes/stacks';
import { call } from './call';

export const readStack = (id: string) => call(getStack, { params: { id } });

/** A new stack with these decisions in this order. */
export const createStack = (title: string, decisions: string[]) =>
  call(createRoute, { body: { title, decisions } }).then((body) => body.stack);

export const setStackPolicy = (id: string, policy: StackPolicyBody) => call(policyRoute, { params: { id }, body: policy });
export const removeStackMember = (id: string, decision: string) => call(removeRoute, { params: { id, decision } });
export const reorderStack = (id: string, order: string[]) => call(reorderRoute, { params: { id }, body: { order } });
/** Which decisions took their default, and which were skipped. */
export const applyStackDefaults = (id: string) => call(applyDefaultsRoute, { params: { id }, body: {} });
