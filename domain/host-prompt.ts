/**
 * Permission prompts and terminal questions (cast-decide "Permission prompts in the same
 * queue"): a host puts its agent's tool-permission request, or a question the agent asked in
 * its terminal, into the queue. Neither has an authored payload, so the card shows what the
 * session last said and its pinned state. A permission card answers with y / n only.
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import { ALWAYS_ALLOWS_MAX, ALWAYS_ALLOW_TEXT_MAX, HOST_INPUT_MAX } from './limits';
import { toolInputText } from './tool-input';
import { Timestamp } from './decision-view-schema';
import { Ask } from './ask-schema';
import { DISTINCT_LABELS, labelText, refineLabels } from './option-labels-schema';
import { ACTION_SUMMARY_MAX } from './asks/approval-ask-schema';
import type { DecisionContent } from './decision';

const Pinned = filledText(4000).optional();
const RequestId = filledText(200).optional();
/** The project the session works in: filing a prompt registers its session (issue 31 item 1), so the host need not first. */
const Scope = filledText(200).optional();
/**
 * When the host stops waiting for the answer (issue 31 item 5): past it, an open card is
 * withdrawn, since nobody would act on its answer. None: someone picks the answer up whenever
 * it comes (a deferred run resumed by its restart).
 */
const WaitsUntil = Timestamp.optional();
/**
 * The session's run the prompt holds parked (a deferred `claude -p` call, issue 38 item 4): that
 * run restarts only when this card, and every other one linked to it, is answered.
 */
const Run = filledText(200)
  .optional()
  .meta({ description: "The session's parked run this prompt holds: only the answers to the prompts linked to it restart it." });
/**
 * The allow rules the host keeps when the person approves with "always" (issue 31 item 9), in
 * the host's own notation (`Bash(touch a.txt)`): only a host that can keep one sends them
 * (Claude Code's PermissionRequest), and only then does the card offer "Approve, and always allow".
 */
export const AlwaysAllows = z
  .array(filledText(ALWAYS_ALLOW_TEXT_MAX))
  .min(1)
  .max(ALWAYS_ALLOWS_MAX)
  .optional()
  .meta({ description: 'The allow rules the host keeps on an "always" approve, as the host writes them (`Bash(touch a.txt)`).' });

/** Characters the tool input takes as JSON, as `HOST_INPUT_MAX` counts them. */
function jsonLength(value: unknown): number {
  return [...JSON.stringify(value)].length;
}

/**
 * The host's whole tool input, as it sent it (issue 31 item 2): a Write's content, an Edit's
 * old and new strings, a Bash command and its description. At most `HOST_INPUT_MAX` characters as JSON.
 */
export const ToolInput = z
  .record(z.string(), z.unknown())
  .check((ctx) => {
    const length = jsonLength(ctx.value);
    if (length > HOST_INPUT_MAX)
      ctx.issues.push({
        code: 'custom',
        message: `toolInput is ${length} characters as JSON; Cast keeps at most ${HOST_INPUT_MAX}.`,
        input: ctx.value,
      });
  })
  .meta({ description: `The tool's whole input as the host sent it, at most ${HOST_INPUT_MAX} characters as JSON.` });
export type ToolInput = z.infer<typeof ToolInput>;

export const HostPromptBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('permission'),
    /** The tool the agent wants to use, as the host names it (`Bash`, `mcp__github__create_pr`). */
    tool: filledText(200),
    /** What it would do with it, summarised by the host (the command, the file, the URL); derived from `toolInput` when omitted. */
    input: filledText(HOST_INPUT_MAX).optional(),
    toolInput: ToolInput.optional(),
    requestId: RequestId,
    pinned: Pinned,
    scope: Scope,
    waitsUntil: WaitsUntil,
    alwaysAllows: AlwaysAllows,
    run: Run,
  }),
  z
    .strictObject({
      kind: z.literal('terminal'),
      question: filledText(1000),
      options: z.array(labelText(200)).min(2).max(9).meta(DISTINCT_LABELS).optional(),
      requestId: RequestId,
      pinned: Pinned,
      scope: Scope,
      waitsUntil: WaitsUntil,
    })
    // The one label rule every door that takes options keeps (issue 38 item 13): ["0", "0"] is 422.
    .superRefine((body, ctx) => {
      if (body.options) refineLabels(body.options, ctx, (index) => ['options', index]);
    }),
]);
export type HostPromptBody = z.infer<typeof HostPromptBody>;

export function permissionQuestion(tool: string): string {
  return `Allow ${tool}?`;
}

/** What a permission card says the tool would do, whole: the host's own words, else the telling part of its tool input. */
export function permissionInput(body: Extract<HostPromptBody, { kind: 'permission' }>): string | undefined {
  return body.input ?? (body.toolInput ? toolInputText(body.toolInput) : undefined);
}

export function hostPromptDecision(body: HostPromptBody): DecisionContent {
  if (body.kind === 'permission') {
    const question = permissionQuestion(body.tool);
    const input = permissionInput(body);
    const ask = Ask.parse({
      kind: 'approval',
      prompt: question,
      action: { kind: 'other', summary: actionSummary(input ?? body.tool) },
    });
    return { question, asks: [ask], mode: 'blocking', ...(input ? { context: input } : {}) };
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
 * run to HOST_INPUT_MAX characters over many lines and is kept whole as the decision's context, while the
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
