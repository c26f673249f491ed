/**
 * The label rule (`option-labels.ts`) as zod issues, for the bodies that carry options. Each
 * issue names its problem code, so the API answers `option_label_empty` or
 * `option_label_duplicate` rather than a generic refusal; the sentence comes from the error
 * map (`refusal-words.ts`), which names the option the way the caller's door does.
 */
import type { z } from 'zod';
import { SAYS_SOMETHING, trimmedText } from './text-fields';
import { labelIssues } from './option-labels';

/**
 * One label as a body sends it. An empty one is refused by `refineLabels` with its own code,
 * not by the string's schema, so the document's `\S` is said here.
 */
export function labelText(max: number, params?: z.core.$ZodStringParams) {
  return trimmedText(max, params).meta({ pattern: SAYS_SOMETHING });
}

/**
 * What the document says of a list of bare labels: no two alike. `uniqueItems` catches exact
 * repeats; Cast also compares them trimmed and case-folded (`labelKey`), which JSON Schema cannot say.
 */
export const DISTINCT_LABELS = {
  uniqueItems: true,
  description: 'Each label its own: compared trimmed and case-folded, a repeat is 422 `option_label_duplicate`.',
} as const;

/** Adds an issue for every empty or repeated label; `at` is where option N's label sits. */
export function refineLabels(labels: readonly string[], ctx: z.RefinementCtx, at: (index: number) => PropertyKey[]): void {
  for (const issue of labelIssues(labels)) {
    ctx.addIssue({
      code: 'custom',
      path: at(issue.option - 1),
      params: { problem: issue.problem, first: issue.first, label: issue.label },
      input: labels[issue.option - 1],
    });
  }
}

/** The rule for every decision ask of a body's asks (a fact or approval ask has no options). */
export function refineAskLabels(
  asks: ReadonlyArray<{ kind: string; options?: ReadonlyArray<{ label: string }> }> | undefined,
  ctx: z.RefinementCtx,
) {
  asks?.forEach((ask, askIndex) => {
    if (ask.kind !== 'decision' || !ask.options) return;
    refineLabels(
      ask.options.map((option) => option.label),
      ctx,
      (index) => ['asks', askIndex, 'options', index, 'label'],
    );
  });
}
