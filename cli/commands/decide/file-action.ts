/** What `cast decide` does: reads the flags, builds and checks the body, posts it, and prints the card (and its stack place). */
import { emit, usageError } from '../../output';
import { unknownCommandError } from '../../unknown-command';
import { placeLine } from '../stack/place';
import { checkStackId } from '../stack/stack-input';
import { parseOptions, readContext, readDocument, readMode, readOptionPages } from './decision-input';
import type { FileOptions } from './file';
import { fileBody, postDecision } from './post-decision';
import { cardJson, cardLines } from './present';
import { connect, sessionOf } from './target';

/** `verbs`: decide's own subcommands, named when the question looks like a mistyped one. */
export async function run(question: string | undefined, opts: FileOptions, verbs: string[] = []): Promise<void> {
  if (!question?.trim()) throw usageError('Give the question: cast decide "Which schema wins?" -o "A :: …" -o "B :: …" --context -');
  // `cast decide frobnicate`: one bare word and no options is a mistyped command, not a question.
  if (opts.option.length === 0 && /^[a-z][a-z-]*$/.test(question)) {
    throw unknownCommandError(question, 'cast decide', verbs);
  }
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
  const body = fileBody({ question, context, options, ...mode, report, doc, optionPages, stack, to: opts.to }, sessionOf());

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
