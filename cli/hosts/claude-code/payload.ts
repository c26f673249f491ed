/**
 * Claude Code's PreToolUse hook, as `cast hook claude-code` reads it: the JSON on stdin
 * (common fields plus tool_name, tool_input, tool_use_id; PermissionRequest's is the same without
 * tool_use_id and with permission_suggestions), and what the tool would do, whole,
 * for the permission card (Cast keeps it as the card's context and cuts the one-line summary
 * itself). The decision printed on stdout is verdict.ts's.
 * Format: https://code.claude.com/docs/en/hooks ("PreToolUse input", "PreToolUse decision control").
 */
import { z } from 'zod';

/** Unknown fields are kept and ignored: Claude Code adds fields between versions. */
export const PreToolUseInput = z.looseObject({
  session_id: z.string().min(1).max(200),
  hook_event_name: z.string(),
  tool_name: z.string().trim().min(1).max(200),
  tool_input: z.record(z.string(), z.unknown()).default({}),
  tool_use_id: z.string().trim().min(1).max(200).optional(),
  cwd: z.string().optional(),
  transcript_path: z.string().optional(),
  permission_mode: z.string().optional(),
  /** PermissionRequest only: the rules Claude Code would offer to keep ("Yes, and don't ask again for…"). */
  permission_suggestions: z.array(z.unknown()).optional(),
});
export type PreToolUseInput = z.infer<typeof PreToolUseInput>;

/** What the tool would do, whole (the permission card's context): Cast's own reading of a tool input. */
export { toolInputText } from '../../../domain/tool-input';
