/** What the UI says when a call fails: the server's own words for a refusal, else what went wrong. */
import { ProblemError } from '../../../client/request';

export function problemMessage(error: unknown): string {
  if (error instanceof ProblemError) return error.problem.detail;
  return error instanceof Error ? error.message : String(error);
}

/** The refusal's stable code, to branch on; null for anything that is not a refusal. */
export function problemCode(error: unknown): string | null {
  return error instanceof ProblemError ? error.code : null;
}

/** E15: another workspace's record and a missing one both read "Not found." */
export function isNotFound(error: unknown): boolean {
  return error instanceof ProblemError && error.status === 404;
}
