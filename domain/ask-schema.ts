/**
 * The wire shapes of asks and answers: the union of the five kinds in `asks/`. Kept apart
 * from `ask.ts`, which the workflow bundle imports and which must stay zod-free.
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import { REASON_MAX } from './ask';
import { AccessAnswer, AccessAsk } from './asks/access-ask-schema';
import { ActionAnswer, ActionAsk } from './asks/action-ask-schema';
import { ApprovalAnswer, ApprovalAsk } from './asks/approval-ask-schema';
import { DecisionAnswer, DecisionAsk } from './asks/decision-ask-schema';
import { FactAnswer, FactAsk } from './asks/fact-ask-schema';

export { AccessAsk, ActionAsk, ApprovalAsk, DecisionAsk, FactAsk };
export { DecisionOption } from './asks/decision-ask-schema';

export const Ask = z.discriminatedUnion('kind', [DecisionAsk, ApprovalAsk, FactAsk, AccessAsk, ActionAsk]);
export type Ask = z.infer<typeof Ask>;

export const AnswerValue = z.discriminatedUnion('kind', [DecisionAnswer, ApprovalAnswer, FactAnswer, AccessAnswer, ActionAnswer]);
export type AnswerValue = z.infer<typeof AnswerValue>;

export const Reason = filledText(REASON_MAX);
