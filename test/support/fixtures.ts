import type { z } from 'zod';
import type { FileDecisionBody } from '../../domain/decision';

/** A valid body for `POST /api/v1/decisions` with `asks` choice asks. */
export function choiceDecision(question = 'Which schema wins?', asks = 1): z.input<typeof FileDecisionBody> {
  return {
    question,
    context: 'Two migrations conflict; one of them has to go.',
    asks: Array.from({ length: asks }, (_, index) => ({
      kind: 'decision',
      prompt: `Pick a schema (${index + 1})`,
      options: [{ label: 'Keep v1', consequence: 'v2 is dropped' }, { label: 'Adopt v2', recommended: true }, { label: 'Merge both' }],
    })),
  };
}
