/**
 * Filing one choice into the queue, shared by `cast decide` and the MCP `decide` tool: the
 * body (one decision ask whose prompt is the question, in the asking session and its scope),
 * checked with domain's FileDecisionBody, then posted — and placed in its stack, if named.
 */
import type { DecisionOption } from '../../../domain/ask-schema';
import type { DecisionView } from '../../../domain/decision';
import { FileDecisionBody } from '../../../domain/decision-schema';
import type { FilingCard } from '../../../domain/decision-view-schema';
import type { OptionPage } from '../../../domain/documents-schema';
import { refusalOf, refusalWords, type FieldNames } from '../../../domain/refusal-words';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { scope } from '../../config';
import type { Client } from '../../http';
import { usageError } from '../../output';
import { stackPlace, type StackPlace } from '../stack/place';
import { onStack } from '../stack/stack-input';

export type DecisionDraft = {
  question: string;
  context?: string | undefined;
  options: DecisionOption[];
  mode: 'blocking' | 'advisory';
  defaultOption?: number | undefined;
  report?: string | undefined;
  doc?: string | undefined;
  optionPages?: OptionPage[];
  stack?: string | undefined;
  /** Whom it is for: `@dana` or `team:infra` (issue 41 item 1). */
  to?: string | undefined;
};

/**
 * The draft's words for the body's fields: its one ask is the decision itself, so
 * `asks.0.options.1` is "option 2", and the ask's prompt is the question (said once).
 */
export const draftNames: FieldNames = (path) =>
  path[0] === 'asks' && path[1] === 0 ? (path[2] === 'prompt' ? ['question'] : path.slice(2)) : path;
const draftWords = refusalWords(draftNames);

/** The POST body, or a usage error: one sentence for each field the schema refuses. */
/** `where`: the project it is asked in; this directory's repository unless the caller knows better (Cast's own `/mcp` has no directory). */
export function fileBody(draft: DecisionDraft, session: string, where: string = scope()): FileDecisionBody {
  const question = draft.question.trim();
  const body = FileDecisionBody.safeParse(
    {
      question,
      ...(draft.context ? { context: draft.context } : {}),
      asks: [{ kind: 'decision', prompt: question, options: draft.options }],
      mode: draft.mode,
      ...(draft.defaultOption !== undefined ? { defaultOption: draft.defaultOption } : {}),
      ...(draft.report ? { report: draft.report } : {}),
      ...(draft.doc ? { doc: draft.doc } : {}),
      ...(draft.optionPages?.length ? { optionPages: draft.optionPages } : {}),
      session,
      scope: where,
      ...(draft.stack ? { stack: draft.stack } : {}),
      ...(draft.to ? { to: draft.to } : {}),
    },
    { error: draftWords },
  );
  if (!body.success) throw usageError(refusalOf(body.error));
  return body.data;
}

export type Posted = { created: boolean; decision: DecisionView; card: FilingCard; stack: StackPlace | null };

export async function postDecision(api: Client, body: FileDecisionBody): Promise<Posted> {
  const post = () => api.exchange(decisionRoutes.fileDecision, { body });
  const { status, body: filed } = await (body.stack ? onStack(body.stack, post) : post());
  const stack = body.stack ? await stackPlace(api, body.stack, filed.decision) : null;
  // 200: the same question from this session rewrote the open decision (a retry after a crash).
  return { created: status === 201, decision: filed.decision, card: filed.card, stack };
}
