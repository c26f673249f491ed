/**
 * Slack's documented Block Kit shapes, for the block and element types Cast sends, written from
 * Slack's reference (docs.slack.dev/reference/block-kit: blocks, block elements, composition
 * objects) and not from Cast's renderer, so a payload Slack would refuse fails the stand-in.
 * Strict objects: a field Slack does not define is refused too.
 */
import { z } from 'zod';

/** Characters as Slack counts them (code points). */
const chars = (max: number, min = 1) =>
  z.string().refine((text) => [...text].length >= min && [...text].length <= max, { message: `must be ${min}–${max} characters` });

const plainText = (max: number) => z.strictObject({ type: z.literal('plain_text'), text: chars(max), emoji: z.boolean().optional() });
const mrkdwn = (max: number) => z.strictObject({ type: z.literal('mrkdwn'), text: chars(max), verbatim: z.boolean().optional() });
const blockId = chars(255).optional();

/** Button element: text ≤ 75, action_id ≤ 255, url ≤ 3000, value ≤ 2000, style primary | danger. */
const button = z
  .strictObject({
    type: z.literal('button'),
    text: plainText(75),
    action_id: chars(255).optional(),
    url: chars(3000).pipe(z.url()).optional(),
    value: chars(2000).optional(),
    style: z.enum(['primary', 'danger']).optional(),
    accessibility_label: chars(75).optional(),
  })
  .refine((element) => element.url !== undefined || element.value !== undefined, { message: 'a button answers (value) or links (url)' });

/** Header: plain_text ≤ 150. Section: text ≤ 3000. Context: 1–10 text elements. Actions: 1–25 elements. */
export const BlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('header'), block_id: blockId, text: plainText(150) }),
  z.strictObject({ type: z.literal('section'), block_id: blockId, text: z.union([plainText(3000), mrkdwn(3000)]) }),
  z.strictObject({
    type: z.literal('context'),
    block_id: blockId,
    elements: z
      .array(z.union([plainText(3000), mrkdwn(3000)]))
      .min(1)
      .max(10),
  }),
  z.strictObject({ type: z.literal('actions'), block_id: blockId, elements: z.array(button).min(1).max(25) }),
  z.strictObject({ type: z.literal('divider'), block_id: blockId }),
]);

/** A message's blocks: at most 50, each block_id unique, each action_id unique within the message. */
export const MessageBlocks = z
  .array(BlockSchema)
  .min(1)
  .max(50)
  .refine((blocks) => unique(blocks.flatMap((block) => (block.block_id ? [block.block_id] : []))), { message: 'block_id repeats' })
  .refine(
    (blocks) =>
      unique(
        blocks.flatMap((block) => (block.type === 'actions' ? block.elements.flatMap((e) => (e.action_id ? [e.action_id] : [])) : [])),
      ),
    { message: 'action_id repeats within the message' },
  );

function unique(ids: string[]): boolean {
  return new Set(ids).size === ids.length;
}
