/**
 * Permission prompts and terminal questions (cast-decide "Permission prompts in the same
 * queue"): a host puts its agent's tool-permission request, or a question the agent asked in
 * its terminal, into the queue. Neither has an authored payload, so the card shows what the
 * session last said and its pinned state. A permission card answers with y / n only.
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import { Ask } from './ask-schema';
import { DISTINCT_LABELS } from './option-labels-schema';
import { ACTION_SUMMARY_MAX } from './asks/approval-ask-schema';
import type { DecisionContent } from './decision';

const Pinned = filledText(4000).optional();
const RequestId = filledText(200).optional();

export const HostPromptBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('permission'),
    /** The tool the agent wants to use, as the host names it (`Bash`, `mcp__github__create_pr`). */
    tool: filledText(200),
    /** What it would do with it, summarised by the host (the command, the file, the URL). */
    input: filledText(4000).optional(),
    requestId: RequestId,
    pinned: Pinned,
  }),
  z.strictObject({
    kind: z.literal('terminal'),
    question: filledText(1000),
    options: z.array(filledText(200)).min(2).max(9).meta(DISTINCT_LABELS).optional(),
    requestId: RequestId,
    pinned: Pinned,
  }),
]);
export type HostPromptBody = z.infer<typeof HostPromptBody>;

export function permissionQuestion(tool: string): string {
  return `Allow ${tool}?`;
}

export function hostPromptDecision(body: HostPromptBody): DecisionContent {
  if (body.kind === 'permission') {
    const question = permissionQuestion(body.tool);
    const ask = Ask.parse({
      kind: 'approval',
      prompt: question,
      action: { kind: 'other', summary: actionSummary(body.input ?? body.tool) },
    });
    return { question, asks: [ask], mode: 'blocking' };
  }
  const ask = Ask.parse(
    body.options
      ? { kind: 'decision', prompt: body.question, options: body.options.map((label) => ({ label })) }
      : { kind: 'fact', prompt: body.question },
  );
  return { question: body.question, asks: [ask], mode: 'blocking' };
}

/**
 * What a permission card's approval ask says the tool would do, on one line: a host's input may
 * run to 4000 characters over many lines and is kept whole as the decision's context, while the
 * summary folds its whitespace and keeps its start, cut between characters (never inside a
 * surrogate pair). `cast hook` summarises with it too.
 */
export function actionSummary(input: string): string {
  const text = input.replace(/\s+/g, ' ').trim();
  if (text.length <= ACTION_SUMMARY_MAX) return text;
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > ACTION_SUMMARY_MAX - 1) break;
    kept += character;
  }
  return `${kept.trimEnd()}…`;
}
