/** `cast decide "Q" -o "Label :: consequence" …`: files one choice into the queue and prints the card. */
import type { Command } from 'commander';
import { emit, usageError } from '../../output';
import { placeLine } from '../stack/place';
import { checkStackId } from '../stack/stack-input';
import { collect, parseOptions, readContext, readDocument, readMode, readOptionPages } from './decision-input';
import { fileBody, postDecision } from './post-decision';
import { cardJson, cardLines } from './present';
import { connect, sessionOf } from './target';

export type FileOptions = {
  option: string[];
  context?: string;
  report?: string;
  doc?: string;
  optionPage: string[];
  advisory?: boolean;
  default?: string;
  stack?: string;
  json?: boolean;
};

export function registerFile(decide: Command): void {
  decide
    .argument('[question]', 'the question, in one line')
    .option('-o, --option <option>', 'an option, "Label :: what choosing it changes" (2–9)', collect, [])
    .option('--context <text>', 'what happened and what each option changes; - reads it from stdin')
    .option('--report <file>', 'an HTML report the person reads before answering')
    .option('--doc <file>', 'a plain-text document body')
    .option('--option-page <n=file>', 'an HTML page for option N', collect, [])
    .option('--advisory', 'keep working on --default meanwhile (only for a default that is cheap to undo)')
    .option('--default <n>', 'the option an advisory decision proceeds on')
    .option('--stack <stack>', 'append it to this stack, e.g. ds-7 (cast stack ls lists them)')
    .option('--json', 'print one JSON object')
    .action(async (question: string | undefined, opts: FileOptions) => fileDecision(question, opts));
}

async function fileDecision(question: string | undefined, opts: FileOptions): Promise<void> {
  if (!question?.trim()) throw usageError('Give the question: cast decide "Which schema wins?" -o "A :: …" -o "B :: …" --context -');
  const stack = opts.stack === undefined ? undefined : checkStackId(opts.stack);
  const options = parseOptions(opts.option);
  const mode = readMode(opts, options.length);
  const report = opts.report === undefined ? undefined : readDocument('--report', opts.report);
  const doc = opts.doc === undefined ? undefined : readDocument('--doc', opts.doc);
  const optionPages = readOptionPages(opts.optionPage, options.length);
  const context = await readContext(opts.context);
  if (!context && !report && !doc) {
    throw usageError('A decision needs its context: add --context TEXT (or --context - to read stdin), --report FILE or --doc FILE.');
  }
  const body = fileBody({ question, context, options, ...mode, report, doc, optionPages, stack }, sessionOf());

  const filed = await postDecision(connect(), body);
  const lines = cardLines(filed.decision, filed.card, filed.created ? 'filed' : 'already open, updated in place');
  // `created: false`: the same question from this session was still open and was updated in place (as the MCP tool says).
  const json: Record<string, unknown> = { ...cardJson(filed.decision, filed.card), created: filed.created };
  if (stack) {
    if (filed.stack) lines.push(placeLine(filed.stack, filed.decision, new Date()));
    json.stack = filed.stack;
  }
  emit(Boolean(opts.json), lines, json);
}
