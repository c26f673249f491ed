/**
 * The decision's wire shapes: what an agent files, edits and answers. One schema per shape;
 * the API validates with these. Kept apart from `decision.ts`, which the workflow bundle
 * imports and which must stay zod-free.
 */
import { z } from 'zod';
import { AssigneeTarget } from './assignment';
import { someFields } from './some-fields';
import { filledText, trimmedText } from './text-fields';
import { AnswerValue, Ask, Reason } from './ask-schema';
import { capAsks, DecisionMode, MAX_ASKS } from './decision';
import { advisoryDefaultIssue, hasOption } from './decision-content-rules';
import { DocumentEditFields, DocumentFields } from './documents-schema';
import { StackId } from './ids';
import { refineAskLabels } from './option-labels-schema';
import { SessionId } from './session';

export { DecisionId } from './ids';

const LinkId = filledText(200);

/** What can change on an open decision: filing it again or editing it rewrites these. */
const DecisionContent = {
  question: filledText(1000),
  context: trimmedText(4000).optional(),
  asks: z.array(Ask).min(1).max(MAX_ASKS),
  mode: z.enum(DecisionMode).default('blocking'),
  /** The option (of the first decision ask) an advisory decision proceeds on until answered. */
  defaultOption: z.number().int().min(1).max(25).optional(),
  /** How sure the agent is, 0–1; unscored ranks as 0.5 (FR-4). */
  confidence: z.number().min(0).max(1).optional(),
  /** What the agent already tried (FR-10). */
  attempts: z.array(filledText(1000)).max(20).optional(),
};

/**
 * Content alone, with the rule that spans its fields: what a projected record must satisfy.
 * Option labels are checked where options come in (filing, editing, raising an escalation),
 * not here: a record already stored is projected as it is.
 */
export const DecisionContentSchema = z.strictObject(DecisionContent).superRefine((body, ctx) => advisoryHasDefault(body, ctx));

/** The rules spanning fields live in `decision-content-rules.ts`, where `mergeEdit` checks an edit with them. */
function advisoryHasDefault(body: Parameters<typeof advisoryDefaultIssue>[0], ctx: z.RefinementCtx) {
  const issue = advisoryDefaultIssue(body);
  if (issue) ctx.addIssue({ code: 'custom', ...issue });
}

/** Option pages must belong to an option of a decision ask. */
function optionPagesFit(
  body: { asks?: Ask[] | undefined; optionPages?: Array<{ ask: number; option: number }> | undefined },
  ctx: z.RefinementCtx,
) {
  // An edit that leaves the asks alone is checked against them once merged (mergeEdit).
  const { asks } = body;
  if (!asks) return;
  body.optionPages?.forEach((page, index) => {
    if (!hasOption(asks, page.ask, page.option)) {
      ctx.addIssue({
        code: 'custom',
        path: ['optionPages', index],
        message: `Ask ${page.ask} has no option ${page.option} to attach a page to.`,
      });
    }
  });
}

export const FileDecisionBody = z
  .strictObject({
    ...DecisionContent,
    ...DocumentFields,
    /** The asking session: the host's own conversation id (DESIGN §4). */
    session: SessionId.optional(),
    /** The project the session works in. */
    scope: filledText(200).optional(),
    agent: LinkId.optional(),
    task: LinkId.optional(),
    run: LinkId.optional(),
    /** Appends the decision to this stack (`--stack ds-7`). */
    stack: StackId.optional(),
    /** Whom it is for (issue 41 item 1): `@dana` or `team:infra`; absent, everyone. */
    to: AssigneeTarget.optional(),
  })
  .superRefine((body, ctx) => {
    advisoryHasDefault(body, ctx);
    refineAskLabels(body.asks, ctx);
    optionPagesFit(body, ctx);
  });
export type FileDecisionBody = z.infer<typeof FileDecisionBody>;

/**
 * Filing as the API reads it (E10): asks past the tenth are dropped before the rest is
 * validated, so an over-long decision is filed with its first 10 rather than refused.
 */
export const FileDecisionRequest = z.preprocess(
  (raw: z.input<typeof FileDecisionBody>) => capAsks(raw).body,
  FileDecisionBody.meta({ id: 'FileDecisionBody' }),
);

/** An agent's edit of its open decision: any content field; `mode: "blocking"` clears the default. */
export const EditDecisionBody = someFields(
  z.strictObject({
    question: DecisionContent.question.optional(),
    context: DecisionContent.context,
    asks: DecisionContent.asks.optional(),
    mode: z.enum(DecisionMode).optional(),
    defaultOption: DecisionContent.defaultOption,
    confidence: DecisionContent.confidence,
    attempts: DecisionContent.attempts,
    ...DocumentEditFields,
  }),
  'Send at least one field to change.',
).superRefine((body, ctx) => {
  refineAskLabels(body.asks, ctx);
  optionPagesFit(body, ctx);
});
export type EditDecisionBody = z.infer<typeof EditDecisionBody>;

export const AnswerBody = z.strictObject({
  answer: AnswerValue,
  reason: Reason.optional(),
});
export type AnswerBody = z.infer<typeof AnswerBody>;
