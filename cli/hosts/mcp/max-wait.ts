/** Under the ~60 s after which MCP clients give up on a tool call: the longest `wait_for_decision` holds one. */
export const MAX_WAIT_SECONDS = 50;
