/** The wire shapes of a stack's requests, apart from `stack.ts`: the workflow bundle imports that, zod-free. */
import { z } from 'zod';
import { someFields } from './some-fields';
import { filledText } from './text-fields';
import { DecisionId } from './ids';
import { AUTO_DEFAULT_MAX_MS, AUTO_DEFAULT_MIN_MS } from './limits';
import { MAX_STACK_MEMBERS } from './stack';

export { StackId } from './ids';

/** Auto-default durations, in whole seconds on the wire. */
const AutoDefaultSeconds = z
  .number()
  .int()
  .min(AUTO_DEFAULT_MIN_MS / 1000)
  .max(AUTO_DEFAULT_MAX_MS / 1000);
const DueAt = z.iso.datetime({ offset: true });
const Title = filledText(200);
const Members = z.array(DecisionId).max(MAX_STACK_MEMBERS);

export const CreateStackBody = z.strictObject({
  title: Title,
  dueAt: DueAt.optional(),
  autoDefaultSeconds: AutoDefaultSeconds.optional(),
  /** Cards grouped into a new stack from the list, in order. */
  decisions: Members.optional(),
});
export type CreateStackBody = z.infer<typeof CreateStackBody>;

export const AddMembersBody = z.strictObject({ decisions: Members.min(1) });
export const ReorderBody = z.strictObject({ order: Members.min(1) });

/** `null` clears a policy; an absent field leaves it as it is. */
export const StackPolicyBody = someFields(
  z.strictObject({ dueAt: DueAt.nullable().optional(), autoDefaultSeconds: AutoDefaultSeconds.nullable().optional() }),
  'Send dueAt or autoDefaultSeconds (null clears it).',
);
export type StackPolicyBody = z.infer<typeof StackPolicyBody>;
