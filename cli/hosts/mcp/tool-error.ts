/**
 * Why a tool call failed, in the tool's own words. A problem from Cast speaks the HTTP API
 * (its bodies, its fields); a tool's caller only knows the tool's arguments. Each tool names
 * the codes it rewords; the ones every tool can meet are worded here. The SDK turns a thrown
 * error's message into the `isError` result the agent reads.
 */
import type { Problem } from '../../../domain/problem';
import { refusalWords } from '../../../domain/refusal-words';
import { endSentence } from '../../../domain/sentence';
import { ApiError } from '../../api-error';
import { CliError } from '../../output';

/** A failure the tool has already put in its own words. */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** A tool's sentences by problem code; the problem is there when Cast answered one. */
export type ToolWords = Record<string, (problem: Problem | null) => string>;

/** What any tool may meet. `forbidden_for_agent` is worded by each tool, since it says what a person must do. */
const EVERY_TOOL: ToolWords = {
  // The detail already says how to sign in again (cli/http.ts); the server reads its token once, at start.
  unauthorized: (problem) => `Cast refused the token cast mcp runs with. ${endSentence(problem?.detail ?? '')} Then restart cast mcp.`,
  forbidden_for_agent: () => 'A person must do this in Cast; agent tokens cannot.',
};

/** The refusal's code: Cast's problem code, or the CLI's own (`stack_not_found` named by id, `unreachable`). */
export function codeOf(error: unknown): string | null {
  return error instanceof CliError ? error.code : null;
}

/** The error to throw from a tool: reworded when the tool or every tool has words for its code, else as it came. */
export function inToolWords(error: unknown, words: ToolWords): unknown {
  const code = codeOf(error);
  const say = code === null ? undefined : (words[code] ?? EVERY_TOOL[code]);
  if (!say) return error;
  return new ToolError(say(error instanceof ApiError ? error.problem : null));
}

/**
 * For a tool's argument schemas, `z.string(ARGUMENT_WORDS)`: the SDK checks the arguments
 * before the tool runs and reports zod's message, so the message is a sentence about the
 * argument ("The question is 1,200 characters; the limit is 1,000.") rather than "Too big".
 */
export const ARGUMENT_WORDS = { error: refusalWords() };
