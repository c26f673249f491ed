/**
 * A host's whole tool input as a schema (issue 31 item 2): what a permission prompt carries, and
 * what a person's edit of it returns (issue 43 item 6). Bounded as Cast keeps it.
 */
import { z } from 'zod';
import { HOST_INPUT_MAX } from './limits';

/** Characters the tool input takes as JSON, as `HOST_INPUT_MAX` counts them. */
function jsonLength(value: unknown): number {
  return [...JSON.stringify(value)].length;
}

/**
 * A tool input, whole (a Write's content, an Edit's old and new strings, a Bash command and its
 * description), at most `HOST_INPUT_MAX` characters as JSON; a refusal names the field carrying it.
 */
export const toolInputNamed = (field: string) =>
  z.record(z.string(), z.unknown()).check((ctx) => {
    const length = jsonLength(ctx.value);
    if (length > HOST_INPUT_MAX)
      ctx.issues.push({
        code: 'custom',
        message: `${field} is ${length} characters as JSON; Cast keeps at most ${HOST_INPUT_MAX}.`,
        input: ctx.value,
      });
  });

export const ToolInput = toolInputNamed('toolInput').meta({
  description: `The tool's whole input as the host sent it, at most ${HOST_INPUT_MAX} characters as JSON.`,
});
export type ToolInput = z.infer<typeof ToolInput>;
