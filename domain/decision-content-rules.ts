/**
 * The content rules that span fields (cast-decide "Blocking and advisory", "Keeping an ask
 * correct"), as plain functions: filing's schema checks them on the body, and `mergeEdit` on
 * the decision an edit would leave behind — inside the workflow, whose bundle stays zod-free.
 */
import type { Ask } from './ask-schema';
import type { DecisionMode } from './decision';

/** A broken rule: the field it concerns, and what the caller should send instead. */
export type ContentIssue = { path: Array<string | number>; message: string };

/** A blocking decision has no default; an advisory one proceeds on an option of its first decision ask. */
export function advisoryDefaultIssue(content: {
  mode: DecisionMode;
  defaultOption?: number | undefined;
  asks: Ask[];
}): ContentIssue | null {
  if (content.mode === 'blocking') {
    return content.defaultOption === undefined
      ? null
      : { path: ['defaultOption'], message: 'Only an advisory decision has a default option.' };
  }
  const choice = content.asks.find((ask) => ask.kind === 'decision');
  if (!choice)
    return { path: ['mode'], message: 'An advisory decision needs a decision ask (kind "decision") whose default it proceeds on.' };
  if (content.defaultOption === undefined || content.defaultOption > choice.options.length) {
    return {
      path: ['defaultOption'],
      message: `An advisory decision declares its default: an option between 1 and ${choice.options.length}.`,
    };
  }
  return null;
}

/** What an option page attaches to: option `option` of ask `ask` (both from 1), a decision ask. */
export function hasOption(asks: Ask[], ask: number, option: number): boolean {
  const target = asks[ask - 1];
  return target?.kind === 'decision' && option <= target.options.length;
}
