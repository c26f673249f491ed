/**
 * `cast decide edit [sd-N]`: rewrites the open decision in place — it keeps its id, its age
 * and its place in the queue. An answered decision cannot change (exit 3, with the answer).
 */
import type { Command } from 'commander';
import type { ChoiceOption } from '../../../domain/ask-schema';
import { cardNotes } from '../../../domain/card-notes';
import { EditDecisionBody } from '../../../domain/decision-schema';
import { refusalOf, refusalWords } from '../../../domain/refusal-words';
import { editDecision } from '../../../domain/routes/decisions';
import { emit, usageError } from '../../output';
import { collect, parseOptions, readContext, readDocument, readMode, readOptionPages } from './decision-input';
import type { FileOptions } from './file';
import { draftNames } from './post-decision';
import { cardJson, cardLines } from './present';
import { closedError, connect, getDecision, targetId, whileOpen } from './target';

/** Everything `cast decide` takes, plus a new question and --blocking. */
type EditOptions = FileOptions & { question?: string; blocking?: boolean };

export function registerEdit(decide: Command): void {
  decide
    .command('edit')
    .description("rewrite the open decision in place (with no id: the session's single open one)")
    .argument('[id]', 'the decision, e.g. sd-41')
    .option('--question <text>', 'the new question')
    .option('-o, --option <option>', 'replace the options: "Label :: consequence" (2–9)', collect, [])
    .option('--context <text>', 'the new context; - reads it from stdin')
    .option('--report <file>', 'a new HTML report')
    .option('--doc <file>', 'a new plain-text document body')
    .option('--option-page <n=file>', 'an HTML page for option N', collect, [])
    .option('--advisory', 'make it advisory, proceeding on --default')
    .option('--default <n>', 'the option an advisory decision proceeds on')
    .option('--blocking', 'make it blocking; clears the default')
    .option('--json', 'print one JSON object')
    .action(async (given: string | undefined, opts: EditOptions) => {
      if (opts.blocking && (opts.advisory || opts.default !== undefined))
        throw usageError('Choose one: --blocking, or --advisory --default N.');
      const api = connect();
      const id = await targetId(api, given, 'edit');
      const current = await getDecision(api, id);
      if (current.status !== 'open') throw closedError(current, 'edit');

      const currentChoice = current.asks.find((ask) => ask.kind === 'decision');
      const currentOptions: ChoiceOption[] = currentChoice?.kind === 'decision' ? currentChoice.options : [];
      const options = opts.option.length > 0 ? parseOptions(opts.option) : null;
      const optionCount = options?.length ?? currentOptions.length;
      const question = opts.question?.trim();
      const edit: Record<string, unknown> = {};
      if (question) edit.question = question;
      // A cast decide question is one choice ask whose prompt is the question: keep them together.
      if (options || (question && currentChoice)) {
        edit.asks = [{ kind: 'decision', prompt: question ?? current.question, options: options ?? currentOptions }];
      }
      const context = await readContext(opts.context);
      if (context) edit.context = context;
      if (opts.report !== undefined) edit.report = readDocument('--report', opts.report);
      if (opts.doc !== undefined) edit.doc = readDocument('--doc', opts.doc);
      if (opts.optionPage.length > 0) edit.optionPages = readOptionPages(opts.optionPage, optionCount);
      if (opts.blocking) edit.mode = 'blocking';
      else if (opts.advisory || opts.default !== undefined) Object.assign(edit, readMode(opts, optionCount));
      if (Object.keys(edit).length === 0) {
        throw usageError(
          'Nothing to change: give --question, -o, --context, --report, --doc, --option-page, --advisory --default N or --blocking.',
        );
      }
      const body = EditDecisionBody.safeParse(edit, { error: refusalWords(draftNames) });
      if (!body.success) throw usageError(refusalOf(body.error));

      const { decision } = await whileOpen(api, id, 'edit', () => api.request(editDecision, { params: { id }, body: body.data }));
      const card = { notes: cardNotes(decision), openInSession: [], staleHint: null };
      emit(Boolean(opts.json), cardLines(decision, card, 'rewritten in place'), cardJson(decision, card));
    });
}
