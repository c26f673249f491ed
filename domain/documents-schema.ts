/**
 * The wire shapes of a decision's documents. Kept apart from `documents.ts`, which the
 * workflow bundle imports and which must stay zod-free.
 */
import { z } from 'zod';
import { characters, filledText } from './text-fields';
import { DOC_MAX, HTML_MAX } from './documents';

const Html = characters(HTML_MAX).min(1);
const Doc = filledText(DOC_MAX);

export const OptionPage = z.strictObject({
  ask: z.number().int().min(1).max(10).default(1),
  option: z.number().int().min(1).max(25),
  html: Html,
});
export type OptionPage = z.infer<typeof OptionPage>;

/** Filing: each document as its content. */
export const DocumentFields = {
  report: Html.optional(),
  doc: Doc.optional(),
  optionPages: z.array(OptionPage).max(25).optional(),
};

/** Editing: a document's new content, or `null` to remove it. */
export const DocumentEditFields = {
  report: Html.nullable().optional(),
  doc: Doc.nullable().optional(),
  optionPages: z.array(OptionPage).max(25).optional(),
};

/** What a decision keeps: the hash of each document; option pages keyed "ask.option". */
export const DocumentRefs = z
  .object({
    report: z.string().optional(),
    doc: z.string().optional(),
    options: z.record(z.string().regex(/^\d+\.\d+$/), z.string()).optional(),
  })
  .meta({
    id: 'DocumentRefs',
    description: 'The hash of each document the decision has; read them at `/decisions/{id}/documents/{name}`.',
  });
export type DocumentRefs = z.infer<typeof DocumentRefs>;

/** URL names: `report`, `doc`, `option-<ask>-<option>`. */
export const DocumentName = z.string().regex(/^(report|doc|option-(10|[1-9])-(2[0-5]|1[0-9]|[1-9]))$/);
