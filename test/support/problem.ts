import { expect } from 'vitest';

export type Problem = { code: string; detail: string; status: number; title: string; [key: string]: unknown };

/** Asserts a problem+json answer with this status and code, and returns its body. */
export async function expectProblem(response: Response, status: number, code: string): Promise<Problem> {
  const body = (await response.json()) as Problem;
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}
