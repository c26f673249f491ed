/**
 * Provenance on the wire (domain/provenance.ts says what it is): on each recorded answer, in the
 * `answered` activity entries, and so in the webhook events and the activity export.
 */
import { z } from 'zod';
import { Channel, DigestOf } from './provenance';

export const ProvenanceActor = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('member'), id: z.string() }),
    z.object({ kind: z.literal('rule'), id: z.string(), revision: z.int().min(1), name: z.string() }),
    z.object({ kind: z.literal('stack-auto-default'), stackId: z.string().nullable() }),
    z.object({ kind: z.literal('system'), reason: z.string() }),
  ])
  .meta({ id: 'ProvenanceActor', description: 'Who gave the answer: a member, a rule at a revision, a stack’s auto-default, or Cast.' });

export const Provenance = z
  .object({
    actor: ProvenanceActor,
    channel: z
      .enum(Channel)
      .nullable()
      .meta({ description: 'How it reached Cast: `web`, `cli`, `api`, `mcp`, `inbox`, `host-terminal`…; null for an automatic answer.' }),
    inputDigest: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/)
      .meta({ description: 'SHA-256 of the canonical JSON (keys sorted, no whitespace) of what the answer approved.' }),
    digestOf: z.enum(DigestOf).meta({
      description:
        "`tool-input`: a permission prompt's whole tool input; `edited-input`: that input as the person edited it before approving; `ask`: the question, context and ask as asked.",
    }),
    proposedDigest: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/)
      .optional()
      .meta({ description: 'For an edited call (`digestOf: edited-input`): the digest of the proposal the person edited.' }),
  })
  .meta({ id: 'Provenance', description: 'Who gave an answer, through which channel, and a digest of exactly what it approved.' });
