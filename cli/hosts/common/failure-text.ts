/**
 * Why no answer could be had from Cast, in one sentence for a person or a model: unreachable,
 * token refused, input refused, server failing, rate-limited, not signed in, a bad payload.
 */
import { ApiError } from '../../api-error';
import { CliError } from '../../output';

/** `asker`: who failed, for an error Cast did not describe (`cast hook codex`, `cast acp`). */
export function failureText(error: unknown, asker = 'cast'): string {
  if (error instanceof ApiError) {
    const { status, code, detail } = error.problem;
    if (status === 401 || status === 403) return `Cast refused the token (${status} ${code}): ${detail}`;
    if (status === 429) return detail;
    if (status >= 500) return `Cast failed (${status} ${code}): ${detail}`;
    return `Cast refused this tool call (${status} ${code}): ${detail}`;
  }
  if (error instanceof CliError) return error.message;
  return `${asker} failed: ${error instanceof Error ? error.message : String(error)}`;
}
