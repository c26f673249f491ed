/**
 * Codex's PermissionRequest hook input, as `cast hook codex` reads it: the JSON on stdin
 * (session_id, which is Codex's thread id; turn_id; cwd; the tool and its input). Unlike Claude
 * Code's it carries no call id. The decision printed on stdout is verdict.ts's.
 * Format: https://developers.openai.com/codex/hooks ("PermissionRequest").
 */
import { z } from 'zod';

/** Unknown fields are kept and ignored: Codex adds fields between versions. */
export const CodexPermissionRequest = z.looseObject({
  session_id: z.string().min(1).max(200),
  hook_event_name: z.literal('PermissionRequest'),
  tool_name: z.string().trim().min(1).max(200),
  tool_input: z.record(z.string(), z.unknown()).default({}),
  turn_id: z.string().optional(),
  cwd: z.string().optional(),
  transcript_path: z.string().nullish(),
  model: z.string().optional(),
});
export type CodexPermissionRequest = z.infer<typeof CodexPermissionRequest>;
