/**
 * What every `cast mcp` tool returns: the structured content its output schema declares
 * (domain/mcp-tool-results-schema.ts), and the same object serialized as text for clients that
 * read only text (MCP's advice for backwards compatibility). Failures are thrown; the SDK turns
 * them into `isError` results.
 */
import type { z } from 'zod';
import type { Client } from '../../http';

export type ToolDeps = {
  api: Client;
  /**
   * The asking session for a tool call, from its `_meta`: CAST_SESSION, else the host's
   * conversation (CLAUDE_CODE_SESSION_ID, or the Codex thread the call names), else this
   * machine's default (as for `cast decide`).
   */
  session: (meta?: Record<string, unknown>) => string;
  /** The longest `wait_for_decision` holds a call: 50 s, under the ~60 s clients allow a tool call. */
  maxWaitSeconds: number;
  /** The project a filing is asked in; absent → the repository `cast mcp` runs in. */
  scope?: () => string;
  /** A decision's page in the web queue, for a task's completed result (a filing's own card names it otherwise). */
  pageUrl: (decisionId: string) => string;
};

/**
 * The result of a tool whose output schema is `schema`: the body is typed by it, and the SDK
 * checks it against it before sending (the schemas are strict, so a key the schema does not
 * name fails there, as it would in every client that validates).
 */
export function structured<S extends z.ZodType<Record<string, unknown>>>(_schema: S, body: z.infer<S>) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(body) }], structuredContent: body };
}

/** Cast's tools touch only Cast's own queue: a closed world, never the outside one. */
export const CLOSED_WORLD = { openWorldHint: false } as const;
