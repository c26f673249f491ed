/**
 * Cast's refusal as the CLI raises it: the problem kept whole, with the exit code it maps to.
 * Apart from http.ts so the hook's declaration can tell a refusal from its own usage error
 * without loading the HTTP client (and zod) at start-up.
 */
import type { Problem } from '../domain/problem';
import { CliError, Exit, type ExitCode } from './output';

/** Cast refused: its problem, kept whole (`invalid_order` adds `missing`, `extra`, `repeated`). */
export class ApiError extends CliError {
  constructor(readonly problem: Problem) {
    super(problem.detail, exitCodeOf(problem), { status: problem.status }, problem.code);
  }
}

function exitCodeOf(problem: Problem): ExitCode {
  if (problem.status === 429) return Exit.rateLimited;
  // Only a person may do this (DESIGN §8): its own code, so an agent's script can tell it from a bad token.
  if (problem.code === 'forbidden_for_agent') return Exit.personOnly;
  if (problem.status === 401 || problem.status === 403 || problem.code === 'session_not_found') return Exit.notAllowed;
  if (problem.code === 'decision_archived') return Exit.closed;
  if (problem.status === 409) return Exit.conflict;
  // Not 2: that is the CLI's own refusal, before anything is sent (docs/cli.md, exit codes).
  if (problem.status === 400 || problem.status === 422) return Exit.refused;
  return Exit.error;
}
