import { expect } from 'vitest';
import { ProblemError } from '../../client/request';
import type { Problem } from '../../domain/problem';

export type { Problem };

/**
 * Asserts a refusal with this status and code, naming its request (`instance`), and returns its
 * problem document without `instance` — each request has its own, so two refusals that must
 * read alike compare equal. Takes a raw
 * `Response` (a deliberately bad request: its media type is checked too) or a typed call's
 * promise (test/support/typed-calls.ts), which must reject with a `ProblemError`.
 */
export async function expectProblem(answer: Response | Promise<unknown>, status: number, code: string): Promise<Problem> {
  const settled = await Promise.resolve(answer).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ('error' in settled) {
    if (!(settled.error instanceof ProblemError)) throw settled.error;
    return checked(settled.error.problem, settled.error.problem.status, status, code);
  }
  const response = settled.value;
  if (!(response instanceof Response)) return expect.fail(`expected a ${status} ${code} refusal, got ${JSON.stringify(response)}`);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return checked((await response.json()) as Problem, response.status, status, code);
}

function checked(problem: Problem, answered: number, status: number, code: string): Problem {
  expect({ status: answered, code: problem.code }).toEqual({ status, code });
  expect(problem.detail.length).toBeGreaterThan(0);
  const { instance, ...rest } = problem;
  expect(instance).toMatch(/^urn:cast:request:[A-Za-z0-9][\w.:-]*$/);
  return rest;
}

/** A typed call's outcome, succeeded or refused: for races, where either may happen. */
export async function outcomeOf(reply: Promise<{ status: number }>): Promise<{ status: number; code: string | null }> {
  try {
    return { status: (await reply).status, code: null };
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    return { status: error.status, code: error.code };
  }
}
