import type { AnswerValue } from '../../../../../domain/ask-schema';

/** How an ask control hands its answer to the detail pane, which posts it. */
export type Submit = (answer: AnswerValue, reason?: string) => void;

/** The address of an option's own page (ask and option numbered from 1), or null where it has none. */
export type OptionPageHref = (ask: number, option: number) => string | null;
