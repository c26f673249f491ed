/**
 * An option's label is what a person picks it by, so within one ask every label is there and
 * tells its option apart. Checked on every door that takes options: the API's bodies (through
 * the schemas, with a problem code of its own) and the CLI before it sends. Zod-free.
 */

import type { ErrorCode } from './errors';

/** The problem codes, for the routes that take options to declare. */
export const LABEL_PROBLEMS = ['option_label_empty', 'option_label_duplicate'] as const satisfies readonly ErrorCode[];
export type LabelProblem = (typeof LABEL_PROBLEMS)[number];

/** One broken label: its option (from 1), and for a repeat the option it repeats and the label. */
export type LabelIssue = { problem: LabelProblem; option: number; first?: number; label?: string };

/** Labels compare trimmed and case-folded: "Same", " same " and "SAME" are one label to a reader. */
export function labelKey(label: string): string {
  // Upper then lower folds what lower-casing alone keeps apart ("ß" and "SS").
  return label.trim().toUpperCase().toLowerCase();
}

export function labelIssues(labels: readonly string[]): LabelIssue[] {
  const seen = new Map<string, number>();
  const issues: LabelIssue[] = [];
  labels.forEach((label, index) => {
    const option = index + 1;
    const key = labelKey(label);
    if (!key) {
      issues.push({ problem: 'option_label_empty', option });
      return;
    }
    const first = seen.get(key);
    if (first === undefined) seen.set(key, option);
    else issues.push({ problem: 'option_label_duplicate', option, first, label: label.trim() });
  });
  return issues;
}

/**
 * The sentence for one issue; `option` names the option the way the caller's door does
 * ("Ask 2's option 3" in the API, "Option 3" on the command line).
 */
export function labelIssueMessage(issue: Pick<LabelIssue, 'problem' | 'first' | 'label'>, option: string): string {
  if (issue.problem === 'option_label_empty') return `${option} has an empty label; give it the words a person picks it by.`;
  return `${option}, "${issue.label}", repeats the label of option ${issue.first}; give each option a label of its own.`;
}
