/** Agents: named identities ("Researcher") with the instructions text they work from. */
import { z } from 'zod';
import { someFields } from './some-fields';
import { characters, filledText } from './text-fields';

export const AgentName = filledText(200);
export const AgentInstructions = characters(20_000);

export const CreateAgentBody = z.strictObject({
  name: AgentName,
  instructions: AgentInstructions.default(''),
});
export type CreateAgentBody = z.infer<typeof CreateAgentBody>;

export const UpdateAgentBody = someFields(
  z.strictObject({ name: AgentName.optional(), instructions: AgentInstructions.optional() }),
  'Send name or instructions (or both).',
);
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
