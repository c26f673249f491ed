/** What an approval or an escalation links to: set when it is filed, or taken from the decision that carries it. */
import { z } from 'zod';

export const RecordLinks = z
  .object({ agentId: z.string().nullable(), taskId: z.string().nullable(), sessionId: z.string().nullable(), runId: z.string().nullable() })
  .meta({ id: 'RecordLinks' });
export type RecordLinks = z.infer<typeof RecordLinks>;
