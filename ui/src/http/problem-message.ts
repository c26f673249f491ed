/**
 * What the UI says when a call fails: a refusal in the catalogue's words for its code and values
 * (problem-words.ts, FR-63), else that Cast could not be reached or answered what this page cannot read.
 */
import i18next from 'i18next';
import { ProblemError, UnreachableError } from '../../../client/request';
import { problemWords } from './problem-words';

export function problemMessage(error: unknown): string {
  if (error instanceof ProblemError) return problemWords(i18next.t.bind(i18next), error.problem);
  return i18next.t(error instanceof UnreachableError ? 'problems.unreachable' : 'problems.unexpected');
}

/** E15: another workspace's id and a missing one both read "Not found." */
export function isNotFound(error: unknown): boolean {
  return error instanceof ProblemError && error.status === 404;
}

/** A refusal because someone else got there first: the page shows what they did, and says so plainly. */
export function isOvertaken(error: unknown): boolean {
  return error instanceof ProblemError && ['ask_already_answered', 'decision_closed'].includes(error.problem.code);
}
