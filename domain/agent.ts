/** Agents: named identities ("Researcher") with the instructions text they work from. */
import { z } from 'zod';

export const AgentName = z.string().trim().min(1).max(200);
export const AgentInstructions = z.string().max(20_000);

export const CreateAgentBody = z.strictObject({
  name: AgentName,
  instructions: AgentInstructions.default(''),
});
export type CreateAgentBody = z.infer<typeof CreateAgentBody>;

export const UpdateAgentBody = z
  .strictObject({ name: AgentName.optional(), instructions: AgentInstructions.optional() })
  .refine((body) => body.name !== undefined || body.instructions !== undefined, {
    message: 'Send name or instructions (or both).',
  });
export type UpdateAgentBody = z.infer<typeof UpdateAgentBody>;

export const Agent = z
  .object({
    id: z.string(),
    name: z.string(),
    instructions: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof Agent>;
