/** What `cast decide edit` does: reads the flags into a partial body, checks it with domain's schema, and rewrites the open decision. */
import type { DecisionOption } from '../../../domain/ask-schema';
import { cardNotes } from '../../../domain/card-notes';
import { EditDecisionBody } from '../../../domain/decision-schema';
import { refusalOf, refusalWords } from '../../../domain/refusal-words';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { emit, usageError } from '../../output';
import { parseOptions, readContext, readDocument, readMode, readOptionPages } from './decision-input';
import type { EditOptions } from './edit';
import { draftNames } from './post-decision';
import { cardJson, cardLines } from './present';
import { closedError, connect, getDecision, targetId, whileOpen } from './target';

export async function run(given: string | undefined, opts: EditOptions): Promise<void> {
  if (opts.blocking && (opts.advisory || opts.default !== undefined))
    throw usageError('Choose one: --blocking, or --advisory --default N.');
  const api = connect();
  const id = await targetId(api, given, 'edit');
  const current = await getDecision(api, id);
  if (current.status !== 'open') throw closedError(current, 'edit');

  const currentChoice = current.asks.find((ask) => ask.kind === 'decision');
  const currentOptions: DecisionOption[] = currentChoice?.kind === 'decision' ? currentChoice.options : [];
  const options = opts.option.length > 0 ? parseOptions(opts.option) : null;
  const optionCount = options?.length ?? currentOptions.length;
  const question = opts.question?.trim();
  const edit: Record<string, unknown> = {};
  if (question) edit.question = question;
  // A cast decide question is one decision ask whose prompt is the question: keep them together.
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

  const { decision } = await whileOpen(api, id, 'edit', () =>
    api.request(decisionRoutes.editDecision, { params: { id }, body: body.data }),
  );
  const card = { notes: cardNotes(decision), openInSession: [], staleHint: null };
  emit(Boolean(opts.json), cardLines(decision, card, 'rewritten in place'), cardJson(decision, card));
}
