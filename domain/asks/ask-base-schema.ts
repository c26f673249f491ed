import { z } from 'zod';
import { AssigneeTarget } from '../assignment';
import { filledText, trimmedText } from '../text-fields';

/**
 * What every ask carries (FR-12): a prompt, optional context, whether it gates the decision, and
 * whom it is for when not the decision's assignee (issue 41 item 1): `@dana` or `team:infra`,
 * kept as `@mb_…` / `team:tm_…` once filed, so a rename moves nothing.
 */
export const askBase = {
  prompt: filledText(1000),
  context: trimmedText(4000).optional(),
  required: z.boolean().default(true),
  to: AssigneeTarget.optional(),
};
