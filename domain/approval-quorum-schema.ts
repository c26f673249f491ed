/** An approval ask's quorum on the wire (domain/approval-quorum.ts says what it is; issue 41 items 3, 4). */
import { z } from 'zod';
import { Channel } from './provenance';
import { Provenance } from './provenance-schema';

export const Approval = z
  .object({
    by: z.string().meta({ description: 'The member who approved.' }),
    at: z.iso.datetime(),
    channel: z.enum(Channel).nullable(),
    reason: z.string().nullable(),
    provenance: Provenance.optional(),
  })
  .meta({ id: 'QuorumApproval', description: 'One approval counted towards an approval ask that needs several people.' });

export const Quorum = z
  .object({
    required: z.int().min(1).meta({ description: 'How many different people must approve.' }),
    barred: z.string().nullable().meta({ description: 'The member who may not approve it (separation of duties), or null.' }),
    approvals: z
      .array(Approval)
      .meta({ description: 'The approvals so far, oldest first; the ask is answered when they reach `required`.' }),
  })
  .meta({ id: 'Quorum', description: 'What an approval ask needs beyond one person, fixed when it was asked (issue 41).' });
export type Approval = z.infer<typeof Approval>;
export type Quorum = z.infer<typeof Quorum>;
