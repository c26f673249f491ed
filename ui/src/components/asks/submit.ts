import type { AnswerValue } from '../../../../domain/ask-schema';

/** How an ask control hands its answer to the detail pane, which posts it. */
export type Submit = (answer: AnswerValue, reason?: string) => void;
