/**
 * What `cast decide` and `cast decide edit` read from their flags: the options, the context
 * (`-` for stdin) and the documents — refused before the server sees them when the CLI can tell.
 */
import { readFileSync, statSync } from 'node:fs';
import type { DecisionOption } from '../../../domain/ask-schema';
import type { OptionPage } from '../../../domain/documents-schema';
import { labelIssueMessage, labelIssues } from '../../../domain/option-labels';
import { usageError } from '../../output';
import { readStdin } from '../../stdin';

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 9;
const CONTEXT_MAX = 4000;

/** `-o "Label :: consequence"`, split on the first " :: "; every label there and each its own. */
export function parseOptions(raw: string[]): DecisionOption[] {
  if (raw.length < MIN_OPTIONS || raw.length > MAX_OPTIONS) {
    throw usageError(
      `A decision needs ${MIN_OPTIONS}–${MAX_OPTIONS} options; ${raw.length} given. Add each with -o "Label :: what choosing it changes".`,
    );
  }
  const options = raw.map(splitOption);
  // The API refuses the same (option_label_empty, option_label_duplicate); said here before anything is sent.
  const [issue] = labelIssues(options.map((option) => option.label));
  if (issue) {
    const message = labelIssueMessage(issue, `Option ${issue.option}`);
    throw usageError(issue.problem === 'option_label_empty' ? `${message} Write it as -o "Label :: what choosing it changes".` : message);
  }
  options.forEach((option, index) => {
    if (option.label.length > 200) throw usageError(`Option ${index + 1}'s label is over 200 characters; move the detail after " :: ".`);
  });
  return options;
}

/**
 * `"Label :: consequence"` → `{label, consequence}`, split on the first "::" that stands apart
 * (the MCP `decide` tool too). A leading "::" is an empty label, not part of one: the MCP
 * tool trims `" :: only consequence"` to `":: only consequence"` before it gets here.
 */
export function splitOption(text: string): DecisionOption {
  const split = /(?:^|\s)::(?:\s|$)/.exec(text);
  const label = (split ? text.slice(0, split.index) : text).trim();
  const consequence = split ? text.slice(split.index + split[0].length).trim() : '';
  return consequence ? { label, consequence } : { label };
}

export async function readContext(value: string | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const text = (value === '-' ? await readStdin() : value).trim();
  if (text.length > CONTEXT_MAX) {
    throw usageError(
      `The context is ${text.length} characters; the limit is ${CONTEXT_MAX}. Put the long version in --doc FILE or --report FILE.`,
    );
  }
  return text || undefined;
}

/** A file flag's content; a missing or unreadable file is a usage error naming the flag. */
export function readDocument(flag: string, path: string): string {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw usageError(`${flag} ${path}: no such file. Give the path of a readable file.`);
  }
  if (!isFile) throw usageError(`${flag} ${path}: not a file. Give the path of a readable file.`);
  try {
    const text = readFileSync(path, 'utf8');
    if (!text.trim()) throw usageError(`${flag} ${path}: the file is empty.`);
    return text;
  } catch (error) {
    if (error instanceof Error && 'exitCode' in error) throw error;
    throw usageError(`${flag} ${path}: cannot read it (${(error as Error).message}).`);
  }
}

/** `--option-page N=FILE`, each for an option that exists. */
export function readOptionPages(raw: string[], optionCount: number): OptionPage[] {
  return raw.map((entry) => {
    const match = /^(\d+)=(.+)$/.exec(entry);
    if (!match) throw usageError(`--option-page ${entry}: write it as N=FILE, e.g. --option-page 1=dense.html.`);
    const option = Number(match[1]);
    if (option < 1 || option > optionCount) {
      throw usageError(`--option-page ${entry}: there is no option ${option}; the options are 1–${optionCount}.`);
    }
    return { ask: 1, option, html: readDocument('--option-page', match[2]!) };
  });
}

/** `--advisory --default N`: both or neither, and N names an option. */
export function readMode(
  opts: { advisory?: boolean; default?: string },
  optionCount: number,
): { mode: 'blocking' | 'advisory'; defaultOption?: number } {
  if (opts.default !== undefined && !opts.advisory) {
    throw usageError('--default applies only to an advisory decision: add --advisory (and only when the default is cheap to undo).');
  }
  if (!opts.advisory) return { mode: 'blocking' };
  if (opts.default === undefined) throw usageError('An advisory decision declares the option it proceeds on: add --default N.');
  const option = Number(opts.default);
  if (!Number.isInteger(option) || option < 1 || option > optionCount) {
    throw usageError(`--default ${opts.default}: there is no such option; the options are 1–${optionCount}.`);
  }
  return { mode: 'advisory', defaultOption: option };
}
